/**
 * Every answer carries the same security headers, whichever layer sends it (Node's HTTP parser,
 * Fastify's router, a hook that answers before any route, the not-found handler, a page), and no
 * error body echoes the request. Start-up waits for a slow database instead of giving up.
 */
import { connect } from 'node:net';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { Database } from '../src/storage/database';
import { withTestApps, withTestServer } from './fixtures';
import { VALID_ORDER, expectErrorShape, newVisitor, query, requestAsSent } from './helpers';

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Bytes no HTTP parser accepts, with markup in them. */
const GARBAGE = '<script>alert(1)</script> \u0001\u0002 HTTP/9\r\n\r\n';

/** A raw exchange over a socket: `bytes` out, the answer parsed from what comes back. */
function answerToBytes(origin: string, bytes: string): Promise<Answer> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = received.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = received.slice(0, split).split('\r\n');
      const headers: Record<string, unknown> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: received.slice(split + 4),
      });
    });
  });
}

async function answerTo(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const answer = await requestAsSent(origin, path, options);
  return { ...answer, body: answer.body.toString('utf8') };
}

const CHECKOUT_PATH = `/creator/checkout?${query(VALID_ORDER)}`;
const LONG_URL = `/creator/generate_image?interests=%3Cscript%3E${'x'.repeat(13_000)}`;

interface EarlyAnswer {
  /** What is asked and who answers it. */
  what: string;
  status: number;
  /** What of the request must not come back. */
  sent: readonly string[];
  ask(origin: string): Promise<Answer>;
}

const ERROR_ANSWERS: readonly EarlyAnswer[] = [
  {
    what: 'a malformed URL (Fastify’s router)',
    status: 400,
    sent: ['%3Cscript%3E%zz', '%zz'],
    ask: (origin) => answerTo(origin, '/%3Cscript%3E%zz'),
  },
  {
    what: 'a URL over the limit (a hook before any other)',
    status: 414,
    sent: ['xxxxxxxxxx', '%3Cscript%3E', '/creator/generate_image'],
    ask: (origin) => answerTo(origin, LONG_URL),
  },
  {
    what: 'headers over 16 KB (Node’s parser)',
    status: 431,
    sent: ['xxxxxxxxxx', '%3Cscript%3E'],
    ask: (origin) =>
      answerTo(origin, '/%3Cscript%3E', { headers: { 'x-padding': 'x'.repeat(20_000) } }),
  },
  {
    what: 'bytes that are not HTTP (Node’s parser)',
    status: 400,
    sent: ['alert(1)', 'HTTP/9'],
    ask: (origin) => answerToBytes(origin, GARBAGE),
  },
  {
    what: 'a checkout from another site’s page (a hook before the security headers)',
    status: 403,
    sent: ['/creator/checkout', CHECKOUT_PATH],
    ask: (origin) =>
      answerTo(origin, CHECKOUT_PATH, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', ...newVisitor() },
      }),
  },
  {
    what: 'an API path that does not exist (the not-found handler)',
    status: 404,
    sent: ['/creator/<script>', 'alert(1)'],
    ask: (origin) => answerTo(origin, '/creator/<script>alert(1)</script>'),
  },
  {
    what: 'an encoded API path that does not exist (the not-found handler)',
    status: 404,
    sent: ['%3Cscript%3E', '/creator/'],
    ask: (origin) => answerTo(origin, '/creator/%3Cscript%3Ealert(1)%3C/script%3E'),
  },
];

/** Every security header but the policy, which a page and an error answer word differently. */
const SHARED_HEADERS = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'strict-transport-security',
] as const;

function sharedHeaders(answer: Answer): Record<string, unknown> {
  return Object.fromEntries(SHARED_HEADERS.map((name) => [name, answer.headers[name]]));
}

// One database and front end for the file: each block starts its own app on them.
const apps = withTestApps();

describe.each([
  ['http', 'http://shop.test', false],
  ['https', 'https://shop.example', true],
])('answers with PUBLIC_URL over %s', (_scheme, publicUrl, https) => {
  const server = withTestServer({ env: { PUBLIC_URL: publicUrl }, sharing: apps });

  it('a page carries the security headers', async () => {
    const page = await answerTo(server.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    if (https) expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    else expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(ERROR_ANSWERS.map((answer) => [answer.what, answer] as const))(
    '%s is answered with the same headers as a page, and echoes nothing',
    async (_what, { status, sent, ask }) => {
      const page = await answerTo(server.url, '/');
      const answer = await ask(server.url);
      expect(answer.status).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expectErrorShape(JSON.parse(answer.body));
      expect(answer.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(sharedHeaders(answer)).toEqual(sharedHeaders(page));
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).not.toMatch(/<script|%3Cscript/i);
      for (const part of sent) expect(answer.body).not.toContain(part);
    },
  );
});

/** A database whose first statement waits `delayMs` (PGlite starting on a machine busy with other work). */
function slowToStart(db: Database, delayMs: number): Database {
  let waited: Promise<void> | undefined;
  const firstWait = () => (waited ??= new Promise<void>((resolve) => setTimeout(resolve, delayMs)));
  return {
    kind: db.kind,
    query: async (sql, params) => {
      await firstWait();
      return db.query(sql, params);
    },
    exec: async (sql) => {
      await firstWait();
      return db.exec(sql);
    },
    transaction: async (work) => {
      await firstWait();
      return db.transaction(work);
    },
    close: () => db.close(),
  };
}

describe('starting while the database is slow', () => {
  // The clock runs on its own and the test jumps it past Fastify's 10 s instead of waiting it out.
  beforeEach(() =>
    jest.useFakeTimers({
      advanceTimers: true,
      doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'],
    }),
  );
  afterEach(() => jest.useRealTimers());

  it('waits past Fastify’s default 10 s plugin time-out, saying in the log that it is still at it', async () => {
    const log: string[] = [];
    const said = (text: string | RegExp) =>
      log.some((line) => (typeof text === 'string' ? line.includes(text) : text.test(line)));
    const starting = apps.start(
      {},
      {
        database: slowToStart(apps.db, 12_000),
        logger: { level: 'info', stream: { write: (line: string) => log.push(line) } },
      },
    );
    starting.catch(() => undefined);
    await waitUntil(
      () => said('migrating the embedded database…'),
      'the start-up is migrating the database',
    );
    await jest.advanceTimersByTimeAsync(10_000);
    expect(said('still migrating the embedded database (10 s)')).toBe(true);
    await jest.advanceTimersByTimeAsync(2_000);
    const running = await starting;
    expect(said(/database ready in \d+ ms/)).toBe(true);
    expect((await fetch(`${running.url}/creator/designs/sunset-surf.svg`)).status).toBe(200);
  });
});
