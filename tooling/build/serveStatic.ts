/**
 * The reference server for a remote's build folder, the way a CDN serves it (docs/DEPLOY.md): any
 * origin may load it (CORS), entry files are revalidated on every load (ETag, Last-Modified, 304),
 * content-hashed files are immutable. A page path that is no file (the standalone checkout's
 * `/loading`) gets the standalone page. With `STORE_URL`, it also tells the standalone page where
 * the store's API is (`/standalone-config.json`), so the production build running alone can
 * generate art and check out against a real store server.
 *
 *   tsx tooling/build/serveStatic.ts <folder> [port]     (PORT, HOST and STORE_URL env; default port 5001)
 *
 * A small Fastify app with @fastify/static (path safety, ETags, ranges) and @fastify/cors.
 */
import { resolve } from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { STANDALONE_CONFIG_FILE, type StandaloneConfig } from '@tshirt/shared/contract';
import { NO_CACHE, cacheControlForStaticFile } from '@tshirt/shared/cachePolicy';

export interface StaticServerOptions {
  root: string;
  port: number;
  host?: string;
  /** The store server the standalone page should call (its origin, e.g. `http://localhost:8080`). */
  storeUrl?: string;
}

/** What DEPLOY.md promises: entry files and pages revalidated, content-hashed files immutable. */
function setHeaders(
  reply: { header(name: string, value: string): unknown },
  filePath: string,
): void {
  reply.header('cache-control', cacheControlForStaticFile(filePath));
}

/**
 * The standalone page's Content-Security-Policy, as strict as the store's: scripts and stylesheets
 * from this origin only (the build extracts all CSS to files), the API and images from the store.
 * React's `style` props are attributes, which cannot add selectors or load anything beyond img-src.
 */
export function standaloneContentSecurityPolicy(storeUrl: string | undefined): string {
  const store = storeUrl ? ` ${new URL(storeUrl).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    `connect-src 'self'${store}`,
    `img-src 'self' data: blob:${store}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A request for a page (no file extension), which the standalone page answers. */
function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !/\.[a-z0-9]+$/i.test(path);
}

export async function buildStaticServer({
  root,
  storeUrl,
}: Omit<StaticServerOptions, 'port'>): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    // A malformed URL is the client's mistake: a plain 400, never a crash.
    frameworkErrors: (_error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      void reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
    },
  });
  await app.register(cors, { origin: '*', methods: ['GET', 'HEAD', 'OPTIONS'] });
  const contentSecurityPolicy = standaloneContentSecurityPolicy(storeUrl);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    if (String(reply.getHeader('content-type')).startsWith('text/html')) {
      reply.header('content-security-policy', contentSecurityPolicy);
    }
  });

  const config: StandaloneConfig = { storeUrl: storeUrl?.replace(/\/+$/, '') ?? '' };
  app.get(`/${STANDALONE_CONFIG_FILE}`, async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return config;
  });

  await app.register(fastifyStatic, {
    root: resolve(root),
    prefix: '/',
    index: ['index.html'],
    wildcard: true,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders,
  });
  app.setNotFoundHandler(async (request, reply) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isPagePath(request.url)) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  app.setErrorHandler(async (error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // Paths @fastify/static refuses (outside the folder, non-canonical) name no file here.
    return reply
      .code(status === 403 ? 404 : status >= 400 && status < 500 ? status : 500)
      .type('text/plain; charset=utf-8')
      .send(status === 403 || status === 404 ? 'Not found' : 'Bad request');
  });
  return app;
}

/** Serves `root` on `host:port`; resolves once it listens. */
export async function startStaticServer(options: StaticServerOptions): Promise<FastifyInstance> {
  const app = await buildStaticServer(options);
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  return app;
}

if (require.main === module) {
  const [folder = 'dist', portArgument] = process.argv.slice(2);
  const port = Number(portArgument ?? process.env.PORT ?? 5001);
  const host = process.env.HOST ?? '127.0.0.1';
  const storeUrl = process.env.STORE_URL;
  startStaticServer({ root: folder, port, host, storeUrl }).then(
    () => {
      console.log(`Serving ${resolve(folder)} on http://${host}:${port}/`);
      console.log(
        storeUrl
          ? `The standalone page calls the store at ${storeUrl} (that server must list http://${host}:${port} in STANDALONE_ORIGINS).`
          : 'STORE_URL is not set: the standalone page calls its own origin, which has no API (set STORE_URL to a running store).',
      );
    },
    (error: unknown) => {
      console.error(`Could not serve ${folder}: ${String(error)}`);
      process.exit(1);
    },
  );
}
