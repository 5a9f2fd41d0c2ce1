/**
 * 200 concurrent connections of mixed shopper traffic (pages, remote entries, static files,
 * generation, checkout, vitals, designs) against the real server process for two consecutive runs:
 * no 5xx, no error, no time-out; p99 reported; the memory the server holds does not grow by more
 * than 10 % from the first run to the second. Loopback only; LOAD_TEST_SECONDS (default 20) per
 * run: the promise holds at any length, and a longer soak (LOAD_TEST_SECONDS=60) is a choice, not
 * the suite's.
 *
 * The memory held is the main thread's JS heap and the memory its objects hold outside it (a
 * worker thread's heap has its own bound), measured after a full garbage collection asked for
 * through the server's inspector (open on loopback in this test only). Resident memory is
 * reported, not judged: about 1.2–1.7 GiB beside 125 MiB of live heap, it is mostly what the
 * allocators keep after the busiest moment, so it levels off after a run or two rather than
 * growing with requests (five runs of one kind of request in a row: 703, 712, 713, 738, 739 MiB),
 * and it grew 6 to 25 % between the first two runs with the heap held steady. A leak of 1 KB per
 * request, added on purpose, grew the memory held by 18 % and resident memory by 4 %.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request as LoadRequest, type Result } from 'autocannon';
import { ART_STYLES, PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import {
  PRODUCTION_SERVER_COMMAND,
  startStoreServer,
  type StoreServer,
} from '@tshirt/tooling/test/storeServer';
import { VALID_ORDER, createFakeFrontEnd, query, type FakeFrontEnd } from './helpers';
import { prepareDataDir } from './testDatabase';

const CONNECTIONS = 200;
const RUN_SECONDS = Number(process.env.LOAD_TEST_SECONDS ?? 20);
const MAX_MEMORY_GROWTH = 0.1;

jest.setTimeout((RUN_SECONDS * 2 + 90) * 1000);

let frontEnd: FakeFrontEnd;
let dataDir: string;
let server: StoreServer;

beforeAll(async () => {
  frontEnd = createFakeFrontEnd();
  dataDir = mkdtempSync(join(tmpdir(), 'tshirt-load-'));
  await prepareDataDir(dataDir);
  // Under load as in production: Postgres's WebAssembly optimised as V8 does by default.
  server = await startStoreServer(
    {
      ...frontEnd.env,
      DATA_DIR: dataDir,
      GENERATION_DAILY_LIMIT: '1000000',
      CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000',
      // Every connection is the same visitor (127.0.0.1) here.
      VITALS_RATE_LIMIT_PER_MINUTE: '100000',
      WORKER_THREADS_ON_FIRST_JOB: 'false',
      PGLITE_SHARED_BUFFERS_MB: '128',
    },
    // As in production, with the inspector on a free loopback port for measuring memory.
    [PRODUCTION_SERVER_COMMAND[0], '--inspect=127.0.0.1:0', ...PRODUCTION_SERVER_COMMAND.slice(1)],
  );
});

afterAll(async () => {
  await server?.stop();
  frontEnd?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
// What shoppers ask for: words the art engine draws, none refused. Numbers made each request new but
// read as words the store refuses (455 is "ass" in leetspeak, 1488 a hate code).
const INTERESTS = ['surfing', 'cats and coffee', 'space rockets', 'jazz', 'tacos', 'gardening'];
const COLORS = ['', 'teal and orange', 'red', 'pastel pink', 'navy and gold', 'green'];
const RECIPIENTS = ['', 'my dad', 'my sister', 'a friend', 'my grandma'];
let generation = 0;

/** The `generation`-th request: every mix of the words above in turn, so the drawings vary. */
function shopperRequest(generation: number): Record<string, string> {
  const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;
  let rest = generation;
  const interests = pick(INTERESTS, rest);
  rest = Math.floor(rest / INTERESTS.length);
  const colors = pick(COLORS, rest);
  rest = Math.floor(rest / COLORS.length);
  const target = pick(RECIPIENTS, rest);
  rest = Math.floor(rest / RECIPIENTS.length);
  const style = pick(ART_STYLES, rest);
  return { interests, colors, target, style };
}

/** The first answers to API calls that were not a 2xx, with their requests, so a failure names them. */
const notOk: string[] = [];
function noteAnswer(status: number, body: string, context: Record<string, unknown>): void {
  if ((status < 200 || status > 299) && notOk.length < 20) {
    notOk.push(`${status} ${String(context.path)}: ${body.slice(0, 200)}`);
  }
}

/** autocannon calls a request's `onResponse` with its answer (its typings lack it). */
type ShopperRequest = LoadRequest & { onResponse?: typeof noteAnswer };

/** One shopper's round, repeated by every connection: mostly pages and files, some API calls. */
const SHOPPER_ROUND: ShopperRequest[] = [
  { method: 'GET', path: '/', headers: BROWSER },
  { method: 'GET', path: '/remotes/designer/remoteEntry.js', headers: BROWSER },
  { method: 'GET', path: '/remotes/checkout/remoteEntry.js', headers: BROWSER },
  { method: 'GET', path: '/main.js', headers: BROWSER },
  { method: 'GET', path: '/product', headers: BROWSER },
  {
    method: 'GET',
    setupRequest: (request, context) => {
      generation += 1;
      const path = `/creator/generate_image?${query(shopperRequest(generation))}`;
      context.path = path;
      return { ...request, path };
    },
    onResponse: noteAnswer,
  },
  { method: 'GET', path: PREMADE_DESIGNS[0]!.imagePath, headers: BROWSER },
  {
    method: 'POST',
    path: `/creator/checkout?${query(VALID_ORDER)}`,
    setupRequest: (request, context) => {
      context.path = request.path;
      return request;
    },
    onResponse: noteAnswer,
  },
  {
    method: 'POST',
    path: '/creator/vitals',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ name: 'LCP', value: 1800, rating: 'good', id: 'v5-1', route: '/' }),
  },
  { method: 'GET', path: '/healthz' },
];

function run(seconds: number): Promise<Result> {
  return autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: SHOPPER_ROUND,
  });
}

interface HeldMemory {
  /** The JS heap in use after a full collection. */
  heapUsed: number;
  /** Memory outside the JS heap held by its objects (buffers). */
  external: number;
  /** Resident memory after the collection, for the report. */
  rss: number;
}

/** What the server holds after a full garbage collection, asked through its inspector. */
async function heldMemory(): Promise<HeldMemory> {
  const address = /Debugger listening on (ws:\/\/\S+)/.exec(server.output())?.[1];
  if (address === undefined)
    throw new Error(`the server printed no inspector address:\n${server.output()}`);
  const socket = new WebSocket(address);
  await once(socket, 'open');
  const waiting = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (error: Error) => void }
  >();
  socket.addEventListener('message', (event: MessageEvent<string>) => {
    const answer = JSON.parse(event.data) as { id?: number; result?: unknown; error?: unknown };
    const caller = answer.id === undefined ? undefined : waiting.get(answer.id);
    if (answer.error) caller?.reject(new Error(`inspector: ${JSON.stringify(answer.error)}`));
    else caller?.resolve(answer.result);
  });
  let lastId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      lastId += 1;
      waiting.set(lastId, { resolve, reject });
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const { result } = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(result.value) as NodeJS.MemoryUsage;
    return { heapUsed: usage.heapUsed, external: usage.external, rss: usage.rss };
  } finally {
    socket.close();
  }
}

const held = (memory: HeldMemory) => memory.heapUsed + memory.external;
const mebibytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

function expectClean(result: Result): void {
  expect(notOk).toEqual([]);
  expect({
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    '5xx': result['5xx'],
  }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, '5xx': 0 });
  expect(result.requests.total).toBeGreaterThan(CONNECTIONS * SHOPPER_ROUND.length);
}

it(`holds ${CONNECTIONS} connections of mixed traffic for two runs with no error and bounded memory`, async () => {
  // A short warm-up, so the first run's memory is not the cost of compiling and filling caches.
  await run(5);
  const first = await run(RUN_SECONDS);
  const rssAfterFirst = server.residentBytes();
  const memoryAfterFirst = await heldMemory();
  const second = await run(RUN_SECONDS);
  const rssAfterSecond = server.residentBytes();
  const memoryAfterSecond = await heldMemory();

  const summary = (label: string, result: Result, rss: number, memory: HeldMemory) =>
    `${label}: ${result.requests.total} requests, ${Math.round(result.requests.average)}/s, ` +
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, RSS ${mebibytes(rss)}; ` +
    `after a full collection: heap ${mebibytes(memory.heapUsed)}, external ` +
    `${mebibytes(memory.external)}, RSS ${mebibytes(memory.rss)}`;
  console.log(
    [
      `load: ${CONNECTIONS} connections, ${RUN_SECONDS} s per run`,
      summary('run 1', first, rssAfterFirst, memoryAfterFirst),
      summary('run 2', second, rssAfterSecond, memoryAfterSecond),
      `memory held, run 1 → run 2: ${((held(memoryAfterSecond) / held(memoryAfterFirst) - 1) * 100).toFixed(1)} %`,
    ].join('\n'),
  );

  expectClean(first);
  expectClean(second);
  expect(held(memoryAfterSecond)).toBeLessThanOrEqual(
    held(memoryAfterFirst) * (1 + MAX_MEMORY_GROWTH),
  );
  // Still healthy afterwards.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});
