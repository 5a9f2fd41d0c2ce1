/**
 * The real server process under signals: SIGTERM while requests are in flight, SIGKILL in the
 * middle of a burst of checkouts, on the embedded database (DATA_DIR) and on a real Postgres; and
 * `npm start` stopped as a terminal or a service manager stops it, signals repeated.
 */
import sharp from 'sharp';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pgliteFolder } from '../src/storage/database';
import { serverInstanceFile } from '../src/storage/serverInstance';
import {
  spawnServerProcess,
  startStoreServer,
  waitUntilHealthy,
  type ServerProcess,
  type StoreServer,
} from '@tshirt/tooling/test/storeServer';
import { withFakeFrontEnd, withStandIn, withTemporaryFolder } from './fixtures';
import { orderNumberOnPaymentPage } from './orderLinks';
import { VALID_ORDER, fetchFrom, openTestDatabase, sendCheckout } from './helpers';
import { startRealPostgres, type RealPostgres } from './realPostgres';
import { sendJson } from '@tshirt/tooling/test/standInHttp';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { startStandIn, type StandInHandler } from './standIn';
import { prepareDataDir } from './testDatabase';

const ADMIN_TOKEN = 'signals-owner-token-0123456789';
/** The images API's picture: a disc on a transparent background, as a model would draw it. */
let pictureBase64 = '';
const SLOW_GENERATION_MS = 1500;
/** What the server logs (at info) when a signal starts its stop. */
const STOPPING_LOG = 'stopping: finishing requests in flight';

const frontEnd = withFakeFrontEnd();
const dataDirs = withTemporaryFolder('tshirt-signals-');
const imagesApi = withStandIn();
let postgres: RealPostgres;

beforeAll(async () => {
  postgres = await startRealPostgres();
  imagesApi.answerWith(answerSlowly);
  const disc =
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="768"><circle cx="256" cy="384" r="200" fill="#e63946"/></svg>';
  pictureBase64 = (await sharp(Buffer.from(disc)).png().toBuffer()).toString('base64');
});

/** The images API's answer: one picture. */
function sendImage(response: ServerResponse): void {
  sendJson(response, 200, { created: 1, data: [{ b64_json: pictureBase64 }] });
}

/** The images API's usual answer, after SLOW_GENERATION_MS. */
const answerSlowly: StandInHandler = (_request, response) => {
  setTimeout(() => sendImage(response), SLOW_GENERATION_MS);
};

afterAll(() => {
  postgres?.remove();
});

/** A DATA_DIR holding an already migrated embedded database (from the test template: fast). */
async function newDataDir(): Promise<string> {
  const folder = mkdtempSync(join(dataDirs.path, 'data-'));
  await prepareDataDir(folder);
  return folder;
}

const SIGNALS_ORDER = { ...VALID_ORDER, prompt: 'signals' };

type Outcome = { kind: 'ok'; paymentLinkURL: string } | { kind: 'refused'; detail: string };

/** One checkout: 200 with the order's payment link, or a refusal (503 JSON error, or no connection). */
async function checkout(url: string): Promise<Outcome> {
  try {
    const response = await sendCheckout(fetchFrom(url), { order: SIGNALS_ORDER });
    const body = (await response.json()) as { paymentLinkURL?: string; error?: { code: string } };
    if (response.status === 200) {
      return { kind: 'ok', paymentLinkURL: body.paymentLinkURL! };
    }
    // The only refusal a stopping server may give is the JSON 503.
    expect(response.status).toBe(503);
    expect(body.error?.code).toEqual(expect.any(String));
    return { kind: 'refused', detail: `503 ${body.error?.code}` };
  } catch (error) {
    return { kind: 'refused', detail: String((error as Error).cause ?? error) };
  }
}

/** Sends checkouts from `workers` parallel loops until `until()` is true; `outcomes` fills as they come. */
function checkoutBurst(url: string, workers: number, until: () => boolean) {
  const outcomes: Outcome[] = [];
  const done = Promise.all(
    Array.from({ length: workers }, async () => {
      while (!until()) {
        const outcome = await checkout(url);
        outcomes.push(outcome);
        // A refused connection means the process is gone: this worker is done.
        if (outcome.kind === 'refused') return;
      }
    }),
  ).then(() => outcomes);
  return { outcomes, done };
}

async function listOrderIds(url: string): Promise<string[]> {
  const response = await fetch(`${url}/creator/admin/orders?limit=1000`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { orders: Array<{ id: string }> }).orders.map(
    (order) => order.id,
  );
}

describe('SIGTERM during traffic', () => {
  it('finishes requests in flight, refuses new ones cleanly, exits 0 and leaves no half-written order', async () => {
    const dataDir = await newDataDir();
    const server = await startStoreServer({
      ...frontEnd.env,
      DATA_DIR: dataDir,
      ADMIN_TOKEN,
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: `${imagesApi.url}/v1`,
      GENERATION_DAILY_LIMIT: '1000',
      CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000',
      // Far beyond what finishing the requests takes on a busy machine: reaching it is the failure.
      SHUTDOWN_TIMEOUT_MS: '30000',
      LOG_LEVEL: 'info',
    });
    // The provider answers only once the stop has begun and a late request was refused, so the
    // generations are in flight at the signal however long the machine takes.
    let sendAnswers = () => {};
    const stopBegun = new Promise<void>((resolve) => (sendAnswers = resolve));
    imagesApi.answerWith((_request, response) => {
      void stopBegun.then(() => sendImage(response));
    });
    try {
      const requestsBefore = imagesApi.requests.length;
      // Five generations in flight…
      const generations = Array.from({ length: 5 }, () =>
        fetch(`${server.url}/creator/generate_image?interests=lighthouses`).then(
          async (response) => ({ status: response.status, body: await response.json() }),
        ),
      );
      // …and checkouts streaming in, when the signal arrives.
      let stopped = false;
      const burst = checkoutBurst(server.url, 4, () => stopped).done;
      await waitUntil(
        () => imagesApi.requests.length >= requestsBefore + 5,
        () =>
          `the 5 generations reach the images API (${imagesApi.requests.length - requestsBefore} did)`,
      );
      server.signal('SIGTERM');

      // A new connection once the server is stopping is refused, or answered with the JSON 503.
      await waitUntil(
        () => server.output().includes(STOPPING_LOG),
        () => `the server logs that it is stopping; it printed:\n${server.output().slice(-4_000)}`,
      );
      const late = await checkout(server.url);
      expect(late.kind).toBe('refused');
      sendAnswers();

      for (const generation of await Promise.all(generations)) {
        expect(generation.status).toBe(200);
        expect(generation.body).toEqual({
          image_url: expect.stringMatching(/^\/creator\/images\/[\w-]{16}\.png$/),
          prompt: expect.any(String),
        });
      }
      // It waited for the generations, then stopped by itself: exit 0, not the exit 1 of a stop
      // that outlasted SHUTDOWN_TIMEOUT_MS (a connection held open would have made it one).
      const exitCode = await server.exited;
      if (exitCode !== 0) throw new Error(`exit ${exitCode}:\n${server.output()}`);
      expect(server.output()).not.toContain('did not finish within SHUTDOWN_TIMEOUT_MS');
      stopped = true;
      const outcomes = await burst;
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

      const answered = outcomes.flatMap((outcome) =>
        outcome.kind === 'ok' ? [outcome.paymentLinkURL.replace('/pay/', '')] : [],
      );
      expect(answered.length).toBeGreaterThan(0);
      // Exactly the answered orders are stored: none lost, none written for a refused request.
      const db = await openTestDatabase(pgliteFolder(dataDir));
      try {
        const rows = await db.query<{ payment_token: string }>('SELECT payment_token FROM orders');
        expect(rows.map((row) => row.payment_token).sort()).toEqual([...answered].sort());
        const images = await db.query<{ count: number }>(
          'SELECT count(*)::integer AS count FROM images',
        );
        expect(images[0]?.count).toBe(5);
      } finally {
        await db.close();
      }
    } finally {
      sendAnswers();
      imagesApi.answerWith(answerSlowly);
      await server.stop();
    }
  }, 120_000);
});

describe.each([
  ['the embedded database in DATA_DIR', async () => ({ DATA_DIR: await newDataDir() })],
  ['a real Postgres (DATABASE_URL)', async () => ({ DATABASE_URL: postgres.databaseUrl })],
])('SIGKILL during a burst of checkouts, on %s', (_label, storageEnv) => {
  it('keeps every order that was answered 200 after a restart, each exactly once', async () => {
    const env = {
      ...frontEnd.env,
      ...(await storageEnv()),
      ADMIN_TOKEN,
      CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000',
    };
    let server: StoreServer | undefined = await startStoreServer(env);
    let killed = false;
    try {
      const before = await listOrderIds(server.url);
      const burst = checkoutBurst(server.url, 8, () => killed);
      // Kill it mid-burst, once a good number of checkouts have been answered.
      const answeredSoFar = () => burst.outcomes.filter((outcome) => outcome.kind === 'ok').length;
      await waitUntil(
        () => answeredSoFar() >= 60,
        () => `60 checkouts are answered 200 (${answeredSoFar()} were)`,
        { everyMs: 5 },
      );
      server.signal('SIGKILL');
      killed = true;
      expect(await server.exited).toBeNull();
      const outcomes = await burst.done;
      await server.stop();

      server = await startStoreServer(env);
      const after = await listOrderIds(server.url);
      const running = server;
      const answered = await Promise.all(
        outcomes.flatMap((outcome) =>
          outcome.kind === 'ok'
            ? [orderNumberOnPaymentPage(running.url, outcome.paymentLinkURL)]
            : [],
        ),
      );
      expect(answered.length).toBeGreaterThan(10);
      const newOrders = after.filter((id) => !before.includes(id));
      // No duplicates, nothing answered is missing, nothing beyond what was sent.
      expect(new Set(newOrders).size).toBe(newOrders.length);
      for (const id of answered) expect(newOrders).toContain(id);
      expect(newOrders.length).toBeLessThanOrEqual(outcomes.length);
    } finally {
      await server?.stop();
    }
  });
});

/** `npm start` from the repository root, leading its own process group as in a terminal. */
async function startWithNpm(env: Record<string, string>): Promise<ServerProcess> {
  // Pointing at the fake front end also keeps `npm start` from building the real one.
  const started = await spawnServerProcess(
    ['npm', 'start'],
    { ...frontEnd.env, ...env },
    {
      detached: true,
    },
  );
  await waitUntilHealthy(started);
  return started;
}

/**
 * What a terminal's Ctrl-C pressed twice, or a service manager's stop sent again, delivers: the
 * second once the server has begun stopping at the first.
 */
async function signalGroupTwice(started: ServerProcess): Promise<void> {
  process.kill(-group(started), 'SIGTERM');
  await waitUntil(
    () => started.output().includes(STOPPING_LOG),
    () => `the server logs that it is stopping; it printed:\n${started.output().slice(-4_000)}`,
  );
  process.kill(-group(started), 'SIGTERM');
}

/** npm's pid, which is also the id of the process group it leads. */
function group(started: ServerProcess): number {
  return started.child.pid as number;
}

function groupIsGone(group: number): boolean {
  try {
    process.kill(-group, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The processes of the group still running. One that has ended but not yet been reaped (tsx's
 * esbuild ends when the server's pipes close; as an orphan, only the system's first process reaps
 * it) counts as ended: it holds nothing. Without /proc, any member counts.
 */
function runningInGroup(group: number): string[] {
  if (!existsSync('/proc/self/stat')) return groupIsGone(group) ? [] : [`group ${group}`];
  return readdirSync('/proc').flatMap((pid) => {
    if (!/^\d+$/.test(pid)) return [];
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return []; // ended while listed
    }
    // pid (command) state ppid pgrp …; the command may hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(pgrp) === group && state !== 'Z'
      ? [stat.slice(0, stat.lastIndexOf(')') + 1)]
      : [];
  });
}

/**
 * True once every process of the group has ended (npm may exit a moment before the server's own
 * children); after `withinMs`, a guard against a process left behind for good, a time-out error
 * naming those still running.
 */
function groupEnds(group: number, withinMs = 30_000): Promise<boolean> {
  return waitUntil(
    () => runningInGroup(group).length === 0,
    () =>
      `every process of group ${group} has ended; still running: ${runningInGroup(group).join(', ')}`,
    { timeoutMs: withinMs, everyMs: 20 },
  );
}

describe('npm start, stopped by SIGTERM sent twice to its whole process group', () => {
  it('finishes the requests in flight, exits 0, removes server-instance.json and leaves no process behind', async () => {
    const dataDir = await newDataDir();
    const started = await startWithNpm({
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: `${imagesApi.url}/v1`,
      LOG_LEVEL: 'info',
    });
    try {
      expect(existsSync(serverInstanceFile(dataDir))).toBe(true);
      // The provider answers only once both signals are sent, so the second one always arrives
      // while the first stop is still finishing these requests (on a busy machine a timed answer
      // could beat it, and the second signal would find no process at all).
      let sendAnswers = () => {};
      const bothSent = new Promise<void>((resolve) => (sendAnswers = resolve));
      imagesApi.answerWith((_request, response) => {
        void bothSent.then(() => sendImage(response));
      });
      const requestsBefore = imagesApi.requests.length;
      const generations = Array.from({ length: 3 }, (_, index) =>
        fetch(`${started.url}/creator/generate_image?interests=stop-${index}`).then(
          async (response) => ({ status: response.status, body: await response.text() }),
        ),
      );
      await waitUntil(
        () => imagesApi.requests.length >= requestsBefore + 3,
        () =>
          `the 3 generations reach the images API (${imagesApi.requests.length - requestsBefore} did)`,
      );
      // The check after the stop sees the group's members (npm, node, the server, esbuild).
      expect(runningInGroup(group(started))).not.toEqual([]);
      await signalGroupTwice(started);
      sendAnswers();

      for (const generation of await Promise.all(generations)) {
        expect(generation).toEqual({
          status: 200,
          body: expect.stringMatching(/^\{"image_url":"\/creator\/images\//),
        });
      }
      const code = await started.exited;
      if (code !== 0) throw new Error(`npm start exited ${code}:\n${started.output()}`);
      expect(existsSync(serverInstanceFile(dataDir))).toBe(false);
      expect(await groupEnds(group(started))).toBe(true);
    } finally {
      imagesApi.answerWith(answerSlowly);
      if (!groupIsGone(group(started))) started.kill();
    }
  });

  it('ends a request that outlasts SHUTDOWN_TIMEOUT_MS, and still removes server-instance.json', async () => {
    const dataDir = await newDataDir();
    const hungProvider = await startStandIn();
    hungProvider.answerWith(() => {
      // never answers
    });
    const started = await startWithNpm({
      DATA_DIR: dataDir,
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: `${hungProvider.url}/v1`,
      OPENAI_TIMEOUT_MS: '600000',
      SHUTDOWN_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'info',
    });
    try {
      const hung = fetch(`${started.url}/creator/generate_image?interests=forever`).then(
        (response) => response.status,
        () => 'connection closed',
      );
      await waitUntil(
        () => hungProvider.requests.length >= 1,
        'the generation reaches the images API',
      );
      // The check after the stop sees the group's members (npm, node, the server, esbuild).
      expect(runningInGroup(group(started))).not.toEqual([]);
      await signalGroupTwice(started);
      // The stop is bounded: npm start ends long before the provider's 10-minute time limit.
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain('requests did not finish within SHUTDOWN_TIMEOUT_MS');
      expect(await hung).toBe('connection closed');
      expect(existsSync(serverInstanceFile(dataDir))).toBe(false);
      expect(await groupEnds(group(started))).toBe(true);
    } finally {
      if (!groupIsGone(group(started))) started.kill();
      await hungProvider.close();
    }
  });
});
