/**
 * Print rendering under load: small static answers while 6 print renders run against idle, how long
 * one print render takes through the server, and the server's memory under floods of print requests.
 */
import type { ArtStyle } from '@tshirt/shared/catalog';
import { runLoad } from '../harness/load';
import { percentile } from '../harness/stats';
import { generationPath } from './requests';

export interface LatencyFigures {
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
}

export interface StallFigures {
  path: string;
  ratePerSecond: number;
  /** The median round's, by p99 (failures counted over every round). */
  idle: LatencyFigures;
  /** The median round's, by p99 (failures counted over every round). */
  duringRenders: LatencyFigures;
  /** p99 of each round, idle and during renders. */
  rounds: Array<{ idleP99Ms: number; duringRendersP99Ms: number }>;
  /** Statuses of the 6 print requests of every round. */
  printStatuses: number[];
}

export interface FloodFigures {
  requests: number;
  served: number;
  refused: number;
  other: number;
  peakRssBytes: number;
}

export interface PrintFigures {
  stall: StallFigures;
  /** Print PNG requests one at a time (no queueing): the render itself plus a little HTTP. */
  renderMs: number[];
  baselineRssBytes: number;
  floods: FloodFigures[];
}

/** One style for every artwork of the floods. */
export const FLOOD_STYLE: ArtStyle = 'Cartoon';

const STALL_CONNECTIONS = 10;
/** Idle, then during 6 renders, this many times: a p99 of a few milliseconds moves with any hiccup. */
const STALL_ROUNDS = 3;
export const STALL_RATE = 200;
export const STALL_SECONDS = 5;

/** Small answers at STALL_RATE over STALL_CONNECTIONS for STALL_SECONDS. */
export async function latencyAtFixedRate(url: string): Promise<LatencyFigures> {
  const result = await runLoad({
    url,
    connections: STALL_CONNECTIONS,
    overallRate: STALL_RATE,
    duration: STALL_SECONDS,
  });
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The round with the median p99; failures counted over every round. */
function medianByP99(rounds: readonly LatencyFigures[]): LatencyFigures {
  const sorted = [...rounds].sort((a, b) => a.p99Ms - b.p99Ms);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error('no round was measured');
  return { ...middle, errors: rounds.reduce((total, round) => total + round.errors, 0) };
}

let generated = 50_000;

async function generateImages(baseUrl: string, count: number, style?: ArtStyle): Promise<string[]> {
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await fetch(new URL(generationPath((generated += 1), style), baseUrl));
    const { image_url } = (await response.json()) as { image_url: string };
    urls.push(new URL(image_url.replace(/\.svg$/, '.png'), baseUrl).href);
  }
  return urls;
}

async function fetchStatus(url: string): Promise<number> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

async function flood(urls: readonly string[], residentBytes: () => number): Promise<FloodFigures> {
  const requests = urls.length;
  let peakRssBytes = residentBytes();
  const sampler = setInterval(() => {
    peakRssBytes = Math.max(peakRssBytes, residentBytes());
  }, 50);
  try {
    const statuses = await Promise.all(urls.map(fetchStatus));
    return {
      requests,
      served: statuses.filter((status) => status === 200).length,
      refused: statuses.filter((status) => status === 503).length,
      other: statuses.filter((status) => status !== 200 && status !== 503).length,
      peakRssBytes,
    };
  } finally {
    clearInterval(sampler);
  }
}

export async function measurePrintLoad(
  baseUrl: string,
  smallStaticPath: string,
  residentBytes: () => number,
): Promise<PrintFigures> {
  const staticUrl = new URL(smallStaticPath, baseUrl).href;
  const idleRounds: LatencyFigures[] = [];
  const renderRounds: LatencyFigures[] = [];
  const printStatuses: number[] = [];
  for (let round = 0; round < STALL_ROUNDS; round += 1) {
    idleRounds.push(await latencyAtFixedRate(staticUrl));
    const prints = (await generateImages(baseUrl, 6)).map(fetchStatus);
    renderRounds.push(await latencyAtFixedRate(staticUrl));
    printStatuses.push(...(await Promise.all(prints)));
  }

  const renderMs: number[] = [];
  for (const url of await generateImages(baseUrl, 8)) {
    const started = performance.now();
    const status = await fetchStatus(url);
    if (status === 200) renderMs.push(performance.now() - started);
  }

  // Every artwork is generated before the floods, so only the renders can move the memory, and in
  // one style: a render's memory depends on its style far more than on anything else.
  const small = await generateImages(baseUrl, 20, FLOOD_STYLE);
  const large = await generateImages(baseUrl, 60, FLOOD_STYLE);
  const baselineRssBytes = residentBytes();
  const floods = [await flood(small, residentBytes), await flood(large, residentBytes)];
  return {
    stall: {
      path: smallStaticPath,
      ratePerSecond: STALL_RATE,
      idle: medianByP99(idleRounds),
      duringRenders: medianByP99(renderRounds),
      rounds: idleRounds.map((idle, round) => ({
        idleP99Ms: idle.p99Ms,
        duringRendersP99Ms: renderRounds[round]?.p99Ms ?? Number.NaN,
      })),
      printStatuses,
    },
    renderMs,
    baselineRssBytes,
    floods,
  };
}

export function renderTimes(figures: PrintFigures): {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
} {
  return {
    p50Ms: percentile(figures.renderMs, 0.5),
    p99Ms: percentile(figures.renderMs, 0.99),
    maxMs: Math.max(...figures.renderMs),
  };
}
