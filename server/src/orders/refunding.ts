/**
 * The order module's refund workflow, the same for every caller (the desk, the JSON API, the
 * command line, the job that finishes a refund a crash interrupted): take the order back from the
 * print provider while it can still cancel, then refund the shopper through the payment provider
 * exactly once (payments/orderRefunds.ts), then settle the order and tell the shopper.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PrintProvider } from '../fulfillment/printfulProvider';
import type { OrderRefund, OrderRefunds } from '../payments/orderRefunds';
import {
  PaymentProviderUnavailable,
  PaymentRefundRefused,
  type PaymentProvider,
} from '../payments/paymentProvider';
import type { Queryable } from '../storage/database';
import { NOT_YET_SHIPPED, type OrderEvent, type OrderState } from './orderLife';
import { OwnerActionRefused } from './ownerActions';
import {
  orderState,
  providerExternalId,
  type Applied,
  type EventSource,
  type Order,
  type OrdersRepository,
} from './ordersRepository';

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

export interface RefundingDeps {
  orders: Pick<OrdersRepository, 'find'>;
  /** Applies one event of the order's life with its effects (emails, jobs). */
  apply(orderId: string, event: OrderEvent, source: EventSource): Promise<Applied>;
  refunds: OrderRefunds;
  printProvider: PrintProvider | undefined;
  /** The provider that took the order's money; refuses when it is not configured now. */
  paymentsFor(order: Order): PaymentProvider;
  /**
   * Puts, in the claim's transaction, the job that finishes the refund should its ask never settle
   * (the instance crashed while the payment provider was answering).
   */
  scheduleRecovery(tx: Queryable, orderId: string, reason: string): Promise<void>;
  log: FastifyBaseLogger;
}

export interface Refunding {
  /** Cancels a paid order not yet shipped (at the provider first) and refunds it in full, once. */
  cancelAndRefund(order: Order, reason: string): Promise<Applied>;
  /**
   * Finishes a refund still `requested` (its ask crashed or went unanswered): asks again under the
   * same idempotency key, so it is the same refund, then settles the order. Throws to be tried again
   * when the payment provider does not answer.
   */
  finishClaimedRefund(orderId: string, reason: string): Promise<void>;
}

export function createRefunding(deps: RefundingDeps): Refunding {
  const { orders, apply, refunds, printProvider, log } = deps;

  async function existing(orderId: string): Promise<Order> {
    const order = await orders.find(orderId);
    if (!order) return refuse('not_found', 'There is no order with this id.');
    return order;
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
      const applied = await apply(order.id, { type: 'cancelled_by_owner', reason }, 'owner');
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
      log.warn(
        { orderId: order.id, externalId, providerStatus: answer.status },
        'the print provider would not cancel the order',
      );
      refuse(
        answer.started ? 'provider_started' : 'provider_refused',
        `${answer.message}.${already}`,
      );
    }
    log.info(
      { orderId: order.id, externalId, outcome: answer.outcome },
      'order cancelled at the print provider',
    );
    if (!dequeued && state !== 'cancelled') {
      await apply(order.id, { type: 'cancelled_by_owner', reason }, 'owner');
    }
  }

  /** Once the money went back: the order is cancelled (if it was not) and refunded, the shopper told. */
  async function settleRefunded(orderId: string, reason: string): Promise<Applied> {
    const order = await existing(orderId);
    const state = orderState(order);
    if (state !== 'cancelled' && NOT_YET_SHIPPED.includes(state)) {
      await apply(orderId, { type: 'cancelled_by_owner', reason }, 'owner');
    }
    const applied = await apply(orderId, { type: 'refunded', reason }, 'owner');
    // The payment provider's webhook for this very refund may have moved it first: refunded all the same.
    if (applied.order && orderState(applied.order) === 'refunded') return applied;
    const { decision } = applied;
    if (!applied.order || !decision) return refuse('not_found', 'There is no order with this id.');
    if (!decision.moves) {
      refuse(
        'not_refundable',
        `Order ${orderId} could not be marked refunded: ${decision.reason}.`,
      );
    }
    return applied;
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

  type Asked =
    | { outcome: 'succeeded' }
    | { outcome: 'refused'; message: string }
    | { outcome: 'unanswered'; error: unknown };

  /** One ask of the payment provider for the claimed `refund`, its answer recorded. */
  async function ask(order: Order, refund: OrderRefund, payments: PaymentProvider): Promise<Asked> {
    const { idempotencyKey, amountCents } = refund;
    try {
      const { reference } = await payments.refund(order, { idempotencyKey, amountCents });
      await refunds.succeeded(order.id, reference);
      log.info({ orderId: order.id, reference, amountCents }, 'the shopper was refunded');
      return { outcome: 'succeeded' };
    } catch (error) {
      if (error instanceof PaymentRefundRefused) {
        await refunds.refused(order.id, error.message);
        log.warn({ orderId: order.id, reason: error.message }, 'the refund was refused');
        return { outcome: 'refused', message: error.message };
      }
      await refunds.unanswered(order.id, errorMessage(error));
      if (!(error instanceof PaymentProviderUnavailable)) throw error;
      log.warn({ orderId: order.id, err: error }, 'the refund went unanswered');
      return { outcome: 'unanswered', error };
    }
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
    const payments = deps.paymentsFor(order);
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
        : await refunds.claim(order.id, order.totalCents, (tx) =>
            deps.scheduleRecovery(tx, order.id, reason),
          );
    if (!claim.claimed && claim.refund.status !== 'succeeded') underWay();
    if (claim.claimed) {
      const who = payments.name === 'stripe' ? 'Stripe' : 'The payment provider';
      const asked = await ask(order, claim.refund, payments);
      if (asked.outcome === 'refused') {
        return refundRefusal(
          order.id,
          'refund_refused',
          `${who} refused the refund: ${asked.message}`,
        );
      }
      if (asked.outcome === 'unanswered') {
        return refundRefusal(
          order.id,
          'refund_unanswered',
          `${who} did not answer, so the refund is not confirmed (${errorMessage(asked.error)}). Try again: it will be the same refund, never a second one.`,
        );
      }
    }
    return settleRefunded(order.id, reason);
  }

  async function finishClaimedRefund(orderId: string, reason: string): Promise<void> {
    const refund = await refunds.find(orderId);
    const order = await orders.find(orderId);
    if (!refund || !order) return;
    if (refund.status === 'succeeded') {
      // Refunded at the provider, then interrupted before the order was settled.
      if (orderState(order) !== 'refunded') await settleRefunded(orderId, reason);
      return;
    }
    if (refund.status !== 'requested') return;
    const asked = await ask(order, refund, deps.paymentsFor(order));
    if (asked.outcome === 'unanswered') throw asked.error;
    if (asked.outcome === 'succeeded') await settleRefunded(orderId, reason);
  }

  return { cancelAndRefund, finishClaimedRefund };
}
