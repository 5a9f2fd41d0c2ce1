/**
 * What happens to an order once it is paid: with a print provider configured, it goes on the
 * durable print queue in the transaction that marks it paid and is sent to the provider exactly
 * once; without one it waits as "ready to print" for the owner.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShippingDetails } from '@tshirt/shared/types';
import { createPrintFileLinks, type PrintFileLinks } from '../../fulfillment/printFileLinks';
import { createPrintfulProvider, PrintProviderError } from '../../fulfillment/printfulProvider';
import { startPrintQueue, type PrintQueue } from '../../fulfillment/printQueue';
import { HttpError } from '../../http/httpError';
import type { Order } from '../../orders/ordersRepository';

export interface OrderFulfillment {
  readonly printProvider: 'none' | 'printful';
  /**
   * Marks a pending order paid with where it ships, and sends it on (queue or ready to print), in
   * one transaction; undefined when it was already paid or does not exist.
   */
  orderPaid(
    orderId: string,
    payment: { reference?: string; shipping?: ShippingDetails },
  ): Promise<Order | undefined>;
  /** Sends a failed, troubled or ready-to-print paid order to the provider again. */
  resubmit(orderId: string): Promise<Order | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orderFulfillment: OrderFulfillment;
    /** Signed print file links for the provider; undefined with no provider configured. */
    printFileLinks: PrintFileLinks | undefined;
  }
}

async function fulfillmentPlugin(app: FastifyInstance) {
  const { orders } = app.repositories;
  const provider = app.appConfig.printProvider;

  if (provider.kind === 'none') {
    app.decorate('printFileLinks', undefined);
    app.decorate('orderFulfillment', {
      printProvider: 'none',
      async orderPaid(orderId, payment) {
        const order = await orders.markPaid(orderId, { ...payment, fulfillment: 'ready_to_print' });
        if (order) app.preparePrintFile(order);
        return order;
      },
      async resubmit() {
        throw new HttpError(
          409,
          'no_print_provider',
          'No print provider is configured (PRINT_PROVIDER_API_KEY): print the order from the listing.',
        );
      },
    } satisfies OrderFulfillment);
    return;
  }

  const links = createPrintFileLinks({
    // Every instance derives the same key from the provider's key: links made by one verify on all.
    secret: createHmac('sha256', provider.apiKey).update('print-file-links').digest('base64url'),
    publicUrl: app.appConfig.publicUrl,
    ttlSeconds: provider.printFileUrlTtlSeconds,
  });
  const printful = createPrintfulProvider(provider);
  const queue: PrintQueue = await startPrintQueue(
    app.db,
    {
      attempts: provider.submitAttempts,
      retryDelaySeconds: provider.retryDelaySeconds,
      // A try is two look-ups and one order at most; past that its worker is taken for dead.
      expireInSeconds: Math.ceil((provider.timeoutMs * 4) / 1000) + 5,
    },
    app.log,
  );
  app.addHook('preClose', () => queue.stop());

  await queue.work(async ({ orderId, lastTry }) => {
    const order = await orders.find(orderId);
    // Already sent (another instance, an earlier try), shipped, or taken back by the owner.
    if (!order || order.status !== 'paid' || order.fulfillment !== 'queued') return;
    try {
      const providerOrderId = await printful.submit(order, links.linkFor(order.id, app.clock()));
      await orders.markInProduction(order.id, providerOrderId);
      app.log.info({ orderId, providerOrderId }, 'order sent to the print provider');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = lastTry || (error instanceof PrintProviderError && !error.retryable);
      if (final) {
        await orders.markSubmitFailed(order.id, message);
        app.log.error({ orderId, err: error }, 'sending the order to the print provider gave up');
        return;
      }
      await orders.recordSubmitError(order.id, message);
      app.log.warn(
        { orderId, err: error },
        'sending the order to the print provider failed; retrying',
      );
      throw error;
    }
  });

  app.decorate('printFileLinks', links);
  app.decorate('orderFulfillment', {
    printProvider: 'printful',
    async orderPaid(orderId, payment) {
      const order = await orders.markPaid(
        orderId,
        { ...payment, fulfillment: 'queued' },
        (tx, paid) => queue.enqueue(tx, paid.id),
      );
      if (order) app.preparePrintFile(order);
      return order;
    },
    resubmit: (orderId) => orders.requeue(orderId, (tx, order) => queue.enqueue(tx, order.id)),
  } satisfies OrderFulfillment);
}

export default fp(fulfillmentPlugin, {
  name: 'fulfillment',
  dependencies: ['storage', 'print-files'],
  decorators: { fastify: ['appConfig'] },
});
