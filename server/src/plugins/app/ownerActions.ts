/**
 * What the owner can do to an order (orders/ownerActions.ts), the same for the desk, the JSON API
 * and the CLI: every action goes through the order's state machine with its effects
 * (plugins/app/fulfillment.ts), and a refusal is an OwnerActionRefused that changed nothing.
 * Cancelling and refunding takes the order back from the print provider while it can still cancel,
 * then refunds the shopper through the payment provider exactly once (payments/orderRefunds.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { PrintProvider } from '../../fulfillment/printfulProvider';
import fp from 'fastify-plugin';
import { cleanShopperText } from '../../http/cleanText';
import { notFound } from '../../http/httpError';
import { NOT_YET_SHIPPED, type OrderState, type Tracking } from '../../orders/orderLife';
import { OwnerActionRefused, type OwnerActions } from '../../orders/ownerActions';
import {
  orderState,
  providerExternalId,
  type Applied,
  type Order,
} from '../../orders/ordersRepository';
import { createOrderRefunds } from '../../payments/orderRefunds';
import {
  createTestPaymentProvider,
  PaymentProviderUnavailable,
  PaymentRefundRefused,
  type PaymentProvider,
} from '../../payments/paymentProvider';
import { isOrderId } from '../../orders/orderNumber';

declare module 'fastify' {
  interface FastifyInstance {
    ownerActions: OwnerActions;
  }
}

export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 100;
export const MAX_TRACKING_URL_LENGTH = 500;
export const MAX_REASON_LENGTH = 300;
const DEFAULT_REASON = 'Cancelled by the owner';

/** States in which the print provider has (or may have) the order's current attempt. */
const MAY_BE_AT_PROVIDER: readonly OrderState[] = [
  'queued',
  'in_production',
  'on_hold',
  'failed',
  'cancelled',
];

const words = (state: OrderState) => state.replace(/_/g, ' ');
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
function refuse(code: string, message: string): never {
  throw new OwnerActionRefused(code, message);
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

const cleaned = (value: unknown) =>
  typeof value === 'string' ? cleanShopperText(value).trim() : '';

/** The tracking the owner typed, on one line and within bounds, or a refusal saying what to fix. */
export function checkTracking(tracking: Partial<Record<keyof Tracking, unknown>>): Tracking {
  const carrier = cleaned(tracking.carrier);
  const number = cleaned(tracking.number);
  const url = cleaned(tracking.url);
  if (carrier.length < 1 || carrier.length > MAX_CARRIER_LENGTH) {
    refuse('invalid_tracking', `The carrier must be 1 to ${MAX_CARRIER_LENGTH} characters.`);
  }
  if (number.length < 1 || number.length > MAX_TRACKING_NUMBER_LENGTH) {
    refuse(
      'invalid_tracking',
      `The tracking number must be 1 to ${MAX_TRACKING_NUMBER_LENGTH} characters.`,
    );
  }
  if (url !== '' && (url.length > MAX_TRACKING_URL_LENGTH || !isHttpUrl(url))) {
    refuse(
      'invalid_tracking',
      `The tracking link must be empty or an http(s) address of at most ${MAX_TRACKING_URL_LENGTH} characters.`,
    );
  }
  return { carrier, number, url };
}

/** Why the owner cancels, on one line; none given is said so. */
export function checkReason(reason: unknown): string {
  const text = cleaned(reason);
  if (text.length > MAX_REASON_LENGTH) {
    refuse('invalid_reason', `The reason must be at most ${MAX_REASON_LENGTH} characters.`);
  }
  return text || DEFAULT_REASON;
}

async function ownerActionsPlugin(app: FastifyInstance) {
  const { orders } = app.repositories;
  const fulfillment = app.orderFulfillment;
  const refunds = createOrderRefunds(app.db);
  const { printProvider } = app;
  const testPayments = createTestPaymentProvider();

  async function existing(orderId: string): Promise<Order> {
    const order = isOrderId(orderId) ? await orders.find(orderId) : undefined;
    if (!order) throw notFound('There is no order with this id.');
    return order;
  }

  /** The action's outcome, or its refusal (with the state machine's reason) when it did not apply. */
  function moved(applied: Applied, code: string, refusal: string): Applied {
    const { order, decision } = applied;
    if (!order || !decision) throw notFound('There is no order with this id.');
    if (!decision.moves) refuse(code, `${refusal}: ${decision.reason}.`);
    return applied;
  }

  /** The provider that took the order's money; the built-in one took none, so it always can. */
  function paymentsFor(order: Order): PaymentProvider {
    if (order.paymentProvider === app.paymentProvider.name) return app.paymentProvider;
    if (order.paymentProvider === testPayments.name) return testPayments;
    return refuse(
      'payment_provider_missing',
      `Order ${order.id} was paid through ${order.paymentProvider}, which is not configured now: refund it in ${order.paymentProvider}'s dashboard.`,
    );
  }

  /**
   * Takes the order back from the print provider when it has (or may have) it: refused, changing
   * nothing, once the provider has started making it. A queued order is taken off the queue first,
   * so the print queue cannot send it while the provider is asked.
   */
  async function cancelAtPrintProvider(order: Order, reason: string): Promise<void> {
    const state = orderState(order);
    if (!MAY_BE_AT_PROVIDER.includes(state)) return;
    if (!printProvider) {
      if (state === 'in_production' || state === 'on_hold') {
        refuse(
          'no_print_provider',
          `Order ${order.id} is ${words(state)} at the print provider, and no print provider is configured (PRINT_PROVIDER_API_KEY) to cancel it there.`,
        );
      }
      return;
    }
    let dequeued = false;
    if (state === 'queued') {
      const applied = await fulfillment.apply(
        order.id,
        { type: 'cancelled_by_owner', reason },
        'owner',
      );
      dequeued = applied.decision?.moves === true;
    }
    const already = dequeued ? ' It was taken off the print queue (cancelled).' : '';
    const externalId = providerExternalId(order);
    let answer: Awaited<ReturnType<PrintProvider['cancel']>>;
    try {
      answer = await printProvider.cancel(externalId);
    } catch (error) {
      return refuse(
        'print_provider_unavailable',
        `The print provider could not be asked to cancel order ${order.id} (${errorMessage(error)}); nothing was refunded. Try again.${already}`,
      );
    }
    if (answer.outcome === 'refused') {
      app.log.warn(
        { orderId: order.id, externalId, providerStatus: answer.status },
        'the print provider would not cancel the order',
      );
      refuse(
        answer.started ? 'provider_started' : 'provider_refused',
        `${answer.message}.${already}`,
      );
    }
    app.log.info(
      { orderId: order.id, externalId, outcome: answer.outcome },
      'order cancelled at the print provider',
    );
    if (!dequeued && state !== 'cancelled') {
      await fulfillment.apply(order.id, { type: 'cancelled_by_owner', reason }, 'owner');
    }
  }

  /** Once the money went back: the order is cancelled (if it was not) and refunded, the shopper told. */
  async function settleRefunded(orderId: string, reason: string): Promise<Applied> {
    const order = await existing(orderId);
    const state = orderState(order);
    if (state !== 'cancelled' && NOT_YET_SHIPPED.includes(state)) {
      await fulfillment.apply(orderId, { type: 'cancelled_by_owner', reason }, 'owner');
    }
    const applied = await fulfillment.apply(orderId, { type: 'refunded', reason }, 'owner');
    // The payment provider's webhook for this very refund may have moved it first: refunded all the same.
    if (applied.order && orderState(applied.order) === 'refunded') return applied;
    return moved(applied, 'not_refundable', `Order ${orderId} could not be marked refunded`);
  }

  /** A refusal of the refund itself, saying when the order is cancelled all the same (that is the truth). */
  async function refundRefusal(orderId: string, code: string, message: string): Promise<never> {
    const now = await orders.find(orderId);
    const cancelled = now !== undefined && orderState(now) === 'cancelled';
    return refuse(
      code,
      cancelled
        ? `${message} The order is cancelled (it will not be printed) but the shopper is not refunded yet.`
        : message,
    );
  }

  async function cancelAndRefund(order: Order, reason: string): Promise<Applied> {
    const state = orderState(order);
    if (state === 'refunded') refuse('already_refunded', `Order ${order.id} is already refunded.`);
    if (!NOT_YET_SHIPPED.includes(state)) {
      refuse(
        'not_refundable',
        `Order ${order.id} cannot be cancelled and refunded: it is ${words(state)} (only a paid order that has not shipped can be).`,
      );
    }
    const payments = paymentsFor(order);
    if (payments.name === 'stripe' && !order.paymentReference) {
      refuse(
        'refund_refused',
        `Order ${order.id} has no Stripe Checkout Session to refund: refund it in Stripe's dashboard.`,
      );
    }
    const standing = await refunds.find(order.id);
    const underWay = () =>
      refuse('refund_under_way', `A refund of order ${order.id} is already under way.`);
    if (standing?.status === 'requested' && !refunds.isClaimable(standing, new Date())) underWay();
    // The printer is asked before the money moves: a refunded shirt still printed and posted costs
    // the shop twice, while a cancelled order whose refund was refused only waits for a retry.
    if (standing?.status !== 'succeeded') await cancelAtPrintProvider(order, reason);

    const claim =
      standing?.status === 'succeeded'
        ? { claimed: false, refund: standing }
        : await refunds.claim(order.id, order.totalCents);
    if (!claim.claimed && claim.refund.status !== 'succeeded') underWay();
    if (claim.claimed) {
      const { idempotencyKey, amountCents } = claim.refund;
      const who = payments.name === 'stripe' ? 'Stripe' : 'The payment provider';
      try {
        const { reference } = await payments.refund(order, { idempotencyKey, amountCents });
        await refunds.succeeded(order.id, reference);
        app.log.info({ orderId: order.id, reference, amountCents }, 'the shopper was refunded');
      } catch (error) {
        if (error instanceof PaymentRefundRefused) {
          await refunds.refused(order.id, error.message);
          app.log.warn({ orderId: order.id, reason: error.message }, 'the refund was refused');
          return refundRefusal(
            order.id,
            'refund_refused',
            `${who} refused the refund: ${error.message}`,
          );
        }
        await refunds.unanswered(order.id, errorMessage(error));
        if (!(error instanceof PaymentProviderUnavailable)) throw error;
        app.log.warn({ orderId: order.id, err: error }, 'the refund went unanswered');
        return refundRefusal(
          order.id,
          'refund_unanswered',
          `${who} did not answer, so the refund is not confirmed (${error.message}). Try again: it will be the same refund, never a second one.`,
        );
      }
    }
    return settleRefunded(order.id, reason);
  }

  app.decorate('ownerActions', {
    async resubmit(orderId) {
      await existing(orderId);
      if (fulfillment.printProvider === 'none') {
        refuse(
          'no_print_provider',
          'No print provider is configured (PRINT_PROVIDER_API_KEY): print the order from the listing.',
        );
      }
      return moved(
        await fulfillment.resubmit(orderId, 'owner'),
        'not_resubmittable',
        `Order ${orderId} cannot be resubmitted (only a paid order that failed, was cancelled or returned, needs a new address or is ready to print can be)`,
      );
    },
    async correctAddress(orderId, shipTo) {
      await existing(orderId);
      return moved(
        await fulfillment.correctAddress(orderId, shipTo, 'owner'),
        'address_not_correctable',
        `The address of order ${orderId} cannot be corrected now (only while it waits to print, needs a new address or came back)`,
      );
    },
    async shipByHand(orderId, tracking) {
      const checked = checkTracking(tracking);
      await existing(orderId);
      return moved(
        await fulfillment.apply(orderId, { type: 'shipped_by_hand', tracking: checked }, 'owner'),
        'not_shippable_by_hand',
        `Order ${orderId} cannot be marked shipped by hand (only an order ready to print, which no print provider makes, can be)`,
      );
    },
    async resendConfirmation(orderId) {
      const order = await existing(orderId);
      if (order.status === 'paid' && !order.email) {
        refuse('no_email', `Order ${orderId} has no email address to send the confirmation to.`);
      }
      return moved(
        await fulfillment.apply(orderId, { type: 'confirmation_resent' }, 'owner'),
        'confirmation_not_resendable',
        `The confirmation of order ${orderId} cannot be sent again (only a paid order's can be)`,
      );
    },
    async cancelAndRefund(orderId, reasonText) {
      const reason = checkReason(reasonText);
      const order = await existing(orderId);
      try {
        return await cancelAndRefund(order, reason);
      } catch (error) {
        // The refusal is part of the order's story: the desk shows it in the history.
        if (error instanceof OwnerActionRefused) {
          await orders.noteEvent(order.id, 'owner', 'cancel_and_refund_refused', error.message);
        }
        throw error;
      }
    },
  } satisfies OwnerActions);
}

export default fp(ownerActionsPlugin, {
  name: 'owner-actions',
  dependencies: ['storage', 'providers', 'fulfillment'],
  decorators: { fastify: ['appConfig'] },
});
