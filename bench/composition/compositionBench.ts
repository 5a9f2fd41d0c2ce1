/**
 * Benchmark: what composing `/product` on the server costs it. `/product` (each remote's fragments
 * revalidated on every request, the composed page kept per combination of releases) against `/`
 * (a pre-rendered page sent as it is), as a browser asks for them (Brotli accepted), 100
 * connections for BENCH_SERVER_SECONDS each, alternating three times so both share the machine's noise.
 */
import type { Result } from 'autocannon';
import { runLoad } from '../harness/load';
import { startStoreServer } from '@tshirt/tooling/test/storeServer';
import { median } from '../harness/stats';

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 10);
const ROUNDS = 3;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface PageLoadFigures {
  path: string;
  /** Median over the rounds. */
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  rounds: number[];
}

export interface CompositionResult {
  connections: number;
  seconds: number;
  home: PageLoadFigures;
  product: PageLoadFigures;
}

async function load(url: string): Promise<Result> {
  return runLoad({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  });
}

function figures(path: string, runs: Result[]): PageLoadFigures {
  return {
    path,
    requestsPerSecond: median(runs.map((run) => run.requests.average)),
    p99Ms: median(runs.map((run) => run.latency.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    rounds: runs.map((run) => Math.round(run.requests.average)),
  };
}

export async function runCompositionBench(): Promise<CompositionResult> {
  const server = await startStoreServer();
  try {
    const home: Result[] = [];
    const product: Result[] = [];
    // A first request builds and compresses each page; the load then measures the steady state.
    await fetch(new URL('/product', server.url));
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`  round ${round}/${ROUNDS}: GET / then GET /product, ${SECONDS} s each`);
      home.push(await load(new URL('/', server.url).href));
      product.push(await load(new URL('/product', server.url).href));
    }
    return {
      connections: CONNECTIONS,
      seconds: SECONDS,
      home: figures('/', home),
      product: figures('/product', product),
    };
  } finally {
    await server.stop();
  }
}
