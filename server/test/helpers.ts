/** Test harness: a fake built front end, one in-memory database per test file, the app on a free port. */
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { TEST_SHARED_BUFFERS_MB } from '@tshirt/tooling/test/storeServer';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { ImageProvider } from '../src/generation/imageProvider';
import {
  payOnTestPage as payOnTestPageAt,
  SHIPPING_FORM,
  sendTo,
  type SendRequest as StoreRequest,
} from '@tshirt/tooling/test/storeRequests';
export { openTestDatabase } from './testDatabase';
// Placing, paying and signing in are the browser tests' too: one copy, in tooling/test.
export {
  newVisitor,
  placeOrder,
  placePaidOrder,
  query,
  sendCheckout,
  SHIP_TO,
  SHIPPING_FORM,
  signInToDesk,
  VALID_ORDER,
} from '@tshirt/tooling/test/storeRequests';

/** A stand-in for the built host page (over 1 KB, like the real one, so it gets compressed). */
export const FAKE_INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title><meta name="description" content="${'A fine shirt. '.repeat(80)}"><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>`;

export interface FakeFrontEnd {
  root: string;
  env: Record<string, string>;
  remove(): void;
}

/** Writes a tiny "built" host and two remotes into a temporary folder. */
export function createFakeFrontEnd(): FakeFrontEnd {
  const root = mkdtempSync(join(tmpdir(), 'tshirt-front-'));
  const write = (path: string, content: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  write('host/index.html', FAKE_INDEX_HTML);
  write('host/main.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  write('host/chunks/540.0fe051d53e.js', 'console.log("chunk");');
  write('host/main.abc1234567.css', 'body{margin:0}');
  write('host/assets/hero.webp', 'not really a webp');
  for (const remote of ['designer', 'checkout']) {
    write(`${remote}/remoteEntry.js`, `var ${remote} = {};`);
    write(`${remote}/mf-manifest.json`, '{"id":"x"}');
    write(`${remote}/chunks/12.0123456789.js`, 'console.log(1);');
  }
  // As a build ends: the store sends only the files a release manifest lists.
  for (const part of ['host', 'designer', 'checkout']) writeReleaseManifest(join(root, part));
  return {
    root,
    env: {
      HOST_DIST_DIR: join(root, 'host'),
      DESIGNER_DIST_DIR: join(root, 'designer'),
      CHECKOUT_DIST_DIR: join(root, 'checkout'),
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A validated configuration for tests: silent, loopback proxies trusted (each test picks its visitor IP). */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: 'http://shop.test',
    // One art thread per app: a test file starts many apps, and each thread loads the engine.
    ART_ENGINE_THREADS: '1',
    // Renders at the normal priority: beside the suite's own CPU-bound tests, a nice-19 render
    // waited over a minute (production's 19 is kept by printRenderPool.test.ts and config.test.ts).
    PRINT_RENDER_NICENESS: '0',
    PGLITE_SHARED_BUFFERS_MB: String(TEST_SHARED_BUFFERS_MB),
    ...env,
  });
  // Without DATA_DIR, the embedded database in memory, with the page cache read above.
  return env.DATA_DIR || config.storage.kind !== 'pglite'
    ? config
    : { ...config, storage: { ...config.storage, dataDir: undefined } };
}

/**
 * A provider that answers at once with a tiny SVG, for tests of request handling rather than of the
 * art engine: its app never starts the art thread nor draws.
 */
export const instantImageProvider: ImageProvider = {
  name: 'builtin',
  streamsPartialImages: false,
  async generate() {
    return { format: 'svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') };
  },
};

export interface RunningApp {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function startApp(
  config: AppConfig,
  overrides: AppOverrides = {},
): Promise<RunningApp> {
  // Most test apps never draw or print: their threads start at the first job, and a paid order's
  // print file is rendered when asked for (printRendering and fullDisk ask for it at payment).
  const app = await buildApp(
    { ...config, workerThreadsOnFirstJob: true },
    {
      logger: false,
      printFilesAhead: false,
      ...overrides,
    },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** Sends a request to an app and answers as fetch does; `path` starts at the origin. */
export type SendRequest = StoreRequest;

/** Statuses whose answer has no body (a Response with one cannot be made). */
const NO_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * Requests to `app` through app.inject, no socket, each answered as a fetch Response. Unlike fetch,
 * nothing is added to the request (no Accept-Encoding), so nothing is decompressed, and a redirect
 * is answered, not followed.
 */
export function injectAsFetch(app: FastifyInstance): SendRequest {
  return async (path, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = bodyOf(init.body);
    if (body?.type && !headers.has('content-type')) headers.set('content-type', body.type);
    const answer = await app.inject({
      method: method as 'GET',
      url: path,
      headers: Object.fromEntries(headers.entries()),
      ...(body && { payload: body.payload }),
    });
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const each of [value].flat())
        if (each !== undefined) answerHeaders.append(name, String(each));
    }
    const answered =
      method === 'HEAD' || NO_BODY_STATUSES.has(answer.statusCode)
        ? null
        : new Uint8Array(answer.rawPayload);
    return new Response(answered, { status: answer.statusCode, headers: answerHeaders });
  };
}

/** A fetch body as app.inject takes it, with the type fetch would give it when the caller gives none. */
function bodyOf(
  body: RequestInit['body'],
): { payload: string | Buffer; type?: string } | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return { payload: body, type: 'text/plain;charset=UTF-8' };
  if (body instanceof URLSearchParams)
    return { payload: String(body), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (body instanceof Uint8Array) return { payload: Buffer.from(body) };
  throw new Error('injectAsFetch sends text, form and byte bodies');
}

/** Requests over a socket to the server at `origin`, with fetch. */
export const fetchFrom = sendTo;

export function expectErrorShape(body: unknown): void {
  const field = (body as { error?: { field?: unknown } } | undefined)?.error?.field;
  // A refusal about one request field names it (the form shows it under that field).
  expect(body).toEqual({
    error: {
      code: expect.any(String),
      message: expect.any(String),
      ...(field !== undefined && { field: expect.any(String) }),
    },
  });
}

export interface AnswerAsSent {
  status: number;
  headers: Record<string, unknown>;
  /** The body's bytes as they came (fetch would decompress them). */
  body: Buffer;
}

/** A request with its path exactly as written (fetch would normalise it), to the server at `origin`. */
export function requestAsSent(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<AnswerAsSent> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}/`,
      { path, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * Pays an order on the built-in test page with SHIPPING_FORM (or `form`), over a socket to
 * `server`'s origin or through `server` itself; the page's answer.
 */
export function payOnTestPage(
  server: string | SendRequest,
  paymentLinkURL: string,
  form: Record<string, string> = SHIPPING_FORM,
): Promise<Response> {
  return payOnTestPageAt(
    typeof server === 'string' ? sendTo(server) : server,
    paymentLinkURL,
    form,
  );
}

/** Starts a server on a free loopback port (stand-ins and test servers share one copy). */
export { listenOnLoopback } from '@tshirt/tooling/test/standInHttp';
