/**
 * What happens to an order once it is paid, through its one state machine (orders/orderLife.ts):
 * every event is applied with its effects in one transaction — the print job when the order goes
 * (back) on its way to the provider, the email that tells the shopper. With a print provider
 * configured a paid order is sent to it exactly once per attempt; without one it waits as "ready
 * to print" for the owner.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShippingDetails, ShipTo } from '@tshirt/shared/types';
import { createPrintFileLinks, type PrintFileLinks } from '../../fulfillment/printFileLinks';
import {
  createPrintfulProvider,
  PrintProviderError,
  type PrintProvider,
} from '../../fulfillment/printfulProvider';
import {
  createVariantAvailability,
  type VariantAvailability,
} from '../../fulfillment/variantAvailability';
import { HttpError } from '../../http/httpError';
import type { Queue } from '../../jobs/jobQueue';
import type { ChargedAmounts, OrderEvent } from '../../orders/orderLife';
import { FULFILMENT_STATUS } from '../../orders/orderStatus';
import {
  orderState,
  providerExternalId,
  type Applied,
  type EventSource,
  type InTransaction,
  type Order,
} from '../../orders/ordersRepository';
import { jobExpirySeconds } from './jobQueues';

export const PRINT_QUEUE = 'print-submission';

interface PrintJob {
  orderId: string;
}

export interface OrderFulfillment {
  readonly printProvider: 'none' | 'printful';
  /** Applies one event of the order's life with its effects (print job, email), in one transaction. */
  apply(orderId: string, event: OrderEvent, source: EventSource): Promise<Applied>;
  /**
   * Marks a pending order paid with where it ships, and sends it on (queue or ready to print), in
   * one transaction; undefined when it was already paid or does not exist.
   */
  orderPaid(
    orderId: string,
    payment: { reference?: string; shipping?: ShippingDetails; charged?: ChargedAmounts },
  ): Promise<Order | undefined>;
  /** Sends a paid order that failed, was cancelled or returned, or is ready to print, to the provider again. */
  resubmit(orderId: string, source: EventSource): Promise<Applied>;
  /** A corrected address for an order the provider could not ship; the order goes on its way again. */
  correctAddress(orderId: string, shipTo: ShipTo, source: EventSource): Promise<Applied>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orderFulfillment: OrderFulfillment;
    /** Signed print file links for the provider; undefined with no provider configured. */
    printFileLinks: PrintFileLinks | undefined;
    /** The print provider's API client (one per instance: its catalog is read once); undefined without one. */
    printProvider: PrintProvider | undefined;
    /** Which shirts the print provider makes; undefined without one (every shirt of the spec is sold). */
    variantAvailability: VariantAvailability | undefined;
  }
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function fulfillmentPlugin(app: FastifyInstance) {
  const { orders } = app.repositories;
  const provider = app.appConfig.printProvider;
  const hasProvider = provider.kind !== 'none';
  /** Where a paid order goes next. */
  const onItsWay = hasProvider ? 'queued' : 'ready_to_print';

  let printJobs: Queue<PrintJob> | undefined;
  const effects =
    (source: EventSource, event: OrderEvent): InTransaction =>
    async (tx, { order, decision, eventId }) => {
      // Onto the print queue when it goes (back) there; an event that leaves it queued adds no job.
      if (decision.to === 'queued' && decision.from !== 'queued' && printJobs) {
        await printJobs.send(tx, { orderId: order.id });
      }
      if (decision.email) {
        const amount = 'amountCents' in event ? event.amountCents : undefined;
        await app.orderMail.enqueue(tx, order, decision.email, eventId, amount);
      }
      if (event.type === 'reprint_requested') {
        await app.orderMail.enqueueOwnerAlert(tx, order, 'reprint_asked', eventId, app.clock());
      }
      // The owner hears of what went wrong without them; their own actions they know of.
      const alert = source === 'owner' ? undefined : FULFILMENT_STATUS[decision.to].alert;
      if (alert && decision.from !== decision.to) {
        await app.orderMail.enqueueOwnerAlert(tx, order, alert, eventId, app.clock());
      }
    };

  async function apply(orderId: string, event: OrderEvent, source: EventSource) {
    const applied = await orders.applyEvent(orderId, event, source, effects(source, event));
    const { decision } = applied;
    if (decision && !decision.moves) {
      app.log.info({ orderId, event: event.type, reason: decision.reason }, 'order event ignored');
    }
    return applied;
  }

  let links: PrintFileLinks | undefined;
  let client: PrintProvider | undefined;
  let availability: VariantAvailability | undefined;
  if (hasProvider) {
    links = createPrintFileLinks({
      // Every instance derives the same key from the provider's key: links made by one verify on all.
      secret: createHmac('sha256', provider.apiKey).update('print-file-links').digest('base64url'),
      publicUrl: app.appConfig.publicUrl,
      ttlSeconds: provider.printFileUrlTtlSeconds,
    });
    const printful = createPrintfulProvider(provider);
    client = printful;
    // Read in the background: a provider that is down never holds the store's start back.
    availability = createVariantAvailability({
      readCatalog: (productId) => printful.readCatalog(productId),
      refreshMinutes: provider.catalogRefreshMinutes,
      onError: (error) =>
        app.log.warn({ err: error }, 'the print provider’s catalog could not be read; will retry'),
    });
    const catalog = availability;
    app.addHook('onClose', async () => catalog.stop());
    const queue = await app.jobQueues.queue<PrintJob>(PRINT_QUEUE, {
      attempts: provider.submitAttempts,
      retryDelaySeconds: provider.retryDelaySeconds,
      // A try is two look-ups and one order at most; past that its worker is taken for dead.
      expireInSeconds: jobExpirySeconds(provider.timeoutMs, 4),
    });
    printJobs = queue;
    const signed = links;

    await queue.work(async ({ data: { orderId }, lastTry }) => {
      const order = await orders.find(orderId);
      // Already sent (another instance, an earlier try), or taken back by the owner.
      if (!order || orderState(order) !== 'queued') return;
      const externalId = providerExternalId(order);
      try {
        const { providerOrderId, cost } = await printful.submit(
          order,
          externalId,
          signed.linkFor(order.id, app.clock()),
        );
        const { decision } = await apply(
          order.id,
          { type: 'submitted', providerOrderId, ...(cost && { cost }) },
          'print-queue',
        );
        app.log.info(
          { orderId, externalId, providerOrderId, costCents: cost?.totalCents },
          'order sent to the print provider',
        );
        if (!cost) {
          app.log.warn(
            { orderId, providerOrderId },
            'the print provider did not say what the order costs (in its currency): its margin stays unknown',
          );
        }
        // Taken back by the owner while it was being sent: the provider's new order goes too.
        if (decision && !decision.moves && ['cancelled', 'refunded'].includes(decision.from)) {
          const cancelled = await printful.cancel(externalId).catch((error: unknown) => error);
          app.log.warn(
            { orderId, externalId, cancelled },
            'an order cancelled while it was being sent was cancelled at the print provider too',
          );
        }
      } catch (error) {
        const refused = error instanceof PrintProviderError ? error : undefined;
        if (lastTry || (refused && !refused.retryable)) {
          const needsShopper = refused?.addressRefused ?? false;
          await apply(
            order.id,
            {
              type: 'submit_failed',
              // The shopper reads the provider's words about their address; the owner the whole story.
              reason: needsShopper ? refused!.providerMessage : errorMessage(error),
              needsShopper,
            },
            'print-queue',
          );
          app.log.error({ orderId, err: error }, 'sending the order to the print provider gave up');
          return;
        }
        await orders.recordSubmitError(order.id, errorMessage(error));
        app.log.warn(
          { orderId, err: error },
          'sending the order to the print provider failed; retrying',
        );
        throw error;
      }
    });
  }

  app.decorate('printFileLinks', links);
  app.decorate('printProvider', client);
  app.decorate('variantAvailability', availability);
  app.decorate('orderFulfillment', {
    printProvider: hasProvider ? 'printful' : 'none',
    apply,
    async orderPaid(orderId, payment) {
      const { order, decision } = await apply(
        orderId,
        { type: 'paid', next: onItsWay, ...payment },
        'payment',
      );
      if (!order || !decision?.moves) return undefined;
      app.preparePrintFile(order);
      return order;
    },
    async resubmit(orderId, source) {
      if (!hasProvider) {
        throw new HttpError(
          409,
          'no_print_provider',
          'No print provider is configured (PRINT_PROVIDER_API_KEY): print the order from the listing.',
        );
      }
      return apply(orderId, { type: 'resubmitted', next: 'queued' }, source);
    },
    async correctAddress(orderId, shipTo, source) {
      const order = await orders.find(orderId);
      // A package that came back is sent again only with the owner's approval: a second print order.
      if (source === 'shopper' && order && orderState(order) === 'returned') {
        return apply(orderId, { type: 'reprint_requested', shipTo }, source);
      }
      return apply(orderId, { type: 'address_corrected', next: onItsWay, shipTo }, source);
    },
  } satisfies OrderFulfillment);
}

export default fp(fulfillmentPlugin, {
  name: 'fulfillment',
  dependencies: ['storage', 'print-files', 'job-queues', 'order-mail'],
  decorators: { fastify: ['appConfig'] },
});
