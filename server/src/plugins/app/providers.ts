/** The image and payment providers, chosen once from configuration: built-in by default. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { createBuiltinImageProvider } from '../../generation/builtinImageProvider';
import type { ImageProvider } from '../../generation/imageProvider';
import { createTestPaymentProvider, type PaymentProvider } from '../../payments/paymentProvider';

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

// The OpenAI and Stripe clients (370 modules between them) are loaded only when configured: a
// store on the built-in providers starts without them.
async function chosenImageProvider(app: FastifyInstance): Promise<ImageProvider> {
  const image = app.appConfig.imageProvider;
  if (image.kind !== 'openai') return createBuiltinImageProvider(app.artEngine);
  const { createOpenAiImageProvider } = await import('../../generation/openaiImageProvider');
  return createOpenAiImageProvider(image, {
    reservePictureCheck: (holdMs) => app.printRenderPool.reserveModelImageCheck(holdMs),
    log: app.log,
  });
}

async function providersPlugin(app: FastifyInstance, options: ProvidersOptions) {
  const config = app.appConfig;
  const image = config.imageProvider;
  app.decorate('imageProvider', options.imageProvider ?? (await chosenImageProvider(app)));

  const payment = config.paymentProvider;
  if (payment.kind === 'stripe') {
    const { createStripeClient, createStripePaymentProvider } =
      await import('../../payments/stripePaymentProvider');
    const stripe = createStripeClient(payment);
    app.decorate('stripe', stripe);
    app.decorate('paymentProvider', createStripePaymentProvider(stripe, config));
  } else {
    app.decorate('stripe', undefined);
    app.decorate('paymentProvider', createTestPaymentProvider());
  }
  app.log.info({ imageProvider: image.kind, paymentProvider: payment.kind }, 'providers chosen');
  if (payment.kind === 'test') app.log.warn(testPaymentsWarning(config.production));
}

export default fp(providersPlugin, {
  name: 'providers',
  dependencies: ['art-engine', 'print-files'],
  decorators: { fastify: ['appConfig'] },
});
