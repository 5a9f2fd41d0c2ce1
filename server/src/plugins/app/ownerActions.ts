/**
 * What the owner can do to an order (orders/ownerActions.ts), the same for the desk, the JSON API
 * and the CLI: every action goes through the order's state machine with its effects
 * (plugins/app/fulfillment.ts), and a refusal is an OwnerActionRefused that changed nothing.
 * Cancelling and refunding is the order module's workflow (orders/refunding.ts); a refund whose
 * ask a crash interrupted is finished by the refund recovery job, under the same idempotency key.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cleanShopperText } from '../../http/cleanText';
import { notFound } from '../../http/httpError';
import type { Tracking } from '../../orders/orderLife';
import { OwnerActionRefused, type OwnerActions } from '../../orders/ownerActions';
import type { Applied, Order } from '../../orders/ordersRepository';
import { createRefunding, type Refunding } from '../../orders/refunding';
import { dearerShippingRefusal } from '../../orders/addressCorrection';
import { formatPrice } from '@tshirt/shared/catalog';
import { createOrderRefunds } from '../../payments/orderRefunds';
import { createTestPaymentProvider, type PaymentProvider } from '../../payments/paymentProvider';
import { isOrderId } from '../../orders/orderNumber';
import { jobExpirySeconds } from './jobQueues';

/** The queue of refunds to finish should their first ask never settle (a crash mid-refund). */
export const REFUND_RECOVERY_QUEUE = 'refund-recovery';

interface RefundRecoveryJob {
  orderId: string;
  reason: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ownerActions: OwnerActions;
    /** The order module's refund workflow, for the payment provider's webhook. */
    refunding: Refunding;
  }
}

export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 100;
export const MAX_TRACKING_URL_LENGTH = 500;
export const MAX_REASON_LENGTH = 300;
const DEFAULT_REASON = 'Cancelled by the owner';

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
  const payment = app.appConfig.paymentProvider;
  /** The longest one ask of the payment provider takes: two time-outs (one retry). */
  const refundAskMs = payment.kind === 'stripe' ? payment.timeoutMs * 2 : 1000;

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

  const refundRecovery = await app.jobQueues.queue<RefundRecoveryJob>(REFUND_RECOVERY_QUEUE, {
    attempts: 10,
    retryDelaySeconds: 30,
    expireInSeconds: jobExpirySeconds(refundAskMs, 1),
  });
  const refunding = createRefunding({
    orders,
    apply: (orderId, event, source) => fulfillment.apply(orderId, event, source),
    refunds,
    printProvider,
    paymentsFor,
    log: app.log,
    async alertOwner(order, reason) {
      // Once per order: a refunded order is refunded for good.
      await app.db.transaction((tx) =>
        app.orderMail.enqueueOwnerAlert(tx, order, reason, 0, app.clock()),
      );
    },
    noteEvent: (orderId, event, note) => orders.noteEvent(orderId, 'payment', event, note),
    formatPrice,
    // After the longest the first ask can take: by then it settled, or its instance is gone.
    scheduleRecovery: (tx, orderId, reason) =>
      refundRecovery.send(
        tx,
        { orderId, reason },
        { startAfterSeconds: Math.ceil(refundAskMs / 1000) + 1 },
      ),
  });
  await refundRecovery.work(async ({ data }) => {
    await refunding.finishClaimedRefund(data.orderId, data.reason);
  });

  app.decorate('refunding', refunding);
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
      const order = await existing(orderId);
      const dearer = dearerShippingRefusal(
        order,
        shipTo.country,
        app.appConfig.shippingZones,
        app.appConfig.frontEnd.contactEmail,
      );
      if (dearer) refuse('dearer_shipping', dearer);
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
    async refundPart(orderId, amountCents, reasonText) {
      const reason = checkReason(reasonText);
      const order = await existing(orderId);
      try {
        return await refunding.refundPart(order, amountCents, reason);
      } catch (error) {
        if (error instanceof OwnerActionRefused) {
          await orders.noteEvent(order.id, 'owner', 'refund_refused', error.message);
        }
        throw error;
      }
    },
    async cancelAndRefund(orderId, reasonText) {
      const reason = checkReason(reasonText);
      const order = await existing(orderId);
      try {
        return await refunding.cancelAndRefund(order, reason);
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
  dependencies: ['storage', 'providers', 'fulfillment', 'job-queues'],
  decorators: { fastify: ['appConfig'] },
});
