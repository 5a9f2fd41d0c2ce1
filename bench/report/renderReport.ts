/** docs/BENCHMARKS.md from the latest results of every part. */
import { RESOURCE_KINDS, type PageBytes } from '../bytes/measurePageBytes';
import { interactionTable } from '../interaction/interactionGoals';
import { LIGHTHOUSE_VERSION, type LighthouseSeries } from '../lighthouse/runLighthouse';
import { percentile } from '../harness/stats';
import { FLOOD_STYLE } from '../server/printLoad';
import {
  FIRST_WARM_UP_SECONDS,
  LOAD_CONNECTIONS,
  LOAD_ROUNDS,
  LOAD_SECONDS,
} from '../server/serverBench';
import { code, count, kb, mib, ms, percent, ratio, seconds, table } from './format';
import { judgeGoals } from './goals';
import { renderLimits } from './limits';
import type { BenchResults, PartName, PartRun } from './results';

export const PART_COMMANDS: Record<PartName, string> = {
  bytes: 'npm run bench -- bytes',
  lighthouse: 'npm run bench -- lighthouse',
  federation: 'npm run bench -- federation',
  server: 'npm run bench -- server',
  releases: 'npm run bench -- releases',
  art: 'npm run bench -- art',
  composition: 'npm run bench -- composition',
  interaction: 'npm run bench -- interaction',
};

function notMeasured(part: PartName): string {
  return `Not measured yet: run ${code(PART_COMMANDS[part])}.`;
}

function provenance(run: PartRun<unknown>): string {
  return `Measured ${run.measuredAt.replace('T', ' ').slice(0, 16)} UTC in ${Math.round(run.seconds)} s (load average ${run.machine.loadAverage} at start). Reproduce: ${code(run.command)}.`;
}

function renderGoals(results: BenchResults): string {
  const mark = (met: boolean | undefined) =>
    met === undefined ? '—' : met ? '✅ met' : '❌ not met';
  return table(
    ['Goal', 'Target', 'Measured', 'Met'],
    judgeGoals(results).map((verdict) => [
      verdict.goal,
      verdict.target,
      verdict.measured,
      mark(verdict.met),
    ]),
  );
}

function renderMachine(results: BenchResults): string {
  const rows = (Object.entries(results) as Array<[PartName, PartRun<unknown> | undefined]>)
    .filter((entry): entry is [PartName, PartRun<unknown>] => entry[1] !== undefined)
    .map(([part, run]) => [
      part,
      run.measuredAt.slice(0, 10),
      `${run.machine.cores} × ${run.machine.cpuModel}`,
      `${run.machine.memoryGiB} GiB`,
      run.machine.os,
      run.machine.node,
      run.machine.chromium,
      String(run.machine.loadAverage),
    ]);
  return [
    table(['Part', 'Date', 'Cores', 'Memory', 'OS', 'Node', 'Chromium', 'Load avg at start'], rows),
    '',
    'The machine has 2 cores shared with other work (other builds and test runs may be running at the same time; the load average at start shows how busy it was), so expect a few percent of run-to-run variation, more for throughput. Lighthouse and autocannon run on the same cores as the server they measure.',
  ].join('\n');
}

function renderPageBytes(page: PageBytes): string {
  const rows = RESOURCE_KINDS.filter((kind) => page.byKind[kind].requests > 0).map((kind) => {
    const totals = page.byKind[kind];
    return [kind, String(totals.requests), kb(totals.transferred), kb(totals.gzip)];
  });
  const total = RESOURCE_KINDS.reduce(
    (sum, kind) => ({
      requests: sum.requests + page.byKind[kind].requests,
      transferred: sum.transferred + page.byKind[kind].transferred,
      gzip: sum.gzip + page.byKind[kind].gzip,
    }),
    { requests: 0, transferred: 0, gzip: 0 },
  );
  rows.push(['**All**', String(total.requests), kb(total.transferred), kb(total.gzip)]);
  const copies = Object.entries(page.libraryCopies)
    .map(([library, copiesOf]) => `${library} × ${copiesOf}`)
    .join(', ');
  const scripts = page.responses
    .filter((response) => response.kind === 'JS')
    .map((response) => [
      code(response.path),
      kb(response.transferred),
      kb(response.gzip),
      response.contents || ' ',
    ]);
  return [
    `#### ${code(page.path)}`,
    '',
    table(['Kind', 'Requests', 'Transferred (as sent, with headers)', 'gzip (body)'], rows),
    '',
    `Library copies downloaded: ${copies}. Remote files: ${page.remoteFiles.length === 0 ? 'none' : page.remoteFiles.map(code).join(', ')}.`,
    '',
    '<details><summary>Every script</summary>',
    '',
    table(['Script', 'Transferred', 'gzip', 'Contains'], scripts),
    '',
    '</details>',
  ].join('\n');
}

function renderBytes(results: BenchResults): string {
  const run = results.bytes;
  if (!run) return notMeasured('bytes');
  return [
    'Each page loaded once in a fresh headless Chromium profile (empty cache) at a 390 × 844 viewport, waiting for network idle and, on `/product`, until every part is live (its code has run). Bytes come from the DevTools protocol: *transferred* is what crossed the wire (Brotli, as the server sends to Chromium, plus response headers); *gzip* is each body gzipped at zlib’s default level, the unit the goals use.',
    '',
    renderPageBytes(run.data.home),
    '',
    renderPageBytes(run.data.product),
    '',
    provenance(run),
  ].join('\n');
}

function renderLighthouse(results: BenchResults): string {
  const run = results.lighthouse;
  if (!run) return notMeasured('lighthouse');
  const limit = run.data.productWithoutScripts;
  const series: Array<[string, string, LighthouseSeries]> = [
    ...(['mobile', 'desktop'] as const).flatMap((preset) =>
      (Object.entries(run.data[preset]) as Array<[string, LighthouseSeries]>).map(
        ([page, one]): [string, string, LighthouseSeries] => [preset, code(page), one],
      ),
    ),
    ...(limit
      ? [
          ['mobile', '`/product` saved without scripts (the limit)', limit] as [
            string,
            string,
            LighthouseSeries,
          ],
        ]
      : []),
  ];
  const rows = series.map(([preset, page, series]) => [
    preset,
    page,
    String(series.median.score),
    seconds(series.median.fcpMs),
    seconds(series.median.lcpMs),
    ms(series.median.tbtMs),
    series.median.cls.toFixed(3),
    series.all
      .map((figures) => `${figures.score} / ${seconds(figures.lcpMs)} / ${ms(figures.tbtMs)}`)
      .join('; '),
  ]);
  return [
    `Lighthouse ${LIGHTHOUSE_VERSION} (performance category only) against the production server on loopback, Chromium flags ${code('--headless --no-sandbox --disable-gpu')}, a fresh profile per run. Mobile is Lighthouse's default (Moto G Power emulation, simulated slow 4G, 4× CPU slowdown); desktop is ${code('--preset=desktop')}. Each figure is the median of ${Object.values(run.data.mobile)[0]?.runs ?? 3} runs, taken figure by figure; the pages are measured round by round (every page once per round), so pages compared share the machine's noise.`,
    '',
    'The limit: `/product` fully loaded in Chromium (every part live) at the mobile viewport, saved as HTML with every script, preload and event-handler attribute removed, and served by the same server beside the store (`bench/lighthouse/pageWithoutScripts.ts`).',
    '',
    table(
      ['Preset', 'Page', 'Score', 'FCP', 'LCP', 'TBT', 'CLS', 'Runs (score / LCP / TBT)'],
      rows,
    ),
    '',
    provenance(run),
  ].join('\n');
}

function renderFederation(results: BenchResults): string {
  const run = results.federation;
  if (!run) return notMeasured('federation');
  const { composed, oneBundle } = run.data;
  const row = (label: string, a: number, b: number, format: (value: number) => string) => [
    label,
    format(a),
    format(b),
    ratio(a / b),
  ];
  return [
    'The same `/product` two ways, both served (and composed with the remotes’ server-side markup) by the production server: the composed site (host + two remotes through Module Federation) and a bench-only one-bundle build (`bench/federation/`: the host’s own browser build configuration, which has no federation plugin, and its page pre-render, with the host’s App and the remotes’ exposed modules imported directly through aliases built from each remote’s `exposes` map, adopting the server’s markup of them). The remote entries the page-start script preloads are blocked for the one-bundle page, which does not use them.',
    '',
    table(
      ['`/product`', 'Composed', 'One bundle', 'Composed ÷ one bundle'],
      [
        row('JS, gzip', composed.jsGzip, oneBundle.jsGzip, kb),
        row('JS, transferred', composed.jsTransferred, oneBundle.jsTransferred, kb),
        row('JS requests', composed.jsRequests, oneBundle.jsRequests, count),
        row(
          'CSS files, gzip (the parts’ CSS comes inlined in the HTML in both)',
          composed.cssGzip,
          oneBundle.cssGzip,
          kb,
        ),
        row(
          'JS + CSS, gzip',
          composed.jsGzip + composed.cssGzip,
          oneBundle.jsGzip + oneBundle.cssGzip,
          kb,
        ),
        row(
          'Lighthouse mobile LCP (median)',
          composed.lighthouseMobile.median.lcpMs,
          oneBundle.lighthouseMobile.median.lcpMs,
          seconds,
        ),
        row(
          'Lighthouse mobile TBT (median)',
          composed.lighthouseMobile.median.tbtMs,
          oneBundle.lighthouseMobile.median.tbtMs,
          ms,
        ),
        row(
          'Lighthouse mobile score (median)',
          composed.lighthouseMobile.median.score,
          oneBundle.lighthouseMobile.median.score,
          String,
        ),
      ],
    ),
    '',
    provenance(run),
  ].join('\n');
}

/** `200 × 18` for a list of statuses. */
function summarizeStatuses(statuses: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, times]) => `${status} × ${times}`).join(', ');
}

function renderServer(results: BenchResults): string {
  const run = results.server;
  if (!run) return notMeasured('server');
  const { endpoints, engine, prints } = run.data;
  const limitOf = (name: string | undefined) => endpoints.find((row) => row.name === name);
  const rows = endpoints.map((row) => {
    const limit = limitOf(row.limitName);
    const share =
      row.group === 'generation'
        ? `${percent(row.requestsPerSecond / engine.perSecond)} of the engine`
        : limit
          ? percent(row.requestsPerSecond / limit.requestsPerSecond)
          : row.target === 'bare'
            ? '(the limit)'
            : '';
    return [
      row.target === 'bare' ? `↳ ${row.name}` : row.name,
      count(row.requestsPerSecond),
      share,
      ms(row.p50Ms),
      ms(row.p99Ms),
      count(row.errors),
      count(row.timeouts),
      count(row.non2xx),
      count(row.totalRequests),
      percent(row.machineCpu),
      row.rounds.map(count).join(' / '),
    ];
  });
  rows.push([
    `↳ art engine alone, ${engine.threads} worker threads (no HTTP, no database)`,
    count(engine.perSecond),
    '(the limit)',
    '',
    '',
    '',
    '',
    '',
    count(engine.perSecond * engine.seconds),
    '',
    engine.rounds.map(count).join(' / '),
  ]);
  rows.push([
    '↳ art engine alone, 1 worker thread (how it scales to every core)',
    count(engine.oneThreadPerSecond),
    '',
    '',
    '',
    '',
    '',
    '',
    count(engine.oneThreadPerSecond * engine.seconds),
    '',
    count(engine.oneThreadPerSecond),
  ]);
  const { stall } = prints;
  const { generationStall } = run.data;
  const render = {
    p50: percentile(prints.renderMs, 0.5),
    p99: percentile(prints.renderMs, 0.99),
    max: Math.max(...prints.renderMs),
  };
  return [
    `autocannon (in the bench process, reading each answer's bytes without decoding its body: \`bench/harness/load.ts\`) against the production server on loopback (its own process, embedded database in a fresh folder, \`LOG_LEVEL=warn\`, limits raised), ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s per round after a 2 s warm-up at 10 connections (and, before an endpoint's first round, ${FIRST_WARM_UP_SECONDS} s at full load: a running store is warm, a fresh one is not). Each store row is followed by its limit, measured in the same run in ${LOAD_ROUNDS} alternating rounds (store, limit, store, limit, …; for static files every round starts a store and a bare server of its own, and which goes first alternates, because two processes of the same code can differ by up to 13 % for their whole life); each row shows its median round (errors, time-outs and requests are counted over every round): a bare \`node:http\` server in its own process (\`bench/server/bareServer.ts\`) answering the same bytes and headers from memory, or doing the same checkout validation and one \`INSERT\` into its own embedded database; for generation, the art engine alone on one worker thread per core with the same varied prompts. Generation varies the prompt on every request, each from a shopper of its own; checkout orders the pre-made Sunset Surf design on a Black Men’s M shirt, each request from a shopper of its own (\`X-Forwarded-For\`, trusted for the run), as a shop’s traffic is; one visitor that fast is refused by the per-visitor abuse limit. Print render threads: ${run.data.renderThreads}; art engine threads: ${run.data.artEngineThreads}.`,
    '',
    table(
      [
        'Endpoint',
        'Requests/s',
        'Share of its limit',
        'p50',
        'p99',
        'Errors',
        'Timeouts',
        'Non-2xx',
        'Requests',
        'CPU busy (both cores)',
        'Rounds (requests/s)',
      ],
      rows,
    ),
    '',
    `**Generation.** Small static answers (${code(generationStall.path)}, ${generationStall.ratePerSecond} requests/s over 10 connections, 5 s): idle p50 ${ms(generationStall.idle.p50Ms)} / p99 ${ms(generationStall.idle.p99Ms)}; while generation runs at ${LOAD_CONNECTIONS} connections (${count(generationStall.generationPerSecond)} generations/s) p50 ${ms(generationStall.duringGeneration.p50Ms)} / p99 ${ms(generationStall.duringGeneration.p99Ms)} (${count(generationStall.idle.errors + generationStall.duringGeneration.errors)} failed).`,
    '',
    `**Print renders.** Small static answers (${code(stall.path)}, ${stall.ratePerSecond} requests/s over 10 connections, 5 s), idle and then while 6 print renders run, in ${stall.rounds.length} rounds (p99 idle / during renders: ${stall.rounds.map((round) => `${ms(round.idleP99Ms)} / ${ms(round.duringRendersP99Ms)}`).join(', ')}); the median round by p99: idle p50 ${ms(stall.idle.p50Ms)} / p99 ${ms(stall.idle.p99Ms)}, while renders run p50 ${ms(stall.duringRenders.p50Ms)} / p99 ${ms(stall.duringRenders.p99Ms)} (${count(stall.idle.errors + stall.duringRenders.errors)} failed; the print requests answered ${summarizeStatuses(stall.printStatuses)}). Print PNG one at a time through the server (${prints.renderMs.length} artworks, every style): p50 ${seconds(render.p50)}, p99 ${seconds(render.p99)}, max ${seconds(render.max)}. Memory of the server process (every flood artwork in the ${FLOOD_STYLE} style: one render's memory depends mostly on its style): ${mib(prints.baselineRssBytes)} before the floods; ${prints.floods
      .map(
        (flood) =>
          `${flood.requests} print requests at once → ${flood.served} served, ${flood.refused} refused with 503${flood.other > 0 ? `, ${flood.other} other` : ''}, peak RSS ${mib(flood.peakRssBytes)}`,
      )
      .join('; ')}.`,
    '',
    provenance(run),
  ].join('\n');
}

function renderReleases(results: BenchResults): string {
  const run = results.releases;
  if (!run) return notMeasured('releases');
  const data = run.data;
  return [
    'Two designer releases copied back and forth with `cp -r` over the folder the store serves (once a second, ' +
      `${count(data.copies)} copies), while ${count(data.pageLoads)} loads of \`/product\` fetched every script the page names, Brotli, gzip and plain in turn, 8 at a time (\`bench/server/releaseCopy.ts\`). ` +
      'Then a hot fix: `remoteEntry.js` rewritten with no compressed copies, at once after its old ones, loaded in every encoding.',
    '',
    table(
      ['Measure', 'Count'],
      [
        ['Script loads', count(data.scriptLoads)],
        ['200s not a whole file of a release (empty, cut or mixed)', count(data.notWhole)],
        ['…of which empty', count(data.empty)],
        ['503 with Retry-After (a file being copied, no whole version held)', count(data.refused)],
        ['Other statuses', count(data.otherStatuses)],
        [
          'Hot-fix loads / stale compressed copies',
          `${count(data.hotFixLoads)} / ${count(data.staleCopies)}`,
        ],
      ],
    ),
    '',
    provenance(run),
  ].join('\n');
}

function renderComposition(results: BenchResults): string {
  const run = results.composition;
  if (!run) return notMeasured('composition');
  const { home, product } = run.data;
  const row = (figures: typeof home) => [
    code(`GET ${figures.path}`),
    count(figures.requestsPerSecond),
    ms(figures.p99Ms),
    count(figures.errors),
    count(figures.non2xx),
    figures.rounds.map(count).join(' / '),
  ];
  return [
    `autocannon (in the bench process, bodies not decoded: \`bench/harness/load.ts\`) against the production server on loopback, ${run.data.connections} connections, ${run.data.seconds} s per page, Brotli accepted as a browser does, the two pages alternating in three rounds (the median round is shown). \`/\` is a pre-rendered page sent as it is; \`/product\` is composed per request: both remotes’ fragments revalidated, the composed page looked up by their releases.`,
    '',
    table(
      ['Page', 'Requests/s', 'p99', 'Errors', 'Non-2xx', 'Rounds (requests/s)'],
      [row(home), row(product)],
    ),
    '',
    `\`/product\` ÷ \`/\`: ${ratio(product.requestsPerSecond / home.requestsPerSecond)}.`,
    '',
    provenance(run),
  ].join('\n');
}

function renderArt(results: BenchResults): string {
  const run = results.art;
  if (!run) return notMeasured('art');
  return [
    '`bench/art/artBench.ts` in its own process: SVG generation and size over every style × shirt colour × prompt, the print PNG render time per style against its 3 s p99 limit, the contrast rule judged from rendered pixels (`art/src/ink/measureInk.ts`) on every style × shirt colour × prompt, the subject\'s own span of the print area (its drawings, rendered: `art/src/ink/subjectSpan.ts`), and the share of the popular and the uncommon themes (`art/themes/`) whose subject is drawn.',
    '',
    ...run.data.table,
    '',
    run.data.note,
    '',
    provenance(run),
  ].join('\n');
}

function renderInteraction(results: BenchResults): string {
  const run = results.interaction;
  if (!run) return notMeasured('interaction');
  const { phone, runs } = run.data;
  return [
    `Debian's Chromium as a mid-range phone, set through the DevTools protocol before each navigation: ${code(`Emulation.setCPUThrottlingRate ${phone.cpuSlowdown}`)}, ${code(`Network.emulateNetworkConditions`)} at ${phone.latencyMs} ms latency, ${((phone.downloadBytesPerSecond * 8) / 1024 / 1024).toFixed(1)} Mbps down and ${Math.round((phone.uploadBytesPerSecond * 8) / 1024)} kbps up, a ${phone.viewport.width} × ${phone.viewport.height} window; the store's production server on loopback with its built-in art engine, warmed by one unthrottled tap first. Each of the ${runs.length} runs opens two fresh browsers (empty cache): one loads \`/product\` and leaves it alone (FCP and LCP from PerformanceObserver, each part's live time from a MutationObserver on \`data-part-state\`; an input would end LCP), the other taps Generate Art as soon as it is visible, waits for the art on the shirt (the preview's artwork first painted: its Element Timing ${code('renderTime')}, the presentation of the frame that painted it, the ${code('elementtiming')} attribute set as the image enters the preview; an image whose paint is not reported counts once loaded, decoded and one frame later), lets the network rest 3 s, then changes the shirt colour from dark to light (the art's ink refitted), until the preview's artwork carries the new colour (\`data-drawn-for\` or \`?shirt=\`). Times are page times; the tap is the input's time stamp. Network + server time comes from Resource Timing: the generation, plus the longest request the shown art needed after the answer (none for art carried in a \`data:\` URL). The link's floor comes from the load left alone's Resource Timing: the bytes (headers included) that came in after LCP for every request begun before every part was live (a response under way at LCP counted for its share after it, at an even rate), at the link's rate from LCP, and no sooner than one round trip after LCP plus the bytes of the requests made after it. Every request under \`/creator/\` between the tap and the art is counted, web-vitals beacons included. Medians are taken figure by figure; each ratio is the median of its runs' own ratios.`,
    '',
    interactionTable(run.data),
    '',
    provenance(run),
  ].join('\n');
}

export function renderReport(results: BenchResults): string {
  const verdicts = judgeGoals(results);
  return [
    '# Benchmarks',
    '',
    '<!-- Generated by `npm run bench` (bench/main.ts) from bench/results.json. Do not edit by hand. -->',
    '',
    'Figures against the performance goals: fast on a mid-range phone with federation costing near nothing; `/product` complete in its first HTML, as fast as the page without scripts, and live soon after; and a server that never stalls (each endpoint against its own limit measured in the same run). `npm run bench` runs every part and rewrites this file; `npm run bench -- <part>` (bytes, lighthouse, federation, server, releases, composition, art, interaction) reruns one part and keeps the others’ latest figures. The runner builds the store first when a build is missing or older than its sources.',
    '',
    '## Goals',
    '',
    renderGoals(results),
    '',
    '## Machine',
    '',
    renderMachine(results),
    '',
    '## 1. Bytes downloaded',
    '',
    renderBytes(results),
    '',
    '## 2. Lighthouse',
    '',
    renderLighthouse(results),
    '',
    '## 3. Federation overhead',
    '',
    renderFederation(results),
    '',
    '## 4. Server throughput',
    '',
    renderServer(results),
    '',
    '## 4b. Releases copied over a live store',
    '',
    renderReleases(results),
    '',
    '## 5. Server-side composition',
    '',
    renderComposition(results),
    '',
    '## 6. Art engine',
    '',
    renderArt(results),
    '',
    '## 7. Interaction on a mid-range phone',
    '',
    renderInteraction(results),
    '',
    '## What limits the goals not met',
    '',
    renderLimits(results, verdicts),
    '',
  ].join('\n');
}
