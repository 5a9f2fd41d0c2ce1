/** How an order gets paid (and its money goes back): the built-in test page or Stripe Checkout. */
import type { Order } from '../orders/ordersRepository';

export interface PaymentLink {
  /** Where the payment tab is sent: the provider's page or our own `/pay/<payment token>`. */
  url: string;
  /** The provider's id for the payment (e.g. the Checkout Session id). */
  reference?: string;
}

export interface RefundRequest {
  /** The same key for every try of one refund: the provider makes it once, however often asked. */
  idempotencyKey: string;
  amountCents: number;
}

/** The payment provider said no to a refund (already refunded, no such payment…), in its words. */
export class PaymentRefundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentRefundRefused';
  }
}

/**
 * The payment provider did not answer (network, time-out, its outage): whether it refunded is not
 * known, and asking again with the same idempotency key is safe.
 */
export class PaymentProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderUnavailable';
  }
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createPaymentLink(order: Order): Promise<PaymentLink>;
  /**
   * Gives the shopper `amountCents` of the order's payment back; resolves with the provider's id
   * of the refund, throws PaymentRefundRefused or PaymentProviderUnavailable.
   */
  refund(order: Order, request: RefundRequest): Promise<{ reference: string }>;
}

export const TEST_PAYMENT_PATH_PREFIX = '/pay/';

/** The built-in payment page of an order: by its secret, or by the random id of an older order. */
export function testPaymentPath(order: Pick<Order, 'id' | 'paymentToken'>): string {
  return `${TEST_PAYMENT_PATH_PREFIX}${order.paymentToken ?? order.id}`;
}

/**
 * Built-in provider: our own test payment page, a same-origin path (the payment tab is ours). It
 * took no money, so its refund only names one (the owner's refund record keeps it).
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async createPaymentLink(order) {
      return { url: testPaymentPath(order) };
    },
    async refund(order, request) {
      // One reference per refund (its key), as a real provider gives: a second part refund is not the first.
      return { reference: `test-refund-${order.id}-${request.idempotencyKey}` };
    },
  };
}
