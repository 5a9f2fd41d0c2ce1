/**
 * Benchmark 4: the server under load with autocannon on loopback, 100 connections, 10 s per
 * endpoint, limits raised for the run. Static files are asked for as a browser asks (Brotli
 * accepted) and, for comparison, uncompressed.
 */
import autocannon, { type Request } from 'autocannon';
import { ART_STYLES, PREMADE_DESIGNS, PRODUCT_NAME } from '@tshirt/shared/catalog';
import { CHECKOUT_PATH, GENERATE_IMAGE_PATH } from '../../shared/src/api/client';
import { startStoreServer } from '../../e2e/src/harness/storeServer';
import { startCpuMeter } from './systemCpu';

export const LOAD_CONNECTIONS = 100;
export const LOAD_SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;

/** What Chromium sends; the server then compresses what it answers. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export type EndpointGroup = 'static' | 'generation' | 'checkout';

export interface EndpointFigures {
  name: string;
  group: EndpointGroup;
  /** Whether this row is the one the goal is judged on. */
  judged: boolean;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  totalRequests: number;
  /** Share of both cores busy (server, autocannon and anything else on the machine). */
  machineCpu: number;
}

interface Endpoint {
  name: string;
  group: EndpointGroup;
  judged: boolean;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Gives each request its own path (generation varies its prompt). */
  varyPath?: (index: number) => string;
}

const INTERESTS = [
  'surfing',
  'cats and coffee',
  'golf, fishing',
  'space rockets',
  'mountains',
  'jazz',
  'tacos',
  'gardening',
];

function generationPath(index: number): string {
  const query = new URLSearchParams({
    interests: `${INTERESTS[index % INTERESTS.length] ?? ''} ${index}`,
    style: ART_STYLES[index % ART_STYLES.length] ?? '',
    colors: index % 2 === 0 ? 'sunset' : 'forest green, gold',
  });
  return `${GENERATE_IMAGE_PATH}?${query.toString()}`;
}

function checkoutPath(): string {
  const query = new URLSearchParams({
    productName: PRODUCT_NAME,
    shirtColor: 'Black',
    shirtStyle: "Men's",
    shirtSize: 'M',
    quantity: '1',
    imageURL: PREMADE_DESIGNS[0]?.imagePath ?? '/creator/designs/sunset-surf.svg',
    prompt: 'x',
  });
  return `${CHECKOUT_PATH}?${query.toString()}`;
}

export const ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'GET / (Brotli accepted)',
    group: 'static',
    judged: true,
    method: 'GET',
    path: '/',
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  },
  { name: 'GET / (uncompressed)', group: 'static', judged: false, method: 'GET', path: '/' },
  {
    name: 'GET /remotes/designer/remoteEntry.js (Brotli accepted)',
    group: 'static',
    judged: true,
    method: 'GET',
    path: '/remotes/designer/remoteEntry.js',
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  },
  {
    name: 'GET /remotes/designer/remoteEntry.js (uncompressed)',
    group: 'static',
    judged: false,
    method: 'GET',
    path: '/remotes/designer/remoteEntry.js',
  },
  {
    name: 'GET /creator/generate_image (built-in provider, varied prompts)',
    group: 'generation',
    judged: true,
    method: 'GET',
    path: generationPath(0),
    varyPath: generationPath,
  },
  {
    name: 'POST /creator/checkout (test provider)',
    group: 'checkout',
    judged: true,
    method: 'POST',
    path: checkoutPath(),
  },
];

function requestsFor(endpoint: Endpoint): Request[] | undefined {
  const { varyPath } = endpoint;
  if (!varyPath) return undefined;
  let counter = 0;
  return [
    {
      method: endpoint.method,
      setupRequest: (request) => ({ ...request, path: varyPath((counter += 1)) }),
    },
  ];
}

async function load(url: string, endpoint: Endpoint, connections: number, seconds: number) {
  return autocannon({
    url: new URL(endpoint.path, url).href,
    method: endpoint.method,
    headers: endpoint.headers ?? {},
    connections,
    duration: seconds,
    requests: requestsFor(endpoint),
  });
}

export async function runServerBench(): Promise<EndpointFigures[]> {
  const server = await startStoreServer({
    GENERATION_DAILY_LIMIT: '1000000',
    CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000',
  });
  try {
    const figures: EndpointFigures[] = [];
    for (const endpoint of ENDPOINTS) {
      console.log(
        `  autocannon ${endpoint.name}: ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s`,
      );
      await load(server.url, endpoint, 10, WARM_UP_SECONDS);
      const cpu = startCpuMeter();
      const result = await load(server.url, endpoint, LOAD_CONNECTIONS, LOAD_SECONDS);
      figures.push({
        name: endpoint.name,
        group: endpoint.group,
        judged: endpoint.judged,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        totalRequests: result.requests.total,
        machineCpu: cpu(),
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}
