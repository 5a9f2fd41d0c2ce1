/** The image and payment providers, chosen once from configuration: built-in by default. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { createBuiltinImageProvider } from '../../generation/builtinImageProvider';
import type { ImageProvider } from '../../generation/imageProvider';
import { createOpenAiImageProvider } from '../../generation/openaiImageProvider';
import { createTestPaymentProvider, type PaymentProvider } from '../../payments/paymentProvider';
import {
  createStripeClient,
  createStripePaymentProvider,
} from '../../payments/stripePaymentProvider';

declare module 'fastify' {
  interface FastifyInstance {
    imageProvider: ImageProvider;
    paymentProvider: PaymentProvider;
    /** Set only when the Stripe provider is configured (the webhook needs it). */
    stripe: Stripe | undefined;
  }
}

/** Said at every start with the built-in payment page: its Pay button marks orders paid for free. */
export function testPaymentsWarning(production: boolean): string {
  return (
    `TEST PAYMENTS${production ? ' IN PRODUCTION (ALLOW_TEST_PAYMENTS=true)' : ''}: orders are ` +
    '"paid" on the built-in test page and nothing is charged. Set STRIPE_SECRET_KEY and ' +
    'STRIPE_WEBHOOK_SECRET to take real payments.'
  );
}

export interface ProvidersOptions {
  /** Replaces the configured image provider (tests). */
  imageProvider?: ImageProvider;
}

async function providersPlugin(app: FastifyInstance, options: ProvidersOptions) {
  const config = app.appConfig;
  const image = config.imageProvider;
  app.decorate(
    'imageProvider',
    options.imageProvider ??
      (image.kind === 'openai'
        ? createOpenAiImageProvider(image, {
            reservePictureCheck: (holdMs) => app.printRenderPool.reserveModelImageCheck(holdMs),
            log: app.log,
          })
        : createBuiltinImageProvider(app.artEngine)),
  );

  const payment = config.paymentProvider;
  const stripe = payment.kind === 'stripe' ? createStripeClient(payment) : undefined;
  app.decorate('stripe', stripe);
  app.decorate(
    'paymentProvider',
    stripe ? createStripePaymentProvider(stripe, config) : createTestPaymentProvider(),
  );
  app.log.info({ imageProvider: image.kind, paymentProvider: payment.kind }, 'providers chosen');
  if (payment.kind === 'test') app.log.warn(testPaymentsWarning(config.production));
}

export default fp(providersPlugin, {
  name: 'providers',
  dependencies: ['art-engine', 'print-files'],
  decorators: { fastify: ['appConfig'] },
});
