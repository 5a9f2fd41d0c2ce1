/**
 * The database goes away (its server stopped) and comes back on the same port: the API answers a
 * JSON 503 with Retry-After meanwhile, the site and the remotes keep being served, and the server
 * recovers by itself.
 */
import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import { CONNECT_TIMEOUT_MS } from '../src/storage/database';
import {
  createFakeFrontEnd,
  expectErrorShape,
  fetchFrom,
  newVisitor,
  sendCheckout,
  startApp,
  testConfig,
  type FakeFrontEnd,
  type RunningApp,
} from './helpers';
import { startRealPostgres, type RealPostgres } from './realPostgres';

let postgres: RealPostgres;
let frontEnd: FakeFrontEnd;
let server: RunningApp;

beforeAll(async () => {
  postgres = await startRealPostgres();
  frontEnd = createFakeFrontEnd();
  server = await startApp({
    ...testConfig({ ...frontEnd.env, ADMIN_TOKEN: 'outage-owner-token-0123456789' }),
    storage: { kind: 'postgres', databaseUrl: postgres.databaseUrl },
  });
});

afterAll(async () => {
  await server?.close();
  postgres?.remove();
  frontEnd?.remove();
});

const vitalsBeacon = JSON.stringify({
  name: 'LCP',
  value: 1200,
  rating: 'good',
  id: 'v5-outage',
  route: '/product',
});

/** Every API call that needs the database, as a shopper's browser (or the owner) makes it. */
const API_CALLS: Array<[string, () => Promise<Response>]> = [
  [
    'GET /creator/generate_image',
    () => fetch(`${server.url}/creator/generate_image?interests=kites`, { headers: newVisitor() }),
  ],
  ['POST /creator/checkout', () => sendCheckout(fetchFrom(server.url))],
  [
    'POST /creator/vitals',
    () =>
      fetch(`${server.url}/creator/vitals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: vitalsBeacon,
      }),
  ],
  [
    'GET /creator/admin/orders',
    () =>
      fetch(`${server.url}/creator/admin/orders`, {
        headers: { authorization: 'Bearer outage-owner-token-0123456789' },
      }),
  ],
  ['GET /healthz', () => fetch(`${server.url}/healthz`)],
];

describe('while the database is unreachable', () => {
  it('answers the API with a JSON 503 and Retry-After, keeps serving the site, and recovers by itself', async () => {
    for (const [, call] of API_CALLS) expect((await call()).status).toBeLessThan(300);

    postgres.stop();
    try {
      for (const [label, call] of API_CALLS) {
        const startedAt = Date.now();
        const response = await call();
        expect([label, response.status]).toEqual([label, 503]);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expectErrorShape(body);
        // No driver detail reaches the client.
        expect(body.error.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|terminat/i);
        // Refused on the connection's failure, not after hanging until the pool gives up waiting.
        expect([label, Date.now() - startedAt < CONNECT_TIMEOUT_MS]).toEqual([label, true]);
      }

      for (const path of [
        '/',
        '/product',
        '/remotes/designer/remoteEntry.js',
        '/remotes/checkout/remoteEntry.js',
        '/main.js',
        PREMADE_DESIGNS[0]!.imagePath,
      ]) {
        expect([path, (await fetch(`${server.url}${path}`)).status]).toEqual([path, 200]);
      }
    } finally {
      postgres.start();
    }

    // Back on the same port (accepting connections once start() returns): the pool opens fresh
    // connections on the very next request, with no back-off to wait out.
    const restartedAt = Date.now();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    if (process.env.RELIABILITY_FIGURES) {
      console.log(`database recovery: ${Date.now() - restartedAt} ms`);
    }
    for (const [label, call] of API_CALLS) {
      const status = (await call()).status;
      expect([label, status < 300]).toEqual([label, true]);
    }
  });
});
