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
  /** Tells the owner something went wrong on a refund's path (`not_stopped`: printed anyway). */
  alertOwner(order: Order, reason: 'not_stopped', note: string): Promise<void>;
  /** Writes an event that changed nothing to the order's history, with why. */
  noteEvent(orderId: string, event: string, note: string): Promise<void>;
  formatPrice(cents: number, currency: string): string;
}

/** A refund the payment provider reports it made (its dashboard's, or the store's own echoed back). */
export interface RefundAtProvider {
  /** The charge's id, for the history. */
  chargeId: string;
  /** What the charge has had refunded in all. */
  amountRefundedCents: number;
  /** Each refund of the charge, when the provider lists them. */
  refunds?: ReadonlyArray<{ id: string; amountCents: number }>;
}

export interface Refunding {
  /** Cancels a paid order not yet shipped (at the provider first) and refunds what remains, once. */
  cancelAndRefund(order: Order, reason: string): Promise<Applied>;
  /**
   * Refunds part of a paid order (a damaged shirt, after shipping too), never more than remains;
   * the shopper is emailed the amount. All of what remains, before it ships, is cancelAndRefund's.
   */
  refundPart(order: Order, amountCents: number, reason: string): Promise<Applied>;
  /**
   * A refund the payment provider made (its dashboard): recorded once, the shopper emailed the
   * amount; refunded in full, the order is taken back from the print shop when it has not shipped,
   * or the owner is told why it could not be.
   */
  refundedAtProvider(order: Order, refund: RefundAtProvider): Promise<Applied | undefined>;
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
  async function settleRefunded(
    orderId: string,
    reason: string,
    amountCents?: number,
    { cancel = true, source = 'owner' }: { cancel?: boolean; source?: EventSource } = {},
  ): Promise<Applied> {
    const order = await existing(orderId);
    const state = orderState(order);
    if (cancel && state !== 'cancelled' && NOT_YET_SHIPPED.includes(state)) {
      await apply(orderId, { type: 'cancelled_by_owner', reason }, source);
    }
    const applied = await apply(
      orderId,
      { type: 'refunded', reason, ...(amountCents !== undefined && { amountCents }) },
      source,
    );
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

  const remainingOf = (order: Order) => Math.max(0, order.totalCents - order.refundedCents);
  const price = (order: Order, cents: number) => deps.formatPrice(cents, order.currency);

  /** The payment provider of a refundable order, or a refusal saying where to refund it. */
  function refundablePayments(order: Order): PaymentProvider {
    const payments = deps.paymentsFor(order);
    if (payments.name === 'stripe' && !order.paymentReference) {
      refuse(
        'refund_refused',
        `Order ${order.id} has no Stripe Checkout Session to refund: refund it in Stripe's dashboard.`,
      );
    }
    return payments;
  }

  /**
   * Claims and asks one refund of `amountCents`; `settle` runs once it succeeded (now, or after a
   * crash through the recovery job). Refusals say what happened, in the owner's words.
   */
  async function refundOnce(
    order: Order,
    amountCents: number,
    reason: string,
    another: boolean,
  ): Promise<{ amountCents: number } | undefined> {
    const payments = refundablePayments(order);
    const claim = await refunds.claim(
      order.id,
      amountCents,
      (tx) => deps.scheduleRecovery(tx, order.id, reason),
      { another },
    );
    if (!claim.claimed) {
      if (claim.refund.status === 'succeeded') return undefined;
      refuse('refund_under_way', `A refund of order ${order.id} is already under way.`);
    }
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
    return { amountCents: claim.refund.amountCents };
  }

  async function cancelAndRefund(order: Order, reason: string): Promise<Applied> {
    const state = orderState(order);
    if (state === 'refunded') refuse('already_refunded', `Order ${order.id} is already refunded.`);
    if (!NOT_YET_SHIPPED.includes(state)) {
      refuse(
        'not_refundable',
        `Order ${order.id} cannot be cancelled and refunded: it is ${words(state)} (only a paid order that has not shipped can be; refund part of it instead).`,
      );
    }
    refundablePayments(order);
    const standing = await refunds.find(order.id);
    if (standing?.status === 'requested' && !refunds.isClaimable(standing, new Date())) {
      refuse('refund_under_way', `A refund of order ${order.id} is already under way.`);
    }
    const remaining = remainingOf(order);
    // The printer is asked before the money moves: a refunded shirt still printed and posted costs
    // the shop twice, while a cancelled order whose refund was refused only waits for a retry.
    if (remaining > 0) await cancelAtPrintProvider(order, reason);
    // Never more than remains: an earlier part refunded (the desk's, or Stripe's dashboard) is kept.
    const made =
      remaining > 0
        ? await refundOnce(order, remaining, reason, standing?.status === 'succeeded')
        : undefined;
    return settleRefunded(order.id, reason, made?.amountCents);
  }

  async function refundPart(order: Order, amountCents: number, reason: string): Promise<Applied> {
    const state = orderState(order);
    const remaining = remainingOf(order);
    if (state === 'pending') {
      refuse('not_refundable', `Order ${order.id} is not paid: there is nothing to refund.`);
    }
    if (state === 'refunded' || remaining === 0) {
      refuse('already_refunded', `Order ${order.id} is already refunded.`);
    }
    if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > remaining) {
      refuse(
        'invalid_amount',
        `The amount must be between ${price(order, 1)} and ${price(order, remaining)}, what remains of order ${order.id}'s payment.`,
      );
    }
    if (amountCents === remaining && NOT_YET_SHIPPED.includes(state)) {
      refuse(
        'use_cancel_and_refund',
        `That is all that remains of order ${order.id}'s payment, and it has not shipped: cancel and refund it, so the print shop is asked to stop it first.`,
      );
    }
    const standing = await refunds.find(order.id);
    if (standing?.status === 'requested' && !refunds.isClaimable(standing, new Date())) {
      refuse('refund_under_way', `A refund of order ${order.id} is already under way.`);
    }
    const made = await refundOnce(order, amountCents, reason, true);
    if (made && made.amountCents !== amountCents) {
      // The claim finished an earlier unconfirmed refund instead; the owner decides again.
      await partlyRefunded(order.id, reason, made.amountCents);
      refuse(
        'earlier_refund_finished',
        `An earlier refund of ${price(order, made.amountCents)} of order ${order.id} was not confirmed; it is now. Refund more if you still mean to.`,
      );
    }
    return partlyRefunded(order.id, reason, amountCents);
  }

  /** After a refund was made: refunded when nothing remains, else partly, the shopper told the amount. */
  async function partlyRefunded(orderId: string, reason: string, amountCents: number) {
    const order = await existing(orderId);
    if (remainingOf(order) === 0) return settleRefunded(orderId, reason, amountCents);
    return apply(orderId, { type: 'partly_refunded', reason, amountCents }, 'owner');
  }

  async function refundedAtProvider(
    order: Order,
    refund: RefundAtProvider,
  ): Promise<Applied | undefined> {
    const source = 'payment-provider' as const;
    // Each refund once by its id; without the list, what the charge has had refunded beyond ours.
    const listed = refund.refunds ?? [
      {
        id: `${refund.chargeId}:${refund.amountRefundedCents}`,
        amountCents: refund.amountRefundedCents - order.refundedCents,
      },
    ];
    let newly = 0;
    for (const each of listed) {
      if (each.amountCents <= 0) continue;
      const { recorded } = await refunds.recordMade(order.id, {
        reference: each.id,
        amountCents: each.amountCents,
        source,
      });
      if (recorded) newly += each.amountCents;
    }
    const now = await existing(order.id);
    const reason = `Refunded in Stripe (charge ${refund.chargeId})`;
    const state = orderState(now);
    if (remainingOf(now) > 0) {
      if (newly === 0) return undefined;
      return apply(now.id, { type: 'partly_refunded', reason, amountCents: newly }, 'payment');
    }
    if (state === 'refunded') return undefined;
    let stopped = true;
    if (NOT_YET_SHIPPED.includes(state)) {
      try {
        await cancelAtPrintProvider(now, reason);
      } catch (error) {
        if (!(error instanceof OwnerActionRefused)) throw error;
        stopped = false;
        const note = `Refunded in Stripe, but the print shop was not stopped: ${error.message}`;
        await deps.noteEvent(now.id, 'refund_not_stopped', note);
        await deps.alertOwner(now, 'not_stopped', note);
      }
    }
    return settleRefunded(now.id, reason, newly > 0 ? newly : undefined, {
      cancel: stopped,
      source: 'payment',
    });
  }

  async function finishClaimedRefund(orderId: string, reason: string): Promise<void> {
    const refund = await refunds.find(orderId);
    const order = await orders.find(orderId);
    if (!refund || !order) return;
    if (refund.status === 'succeeded') {
      // Refunded at the provider, then interrupted before the order was settled.
      if (orderState(order) !== 'refunded' && remainingOf(order) === 0) {
        await settleRefunded(orderId, reason);
      }
      return;
    }
    if (refund.status !== 'requested') return;
    const asked = await ask(order, refund, deps.paymentsFor(order));
    if (asked.outcome === 'unanswered') throw asked.error;
    if (asked.outcome === 'succeeded') await partlyRefunded(orderId, reason, refund.amountCents);
  }

  return { cancelAndRefund, refundPart, refundedAtProvider, finishClaimedRefund };
}
