/**
 * Builds the store's Fastify app from a validated configuration, without listening: `main.ts`
 * starts it, tests listen on a free port.
 */
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import type { AppConfig } from './config';
import { BODY_LIMIT_BYTES, answerRefusedConnection } from './http/requestLimits';
import { errorAnswerHeaders } from './http/securityHeaders';
import compress from './plugins/external/compress';
import cors from './plugins/external/cors';
import helmet from './plugins/external/helmet';
import rateLimit from './plugins/external/rateLimit';
import staticFiles from './plugins/external/static';
import artEngine from './plugins/app/artEngine';
import crossSiteRequests from './plugins/app/crossSiteRequests';
import errorHandling, { sendError } from './plugins/app/errorHandling';
import finiteNumbers from './plugins/app/finiteNumbers';
import fulfillment from './plugins/app/fulfillment';
import stuckOrders from './plugins/app/stuckOrders';
import jobQueues from './plugins/app/jobQueues';
import orderMail from './plugins/app/orderMail';
import ownerActions from './plugins/app/ownerActions';
import printFiles from './plugins/app/printFiles';
import providers from './plugins/app/providers';
import shutdown from './plugins/app/shutdown';
import pages from './plugins/app/pages';
import storage from './plugins/app/storage';
import adminRoutes from './routes/creator/admin';
import checkoutRoute from './routes/creator/checkout';
import offerRoute from './routes/creator/offer';
import generateImageRoute from './routes/creator/generateImage';
import imageRoutes from './routes/creator/images';
import orderRoutes from './routes/creator/order';
import printProviderRoutes from './routes/creator/printProvider';
import stripeWebhookRoute from './routes/creator/stripeWebhook';
import vitalsRoute from './routes/creator/vitals';
import deskRoutes from './routes/desk';
import testPaymentRoutes from './routes/pay';
import pageRoutes from './routes/pages';
import type { ImageProvider } from './generation/imageProvider';
import type { Database } from './storage/database';
import { OneLinePerRequest } from './logging/requestLog';

declare module 'fastify' {
  interface FastifyInstance {
    appConfig: AppConfig;
    /** The current time; tests replace it to cross a UTC midnight. */
    clock: () => Date;
  }
}

export interface AppOverrides {
  /** An already open (and shared) database; the app will not close it. */
  database?: Database;
  clock?: () => Date;
  /** Another image provider (tests use fast, slow or failing stand-ins). */
  imageProvider?: ImageProvider;
  /** The module the print render threads run (tests hold renders with a stand-in). */
  printRenderTask?: string;
  /**
   * Renders a paid order's print file at payment, before anyone asks for it (the default, as in
   * production); `false` renders it when it is first asked for (tests whose orders never print).
   */
  printFilesAhead?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/** Fastify's own refusals of a URL, in our words: its messages quote the URL. */
const FRAMEWORK_ERRORS: Readonly<
  Record<string, readonly [status: number, code: string, message: string]>
> = {
  FST_ERR_BAD_URL: [400, 'invalid_request', 'The request URL is malformed.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long', 'A part of the request URL is too long.'],
};

export async function buildApp(
  config: AppConfig,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: overrides.logger ?? { level: config.logLevel },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // STARTUP_TIMEOUT_MS: generous, the embedded database's first start can take tens of seconds.
    pluginTimeout: config.startupTimeoutMs,
    clientErrorHandler: (error, socket) =>
      answerRefusedConnection(error, socket, errorAnswerHeaders(config.publicUrl)),
    // plugins/app/shutdown answers those requests in the JSON error shape instead.
    return503OnClosing: false,
    // plugins/app/shutdown closes connections once their answer is out; Node's idle test counts an
    // answer handed to end() but not yet flushed as done, and would cut it.
    forceCloseConnections: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Answered before any hook runs: the usual JSON error, with the headers of every error answer.
    frameworkErrors: (error, request, frameworkReply) => {
      const [status, code, message] = FRAMEWORK_ERRORS[error.code] ?? [
        500,
        'internal_error',
        'Something went wrong on our side. Please try again.',
      ];
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      sendError(frameworkReply as unknown as FastifyReply, status, code, message);
    },
  });
  app.decorate('appConfig', config);
  app.decorate('clock', overrides.clock ?? (() => new Date()));

  // Not autoloaded: the order matters, and @fastify/autoload refuses .ts under `node --import tsx`.
  await app.register(errorHandling);
  await app.register(shutdown);
  await app.register(crossSiteRequests);
  // Before any route: it adds its check to each route with a schema as the route is declared.
  await app.register(finiteNumbers);
  await app.register(pages);
  await app.register(helmet);
  await app.register(cors);
  await app.register(compress);
  await app.register(rateLimit);
  await app.register(storage, { config, database: overrides.database });
  const threadsOnFirstJob = config.workerThreadsOnFirstJob;
  await app.register(artEngine, { threadsOnFirstJob });
  await app.register(printFiles, {
    taskModule: overrides.printRenderTask,
    threadsOnFirstJob,
    ahead: overrides.printFilesAhead ?? true,
  });
  await app.register(providers, { imageProvider: overrides.imageProvider });
  await app.register(jobQueues);
  await app.register(orderMail);
  await app.register(fulfillment);
  await app.register(ownerActions);
  await app.register(stuckOrders);

  // Each route group is a named, encapsulated plugin: Fastify names an unnamed one by searching every loaded module.
  await app.register(generateImageRoute);
  await app.register(checkoutRoute);
  await app.register(offerRoute);
  await app.register(vitalsRoute);
  await app.register(imageRoutes);
  await app.register(stripeWebhookRoute);
  await app.register(orderRoutes);
  await app.register(printProviderRoutes);
  await app.register(adminRoutes, { adminToken: config.adminToken });
  await app.register(deskRoutes);
  await app.register(testPaymentRoutes);
  await app.register(pageRoutes);
  await app.register(staticFiles);
  return app;
}
