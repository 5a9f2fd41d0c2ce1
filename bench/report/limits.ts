/**
 * "What limits the goals not met": for each part with an unmet goal, the measured causes the
 * figures point at (largest scripts, main-thread time, the extra requests, saturated cores).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import type { PageBytes } from '../bytes/measurePageBytes';
import { interactionLimits } from '../interaction/interactionGoals';
import type { LighthouseSeries } from '../lighthouse/runLighthouse';
import type { EndpointFigures } from '../server/serverBench';
import { count, kb, ms, percent, seconds } from './format';
import type { GoalVerdict } from './goals';
import type { BenchResults } from './results';

function largestScripts(page: PageBytes, top: number): string {
  return page.responses
    .filter((response) => response.kind === 'JS')
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, top)
    .map(
      (response) =>
        `${'`'}${response.path}${'`'} ${kb(response.gzip)}${response.contents ? ` (${response.contents})` : ''}`,
    )
    .join(', ');
}

function federationRuntimeCost(page: PageBytes): { copies: number; gzip: number } {
  const carriers = page.responses.filter((response) =>
    response.contents.includes('federation runtime'),
  );
  return {
    copies: carriers.length,
    gzip: carriers.reduce((sum, response) => sum + response.gzip, 0),
  };
}

function bytesLimits(results: BenchResults): string[] {
  const bytes = results.bytes?.data;
  if (!bytes) return [];
  const lines: string[] = [];
  for (const page of [bytes.home, bytes.product]) {
    const runtime = federationRuntimeCost(page);
    lines.push(
      `${'`'}${page.path}${'`'} loads ${kb(page.byKind.JS.gzip)} of JS (gzip) in ${page.byKind.JS.requests} scripts. Largest: ${largestScripts(page, 5)}.` +
        (runtime.copies > 0
          ? ` ${runtime.copies === 1 ? 'One of them carries' : `${runtime.copies} of them carry`} federation runtime code (the runtime itself, which the host loads only where remotes are shown, and each remoteEntry.js's webpack glue; the remotes are built with the runtime external): ${kb(runtime.gzip)}${runtime.copies === 1 ? '' : ' together'}.`
          : ''),
    );
  }
  if (bytes.home.remoteFiles.length > 0)
    lines.push(`${'`'}/${'`'} fetches remote files: ${bytes.home.remoteFiles.join(', ')}.`);
  return lines;
}

/** Lighthouse names the page's own HTML by its URL and time it cannot pin on a script "Unattributable". */
function scriptLabel(url: string, page: string): string {
  if (url === page) return 'the HTML document (parse, style, layout)';
  if (url === 'Unattributable') return 'unattributed (browser work, GC)';
  return `${'`'}${url}${'`'}`;
}

/** The route → file map of the host's pre-rendered pages (tooling/build/prerender.ts). */
const PRERENDERED_ROUTES_MAP = 'pages/routes.json';

function sourceMentions(dir: string, text: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir).some((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry !== 'node_modules' && sourceMentions(path, text);
    return (
      /\.ts$/.test(entry) &&
      !entry.endsWith('.test.ts') &&
      readFileSync(path, 'utf8').includes(text)
    );
  });
}

/** Until the server answers each route with its pre-rendered page, the figures are without them. */
function prerenderNotServedNote(): string[] {
  const built = existsSync(join(REPO_ROOT, 'host/dist', PRERENDERED_ROUTES_MAP));
  if (!built || sourceMentions(join(REPO_ROOT, 'server/src'), PRERENDERED_ROUTES_MAP)) return [];
  return [
    `The host build writes each page pre-rendered (host/dist/pages/*.html, listed in host/dist/${PRERENDERED_ROUTES_MAP}) so the first paint needs no JavaScript, but the server still answers every route with the empty index.html: these figures are without pre-rendering.`,
  ];
}

function lighthouseLimits(results: BenchResults): string[] {
  const lighthouse = results.lighthouse?.data;
  if (!lighthouse) return [];
  const pages = (Object.entries(lighthouse.mobile) as Array<[string, LighthouseSeries]>).map(
    ([page, series]) => {
      const { diagnostics, median } = series;
      const cpu = diagnostics.scriptCpuMs
        .slice(0, 4)
        .map((item) => `${scriptLabel(item.url, page)} ${ms(item.ms)}`)
        .join(', ');
      const tasks = diagnostics.longTasks
        .slice(0, 4)
        .map((item) => `${scriptLabel(item.url, page)} ${ms(item.ms)}`)
        .join(', ');
      return (
        `Mobile ${'`'}${page}${'`'} (score ${median.score}, FCP ${seconds(median.fcpMs)}, LCP ${seconds(median.lcpMs)}, TBT ${ms(median.tbtMs)}): ` +
        `the LCP element is “${diagnostics.lcpElement}”. Main-thread time by script (4× slowed CPU): ${cpu}. Longest tasks: ${tasks}.`
      );
    },
  );
  return [...pages, ...prerenderNotServedNote()];
}

function federationLimits(results: BenchResults): string[] {
  const federation = results.federation?.data;
  if (!federation) return [];
  const { composed, oneBundle } = federation;
  return [
    `The composed ${'`'}/product${'`'} loads ${kb(composed.jsGzip - oneBundle.jsGzip)} more JS (gzip) in ${composed.jsRequests - oneBundle.jsRequests} more requests than the one bundle ` +
      `(${kb(composed.jsGzip)} in ${composed.jsRequests} vs ${kb(oneBundle.jsGzip)} in ${oneBundle.jsRequests}), and its mobile LCP is ` +
      `${seconds(composed.lighthouseMobile.median.lcpMs)} vs ${seconds(oneBundle.lighthouseMobile.median.lcpMs)}: the extra bytes are the one federation runtime (downloaded on demand by the host), each remote entry's webpack glue, and the remotes' own copies of what the one bundle shares (the shared contract's helpers, CSS Module and JSX glue). Both pages arrive composed by the server; neither page's scripts start before its first paint.`,
  ];
}

function serverLimits(results: BenchResults): string[] {
  const data = results.server?.data;
  if (!data) return [];
  const lines = data.endpoints
    .filter((row) => row.target === 'store')
    .map((row: EndpointFigures) => {
      const limit = data.endpoints.find((candidate) => candidate.name === row.limitName);
      const beside = limit
        ? ` (its bare limit ${count(limit.requestsPerSecond)}/s, p99 ${ms(limit.p99Ms)})`
        : row.group === 'generation'
          ? ` (the engine alone: ${count(data.engine.perSecond)}/s on ${data.engine.threads} threads)`
          : '';
      return `${row.name}: ${count(row.requestsPerSecond)}/s, p99 ${ms(row.p99Ms)}${beside}, both cores ${percent(row.machineCpu)} busy (server, autocannon and other work share them).`;
    });
  return [...lines, ...SERVER_PROFILE_NOTES];
}

function compositionLimits(results: BenchResults): string[] {
  const composition = results.composition?.data;
  if (!composition) return [];
  const { home, product } = composition;
  return [
    `${'`'}/${'`'} ${count(home.requestsPerSecond)}/s (p99 ${ms(home.p99Ms)}), ${'`'}/product${'`'} ${count(product.requestsPerSecond)}/s (p99 ${ms(product.p99Ms)}). Per request, ${'`'}/product${'`'} also revalidates each remote's fragments (a stat of each fragments file, one at a time per remote) and looks its composed page up by the releases; its compressed body is larger (every part's markup and CSS).`,
  ];
}

function artLimits(results: BenchResults): string[] {
  const run = results.art;
  const rows = run?.data.figures?.printByStyle;
  if (!run || !rows || rows.length === 0) return [];
  const fastest = rows.reduce((best, row) => (row.p50Ms < best.p50Ms ? row : best));
  return [
    `Print renders share the machine: the load average was ${run.machine.loadAverage} on ${run.machine.cores} cores when this run started; even ${fastest.style}, the lightest style, took ${ms(fastest.p50Ms)} at the median.`,
    'A print is one resvg raster on a print render thread of its own (at nice 19) and its PNG encoding by sharp; its time grows with the area its filters cover (blur, displacement, blend overlays).',
  ];
}
/** What keeps a release copied over a live store from ever being sent torn. */
function releaseLimits(results: BenchResults): string[] {
  if (!results.releases) return [];
  return [
    'A file is sent only when its SHA-256 is one a release manifest of its folder lists for its name (docs/DEPLOY.md): the check is made once per version of a file, when it is read into memory, so an answer from memory still costs one `stat`. A 503 is the price of a file caught mid-copy with no whole version held (a file never served before, or one larger than the 4 MB kept a file).',
  ];
}

/** What the CPU profiles of the server under this load showed (docs/history/2026-11-reliability-log.md has the detail). */
const SERVER_PROFILE_NOTES = [
  "Static files: whole-file GETs are answered from memory after one synchronous `stat` per request (src/staticFiles/staticFileTable.ts); before that, @fastify/static read every folder on the path, then opened, stat-ed and closed the file through libuv on every request (remoteEntry.js at 23 % of its bare limit). Security headers are worked out once (helmet ran its whole middleware per request: 12 % of GET /). The hooks every request passes run as callbacks, and the finite-number check only on routes with a schema (about 10 % less server CPU per GET /). The rest of the gap to the bare limit is Fastify itself, its hooks and a score of security headers per answer: the kernel's `writev` costs both servers the same per answer, and is 83 % of the bare route's busy time against 61 % of the store's, so the store needs about 1.35× the bare route's CPU per answer. Two stores of the same code can differ by up to 13 % for their whole life, so each static round starts a store and a bare server of its own (docs/history/2026-11-reliability-log.md, steps 13, 15 and 16).",
  "Generation: the art engine draws on its own threads (one per core), which also write the files they drew, each holding up to 4 drawings so it never sleeps between them; the event loop only answers HTTP and hands out the work, so pages and files stay fast during a generation flood. The engine itself scales about 1.4–1.7× from one thread to two on this machine (both figures are in the table), and each of the server's art threads draws at the two-thread speed while the event loop, the database thread (the quota upsert and the image row, statements paced 4 ms apart), V8's GC threads and autocannon need the same two cores: the engine-alone limit has both cores to itself (docs/history/2026-11-reliability-log.md, steps 10–12).",
  'The load generator: autocannon 9 decodes every body into a string; the bench discards bodies instead (bench/harness/load.ts), without which `/main.js` (79 KB of Brotli) measured autocannon at about 1,000 answers a second, bare route included.',
];

const LIMITS_BY_PART: Record<keyof BenchResults, (results: BenchResults) => string[]> = {
  bytes: bytesLimits,
  lighthouse: lighthouseLimits,
  federation: federationLimits,
  server: serverLimits,
  releases: releaseLimits,
  art: artLimits,
  composition: compositionLimits,
  interaction: interactionLimits,
};

const PART_TITLES: Record<keyof BenchResults, string> = {
  bytes: 'Bytes',
  lighthouse: 'Lighthouse',
  federation: 'Federation overhead',
  server: 'Server',
  releases: 'Releases copied over a live store',
  art: 'Art engine',
  composition: 'Server-side composition',
  interaction: 'Interaction on a phone',
};

export function renderLimits(results: BenchResults, verdicts: readonly GoalVerdict[]): string {
  const partsNotMet = [
    ...new Set(verdicts.filter((verdict) => verdict.met === false).map((verdict) => verdict.part)),
  ];
  if (partsNotMet.length === 0) return 'Every measured goal is met.';
  return partsNotMet
    .map((part) => {
      const unmet = verdicts
        .filter((verdict) => verdict.part === part && verdict.met === false)
        .map((verdict) => verdict.goal);
      const causes = LIMITS_BY_PART[part](results).map((line) => `- ${line}`);
      return [`### ${PART_TITLES[part]} — not met: ${unmet.join('; ')}`, '', ...causes].join('\n');
    })
    .join('\n\n');
}
