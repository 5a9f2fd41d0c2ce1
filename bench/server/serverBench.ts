/**
 * Benchmark 4: the server under load, each endpoint beside its own limit measured in the same run.
 * - static: the store's answers against a bare node:http route returning the same bytes from memory;
 * - generation: against the art engine alone on every core (no HTTP, no database), and on one
 *   thread (how the engine itself scales); small static answers while generation runs, against idle;
 * - checkout: against a bare route doing the same validation and one INSERT;
 * - stall: small static answers while 6 print renders run, against idle; print render time; memory
 *   under floods of print requests.
 * Each endpoint and its limit are measured in alternating rounds (store, limit, store, limit, …)
 * and each row reports its median round: on shared cores a burst of other work lands on one round,
 * not on one side of the comparison. Static rounds each start a store and a bare server of their
 * own: two processes of the same code can differ by 13 % for their whole life, so one pair for the
 * whole run made the static share one draw.
 * autocannon runs in this process; the store and the bare server each in their own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import type { Request } from 'autocannon';
import { runLoad } from '../harness/load';
import { freePort } from '@tshirt/tooling/test/ports';
import { REPO_ROOT, startStoreServer } from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { median } from '../harness/stats';
import { engineAllCoreRate } from './engineRate';
import {
  latencyAtFixedRate,
  measurePrintLoad,
  STALL_RATE,
  STALL_SECONDS,
  type LatencyFigures,
  type PrintFigures,
} from './printLoad';
import { BROWSER_ACCEPT_ENCODING, checkoutPath, generationPath, shopperHeaders } from './requests';
import { startCpuMeter } from './systemCpu';

export const LOAD_CONNECTIONS = 100;
export const LOAD_SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 10);
export const LOAD_ROUNDS = Number(process.env.BENCH_SERVER_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
/**
 * Before an endpoint's first round: its full load for a while. A fresh store starts cold where a
 * running one is warm: the first few thousand images created in a new folder cost about ten times
 * more each (0.9 ms against 0.09 ms on this machine), and the engine's threads are still compiling.
 */
export const FIRST_WARM_UP_SECONDS = 5;

export type EndpointGroup = 'static' | 'generation' | 'checkout';

export interface EndpointFigures {
  name: string;
  group: EndpointGroup;
  /** `store`: the real server; `bare`: the limit it is compared with. */
  target: 'store' | 'bare';
  /** For a store row: the name of the bare row that is its limit. */
  limitName?: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  totalRequests: number;
  /** Share of both cores busy (servers, autocannon and anything else on the machine). */
  machineCpu: number;
  /** Requests per second in each round; the other figures are the median round's. */
  rounds: number[];
}

/** Small static answers while generation runs at full load, against idle. */
export interface GenerationStallFigures {
  path: string;
  ratePerSecond: number;
  idle: LatencyFigures;
  duringGeneration: LatencyFigures;
  generationPerSecond: number;
}

export interface ServerBenchResult {
  endpoints: EndpointFigures[];
  /** The engine alone: the median of its rounds (each right after a round of generation). */
  engine: {
    perSecond: number;
    threads: number;
    seconds: number;
    rounds: number[];
    /** The engine alone on one thread (one round): how it scales to every core. */
    oneThreadPerSecond: number;
  };
  generationStall: GenerationStallFigures;
  prints: PrintFigures;
  renderThreads: string;
  artEngineThreads: string;
}

interface Endpoint {
  name: string;
  group: EndpointGroup;
  target: 'store' | 'bare';
  limitName?: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Gives each request its own path (generation varies its prompt). */
  varyPath?: (index: number) => string;
  /** Gives each request its own headers (checkout: each from its own shopper). */
  varyHeaders?: (index: number) => Record<string, string>;
}

/** The smallest script the host build has (chunks included): what "small static answers" are in the stall tests. */
function smallestHostScript(): string {
  const dir = join(REPO_ROOT, 'host/dist');
  const scripts = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .sort((a, b) => statSync(join(dir, a)).size - statSync(join(dir, b)).size);
  if (!scripts[0]) throw new Error('host/dist has no script: build the store first');
  return `/${scripts[0].split(sep).join('/')}`;
}

/** The host's entry script, content-hashed by its build (`main.<hash>.js`), as its report names it. */
function hostEntryScript(): string {
  const report = JSON.parse(
    readFileSync(join(REPO_ROOT, 'host/dist/product-bytes.json'), 'utf8'),
  ) as { files: Record<string, number> };
  const entry = Object.keys(report.files).find((file) => /^main\.[0-9a-f]+\.js$/.test(file));
  if (!entry) throw new Error('host/dist has no entry script: build the store first');
  return `/${entry}`;
}

function staticPaths(): string[] {
  return ['/', '/remotes/designer/remoteEntry.js', hostEntryScript()];
}

/** A path as the report names it: the host's entry by its name without its hash. */
const pathName = (path: string) => path.replace(/^\/main\.[0-9a-f]+\.js$/, '/main.js');

function endpoints(): Endpoint[] {
  const staticRows = staticPaths().flatMap((path): Endpoint[] => {
    const name = `GET ${pathName(path)} (Brotli accepted)`;
    const bare = `bare node:http, same bytes from memory: GET ${pathName(path)}`;
    const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    return [
      { name, group: 'static', target: 'store', limitName: bare, method: 'GET', path, headers },
      { name: bare, group: 'static', target: 'bare', method: 'GET', path, headers },
    ];
  });
  const bareCheckout = 'bare node:http, same validation + one INSERT: POST /creator/checkout';
  return [
    ...staticRows,
    {
      name: 'GET /creator/generate_image (built-in provider, varied prompts)',
      group: 'generation',
      target: 'store',
      method: 'GET',
      path: generationPath(0),
      varyPath: generationPath,
      varyHeaders: shopperHeaders,
    },
    {
      name: 'POST /creator/checkout (test provider)',
      group: 'checkout',
      target: 'store',
      limitName: bareCheckout,
      method: 'POST',
      path: checkoutPath(),
      varyHeaders: shopperHeaders,
    },
    {
      name: bareCheckout,
      group: 'checkout',
      target: 'bare',
      method: 'POST',
      path: checkoutPath(),
      varyHeaders: shopperHeaders,
    },
  ];
}

function requestsFor(endpoint: Endpoint): Request[] | undefined {
  const { varyPath, varyHeaders } = endpoint;
  if (!varyPath && !varyHeaders) return undefined;
  let counter = 0;
  return [
    {
      method: endpoint.method,
      setupRequest: (request) => {
        counter += 1;
        return {
          ...request,
          ...(varyPath && { path: varyPath(counter) }),
          ...(varyHeaders && { headers: { ...request.headers, ...varyHeaders(counter) } }),
        };
      },
    },
  ];
}

async function load(url: string, endpoint: Endpoint, connections: number, seconds: number) {
  return runLoad({
    url: new URL(endpoint.path, url).href,
    method: endpoint.method,
    headers: endpoint.headers ?? {},
    connections,
    duration: seconds,
    requests: requestsFor(endpoint),
  });
}

/** The bare limits' server (bareServer.ts) in its own process. */
async function startBareServer(storeUrl: string, paths: readonly string[]) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tshirt-bench-bare-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(__dirname, 'bareServer.ts'),
      storeUrl,
      String(port),
      dataDir,
      ...paths,
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type BareServer = Awaited<ReturnType<typeof startBareServer>>;

/** Small static answers at a fixed rate, idle and then while generation runs at full load. */
async function staticWhileGenerating(
  url: string,
  smallStatic: string,
): Promise<GenerationStallFigures> {
  const generation = endpoints().find((endpoint) => endpoint.group === 'generation');
  if (!generation) throw new Error('no generation endpoint');
  const staticUrl = new URL(smallStatic, url).href;
  const idle = await latencyAtFixedRate(staticUrl);
  const [duringGeneration, flood] = await Promise.all([
    latencyAtFixedRate(staticUrl),
    load(url, generation, LOAD_CONNECTIONS, STALL_SECONDS),
  ]);
  return {
    path: smallStatic,
    ratePerSecond: STALL_RATE,
    idle,
    duringGeneration,
    generationPerSecond: Math.round(flood.requests.average),
  };
}

/** Waits until the server's background pre-compression has written the Brotli copies. */
async function untilPrecompressed(url: string): Promise<void> {
  await waitUntil(
    async () => {
      const response = await fetch(new URL(hostEntryScript(), url), {
        method: 'HEAD',
        headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      });
      return response.headers.get('content-encoding') === 'br' && !!response.headers.get('etag');
    },
    'the server sends its kept Brotli copy of /main.js',
    { timeoutMs: 20_000, everyMs: 200 },
  );
}

/** Each store endpoint with the limit it is compared with (generation's limit is the engine alone). */
function comparedPairs(all: readonly Endpoint[]): Endpoint[][] {
  return all
    .filter((endpoint) => endpoint.target === 'store')
    .map((endpoint) => [
      endpoint,
      ...all.filter((candidate) => candidate.name === endpoint.limitName),
    ]);
}

/** One round of one endpoint: a warm-up, then the load. */
async function measure(url: string, endpoint: Endpoint): Promise<EndpointFigures> {
  await load(url, endpoint, 10, WARM_UP_SECONDS);
  const cpu = startCpuMeter();
  const result = await load(url, endpoint, LOAD_CONNECTIONS, LOAD_SECONDS);
  const requestsPerSecond = Math.round(result.requests.average);
  return {
    name: endpoint.name,
    group: endpoint.group,
    target: endpoint.target,
    ...(endpoint.limitName && { limitName: endpoint.limitName }),
    requestsPerSecond,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    totalRequests: result.requests.total,
    machineCpu: cpu(),
    rounds: [requestsPerSecond],
  };
}

/** The round with the median rate; failures and requests counted over every round. */
function medianRound(rounds: readonly EndpointFigures[]): EndpointFigures {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('an endpoint was never measured');
  const sum = (pick: (figures: EndpointFigures) => number) =>
    rounds.reduce((total, figures) => total + pick(figures), 0);
  return {
    ...middle,
    errors: sum((figures) => figures.errors),
    timeouts: sum((figures) => figures.timeouts),
    non2xx: sum((figures) => figures.non2xx),
    totalRequests: sum((figures) => figures.totalRequests),
    rounds: rounds.map((figures) => figures.requestsPerSecond),
  };
}

/** The store as every part of the run starts it (limits raised, thread counts as the run asks). */
function storeEnvironment(): Record<string, string> {
  const renderThreads = process.env.PRINT_RENDER_THREADS;
  const artEngineThreads = process.env.ART_ENGINE_THREADS;
  return {
    GENERATION_DAILY_LIMIT: '1000000',
    CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000',
    // Checkout load comes from many shoppers, each named by X-Forwarded-For: the load generator on
    // this machine plays the proxy (`true` is refused, as it should be).
    TRUST_PROXY: 'loopback',
    // Postgres's page cache as in production (the tests' stores start with a smaller one).
    PGLITE_SHARED_BUFFERS_MB: '128',
    ...(renderThreads && { PRINT_RENDER_THREADS: renderThreads }),
    ...(artEngineThreads && { ART_ENGINE_THREADS: artEngineThreads }),
  };
}

/** Warms each endpoint of a pair up at full load: a fresh process is cold. */
async function warmUp(pair: readonly Endpoint[], urlOf: (endpoint: Endpoint) => string) {
  for (const endpoint of pair) {
    console.log(
      `  warm-up ${endpoint.name}: ${LOAD_CONNECTIONS} connections, ${FIRST_WARM_UP_SECONDS} s`,
    );
    await load(urlOf(endpoint), endpoint, LOAD_CONNECTIONS, FIRST_WARM_UP_SECONDS);
  }
}

/** Measures one round of `endpoint` at `url` and adds it to the endpoint's rounds. */
async function measureRound(
  rounds: Map<string, EndpointFigures[]>,
  round: number,
  endpoint: Endpoint,
  url: string,
): Promise<void> {
  console.log(
    `  round ${round}/${LOAD_ROUNDS} ${endpoint.name}: ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s`,
  );
  const figures = await measure(url, endpoint);
  rounds.set(endpoint.name, [...(rounds.get(endpoint.name) ?? []), figures]);
}

/**
 * The static rows: every round starts a store (fresh data folder) and a bare server of its own,
 * warms both up, and measures each path on both, the side that goes first alternating by round.
 */
async function measureStatic(rounds: Map<string, EndpointFigures[]>): Promise<void> {
  const pairs = comparedPairs(endpoints()).filter((pair) => pair[0]?.group === 'static');
  for (let round = 1; round <= LOAD_ROUNDS; round += 1) {
    console.log(`  static round ${round}/${LOAD_ROUNDS}: a new store and bare server`);
    const store = await startStoreServer(storeEnvironment());
    let bare: BareServer | undefined;
    try {
      await untilPrecompressed(store.url);
      bare = await startBareServer(store.url, staticPaths());
      const bareUrl = bare.url;
      const urlOf = (endpoint: Endpoint) => (endpoint.target === 'bare' ? bareUrl : store.url);
      for (const pair of pairs) {
        await warmUp(pair, urlOf);
        for (const endpoint of round % 2 === 1 ? pair : [...pair].reverse()) {
          await measureRound(rounds, round, endpoint, urlOf(endpoint));
        }
      }
    } finally {
      await bare?.stop();
      await store.stop();
    }
  }
}

export async function runServerBench(): Promise<ServerBenchResult> {
  const rounds = new Map<string, EndpointFigures[]>();
  await measureStatic(rounds);

  const dataDir = mkdtempSync(join(tmpdir(), 'tshirt-bench-store-'));
  const store = await startStoreServer({ DATA_DIR: dataDir, ...storeEnvironment() });
  await untilPrecompressed(store.url);
  const smallStatic = smallestHostScript();
  let bare: BareServer | undefined;
  try {
    bare = await startBareServer(store.url, []);
    const bareUrl = bare.url;
    const engineRounds: Array<{ perSecond: number; threads: number }> = [];
    const urlOf = (endpoint: Endpoint) => (endpoint.target === 'bare' ? bareUrl : store.url);
    const others = comparedPairs(endpoints()).filter((pair) => pair[0]?.group !== 'static');
    for (const pair of others) {
      await warmUp(pair, urlOf);
      for (let round = 1; round <= LOAD_ROUNDS; round += 1) {
        for (const endpoint of pair) {
          await measureRound(rounds, round, endpoint, urlOf(endpoint));
        }
        if (pair[0]?.group === 'generation') {
          console.log(
            `  round ${round}/${LOAD_ROUNDS} art engine alone on every core, ${LOAD_SECONDS} s`,
          );
          engineRounds.push(await engineAllCoreRate(LOAD_SECONDS));
        }
      }
    }
    const figures = endpoints().map((endpoint) => medianRound(rounds.get(endpoint.name) ?? []));
    const engineRates = engineRounds.map((engine) => engine.perSecond);
    console.log(`  art engine alone on one thread, ${LOAD_SECONDS} s`);
    const oneThread = await engineAllCoreRate(LOAD_SECONDS, 1);
    console.log(`  static answers while generation runs, ${STALL_SECONDS} s`);
    const generationStall = await staticWhileGenerating(store.url, smallStatic);
    console.log(`  print renders: stall of ${smallStatic}, render time, floods`);
    const prints = await measurePrintLoad(store.url, smallStatic, () => store.residentBytes());
    return {
      endpoints: figures,
      engine: {
        perSecond: median(engineRates),
        threads: engineRounds[0]?.threads ?? 0,
        seconds: LOAD_SECONDS,
        rounds: engineRates.map(Math.round),
        oneThreadPerSecond: Math.round(oneThread.perSecond),
      },
      generationStall,
      prints,
      renderThreads: process.env.PRINT_RENDER_THREADS ?? 'default (cores − 1)',
      artEngineThreads: process.env.ART_ENGINE_THREADS ?? 'default (one per core)',
    };
  } finally {
    await bare?.stop();
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
