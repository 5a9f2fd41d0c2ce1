/** How an order gets paid: the built-in test page or Stripe Checkout, behind one interface. */
import type { Order } from '../orders/ordersRepository';

export interface PaymentLink {
  /** Where the payment tab is sent: the provider's page or our own `/pay/<id>`. */
  url: string;
  /** The provider's id for the payment (e.g. the Checkout Session id). */
  reference?: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createPaymentLink(order: Order): Promise<PaymentLink>;
}

export const TEST_PAYMENT_PATH_PREFIX = '/pay/';

/** Built-in provider: our own test payment page, a same-origin path (the payment tab is ours). */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async createPaymentLink(order) {
      return { url: `${TEST_PAYMENT_PATH_PREFIX}${order.id}` };
    },
  };
}
