/**
 * Benchmark 7: `/product` on a mid-range phone (4× CPU slowdown, 1.6 Mbps down, 750 kbps up,
 * 150 ms latency, 412 × 823), each figure beside its limit in the same run. Every run opens two
 * fresh browsers: one loads the page and leaves it alone (FCP, LCP, every part live: an input
 * would end LCP), one taps Generate Art at first paint, waits for the art on the shirt, then
 * changes the shirt colour.
 */
import { join } from 'node:path';
import { launchBrowser, type TestBrowser } from '@tshirt/e2e/harness/browser';
import { GENERATE_IMAGE_PATH, VITALS_PATH } from '@tshirt/shared/api';
import { GENERATED_IMAGE_PATH_PREFIX, type ShirtColor } from '@tshirt/shared/catalog';
import { FIELD_LABELS, GENERATE_BUTTON_LABELS } from '@tshirt/shared/labels';
import { startStoreServer } from '@tshirt/tooling/test/storeServer';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { Page, Request } from 'playwright-core';
import { median } from '../harness/stats';
import { interactionTable } from './interactionGoals';
import {
  EVERY_PART_LIVE,
  INSTRUMENTATION_SCRIPT,
  RESOURCE_MARKS,
  SNAPSHOT_MARKS,
  artworkShown,
  watchFittedArtwork,
  type PageMarks,
  type ResourceMark,
} from './pageInstrumentation';

/**
 * Five: one run's tap ratio swings by about a third either way on a shared machine (the tasks the
 * tap lands among, the frames the art waits for), and every figure is the median of the runs.
 */
export const INTERACTION_RUNS = Number(process.env.INTERACTION_BENCH_RUNS ?? 5);
/**
 * A folder to keep a Chromium performance trace of each tap run in (`tap-run-N.json`, to open in
 * DevTools' Performance panel): where the time from the tap to the art goes. Unset: no trace.
 */
const TRACE_FOLDER = process.env.INTERACTION_BENCH_TRACE_DIR;

/** A mid-range phone on a slow mobile network, as set through the DevTools protocol. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** Any one step (a load, a tap, the art arriving) that takes longer fails the part. */
const STEP_LIMIT_MS = 60_000;
/** How long the network stays quiet before the page counts as idle. */
const QUIET_NETWORK_MS = 3_000;
const CREATOR_PATH_PREFIX = '/creator/';
/**
 * The colour the shirt is changed to, or the other one when the shirt already has it: light after
 * dark, so the art's ink is refitted (between two dark shirts its drawing can be the same bytes).
 */
const NEW_COLOURS: readonly [ShirtColor, ShirtColor] = ['White', 'Black'];

export const INTERACTION_FIGURES = [
  'fcpMs',
  'lcpMs',
  'lastPartLiveMs',
  'liveOverLcp',
  'scriptsArrivedMs',
  'bytesAfterPaint',
  'linkFloorMs',
  'linkFloorOverLcp',
  'tapToArtMs',
  'networkServerMs',
  'tapOverNetwork',
  'creatorRequestsAfterTap',
  'colourToArtMs',
  'imageRequestsAfterColour',
] as const;
export type InteractionFigure = (typeof INTERACTION_FIGURES)[number];

export interface InteractionRun {
  /** null when it could not be measured; `missing` says why. */
  figures: Record<InteractionFigure, number | null>;
  missing: Partial<Record<InteractionFigure, string>>;
  /** The page left alone: each part → when it went live. */
  partsLiveMs: Record<string, number>;
  firstPartLive: string | null;
  lastPartLive: string | null;
  tap: {
    /** Page time of the tap, and how long the input waited for the page's main thread. */
    atMs: number | null;
    inputDelayMs: number | null;
    /** Tap → the generation request leaving (held until the part was live, then its handler). */
    toRequestMs: number | null;
    generationMs: number | null;
    /** The longest request the art needed under /creator/images/, started after the answer. */
    artRequestMs: number | null;
    /** The generation answer's end → the art shown. */
    answerToArtMs: number | null;
    /** How the art's time was taken: its first paint, or (none reported) decoded, a frame later. */
    shownBy: 'painted' | 'decoded' | null;
    creatorRequests: string[];
  };
  colour: {
    from: string;
    to: string;
    imageRequests: string[];
    shownBy: 'painted' | 'decoded';
  } | null;
}

export interface InteractionResult {
  phone: typeof PHONE;
  runs: InteractionRun[];
  /** Each figure's median over the runs that measured it, taken figure by figure. */
  median: Record<InteractionFigure, number | null>;
}

async function step<T>(run: number, what: string, action: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`interaction run ${run}: ${what} took longer than 60 s`)),
      STEP_LIMIT_MS,
    );
  });
  try {
    return await Promise.race([action, limit]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      message.startsWith('interaction run')
        ? message
        : `interaction run ${run}: ${what}: ${message}`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Requests the page has in flight, to wait until its network has been quiet a while. */
function watchNetwork(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
  });
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quietFor(quietMs: number): Promise<void> {
      await waitUntil(
        () => inFlight.size === 0 && Date.now() - lastChange >= quietMs,
        () => {
          const pending = [...inFlight].map((request) => request.url()).join(', ');
          return `the network rested ${quietMs} ms (in flight: ${pending || 'none'})`;
        },
        { timeoutMs: STEP_LIMIT_MS, everyMs: 100 },
      );
    },
  };
}

interface PhonePage {
  page: Page;
  network: ReturnType<typeof watchNetwork>;
  close(): Promise<void>;
}

/** A fresh browser (empty cache) on the phone, instrumented, with `/product` committed. */
async function openProductPage(
  url: string,
  emulatePhone: boolean,
  tracePath?: string,
): Promise<PhonePage> {
  const browser: TestBrowser = await launchBrowser();
  try {
    const page = await browser.newPage(PHONE.viewport);
    const chromium = browser.context.browser();
    if (tracePath && chromium) {
      await chromium.startTracing(page, { path: tracePath, screenshots: false });
    }
    if (emulatePhone) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE.latencyMs,
        downloadThroughput: PHONE.downloadBytesPerSecond,
        uploadThroughput: PHONE.uploadBytesPerSecond,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    }
    await page.addInitScript(INSTRUMENTATION_SCRIPT);
    const network = watchNetwork(page);
    await page.goto(new URL('/product', url).href, { waitUntil: 'commit', timeout: STEP_LIMIT_MS });
    const close = async () => {
      if (tracePath) await chromium?.stopTracing();
      await browser.close();
    };
    return { page, network, close };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

const marksOf = (page: Page) => page.evaluate<PageMarks>(SNAPSHOT_MARKS);
const resourcesOf = (page: Page) => page.evaluate<ResourceMark[]>(RESOURCE_MARKS);
/** Polls `condition` (page.waitForFunction would evaluate it with eval, which the page's CSP refuses). */
async function waitFor(page: Page, condition: string): Promise<void> {
  await waitUntil(() => page.evaluate<boolean>(condition), condition, {
    timeoutMs: STEP_LIMIT_MS,
    everyMs: 100,
  });
}

/** A generation's query holds the shopper's words: the path is enough to name it. */
function requestName(path: string): string {
  return path.startsWith(GENERATE_IMAGE_PATH) ? GENERATE_IMAGE_PATH : path;
}

function startedBetween(
  resources: readonly ResourceMark[],
  prefix: string,
  fromMs: number,
  toMs: number,
) {
  return resources.filter(
    (entry) => entry.path.startsWith(prefix) && entry.startMs >= fromMs && entry.startMs <= toMs,
  );
}

/**
 * Of the image requests after the generation's answer, those the shown art needed: none for art
 * carried in a `data:` URL, its own file for a store URL, any of them for a `blob:` (fetched, but
 * not said from where). The gallery's thumbnail of the same art is not on the art's path.
 */
function requestsTheArtNeeded(requests: readonly ResourceMark[], src: string): ResourceMark[] {
  if (src.startsWith('data:')) return [];
  if (src.startsWith('blob:')) return [...requests];
  const { pathname, search } = new URL(src);
  return requests.filter((entry) => entry.path === pathname + search);
}

const LINK_FLOOR_FIGURES = [
  'scriptsArrivedMs',
  'bytesAfterPaint',
  'linkFloorMs',
  'linkFloorOverLcp',
] as const satisfies readonly InteractionFigure[];

/**
 * Of a response, the bytes that came in after `ms`: all of them when it began after, none when it
 * ended before, and otherwise its share at an even rate between its first byte and its last.
 */
function bytesAfter(entry: ResourceMark, ms: number): number {
  if (entry.responseEndMs <= ms) return 0;
  if (entry.responseStartMs >= ms) return entry.transferBytes;
  const receiving = entry.responseEndMs - entry.responseStartMs;
  return (entry.transferBytes * (entry.responseEndMs - ms)) / receiving;
}

/**
 * What the link alone allows for the load left alone: when the last script the page ran before
 * every part was live had arrived; the bytes that came in after the first paint until then
 * (scripts, and images such as the gallery's); and the earliest those bytes can all be in on the
 * phone's link: from LCP at the link's rate, and no sooner than one round trip after LCP plus the
 * bytes of the requests made after it (the parts' scripts, asked for at the first paint). That
 * floor ÷ LCP is every part live ÷ LCP with no CPU time and the link always full.
 */
function linkFloor(
  resources: readonly ResourceMark[],
  lcpMs: number,
  lastPartLiveMs: number,
  figures: InteractionRun['figures'],
): void {
  const beforeLive = resources.filter((entry) => entry.startMs <= lastPartLiveMs);
  // Only a script in before every part was live can have run before.
  const scripts = beforeLive.filter((entry) =>
    new URL(entry.path, 'http://page').pathname.endsWith('.js'),
  );
  const atLinkRate = (bytes: number) => (bytes / PHONE.downloadBytesPerSecond) * 1000;
  figures.scriptsArrivedMs = Math.max(
    0,
    ...scripts
      .map((entry) => entry.responseEndMs)
      .filter((arrivedMs) => arrivedMs <= lastPartLiveMs),
  );
  figures.bytesAfterPaint = beforeLive.reduce((sum, entry) => sum + bytesAfter(entry, lcpMs), 0);
  const askedAfterPaint = beforeLive
    .filter((entry) => entry.startMs >= lcpMs)
    .reduce((sum, entry) => sum + entry.transferBytes, 0);
  figures.linkFloorMs =
    lcpMs +
    Math.max(atLinkRate(figures.bytesAfterPaint), PHONE.latencyMs + atLinkRate(askedAfterPaint));
  figures.linkFloorOverLcp = figures.linkFloorMs / lcpMs;
}

/** Figures 1 and 2: the page loaded and left alone until every part is live and the network rests. */
async function measureLoad(url: string, run: number, measured: InteractionRun): Promise<void> {
  const { page, network, close } = await step(run, 'opening /product', openProductPage(url, true));
  try {
    await step(run, 'every part of /product live', waitFor(page, EVERY_PART_LIVE));
    await step(run, 'a quiet network after the load', network.quietFor(QUIET_NETWORK_MS));
    const marks = await marksOf(page);
    const { figures, missing } = measured;
    figures.fcpMs = marks.fcpMs;
    if (marks.fcpMs === null) missing.fcpMs = 'the page reported no first-contentful-paint';
    figures.lcpMs = marks.lcpMs;
    if (marks.lcpMs === null) missing.lcpMs = 'the page reported no largest-contentful-paint';
    const live = Object.entries(marks.partsLiveMs).sort((a, b) => a[1] - b[1]);
    measured.partsLiveMs = marks.partsLiveMs;
    measured.firstPartLive = live[0]?.[0] ?? null;
    measured.lastPartLive = live.at(-1)?.[0] ?? null;
    if (live.length < marks.partCount) {
      missing.lastPartLiveMs = `${marks.partCount - live.length} of ${marks.partCount} parts went live unseen`;
    } else {
      figures.lastPartLiveMs = live.at(-1)?.[1] ?? null;
    }
    if (figures.lastPartLiveMs !== null && marks.lcpMs !== null) {
      figures.liveOverLcp = figures.lastPartLiveMs / marks.lcpMs;
      linkFloor(await resourcesOf(page), marks.lcpMs, figures.lastPartLiveMs, figures);
    } else {
      missing.liveOverLcp = missing.lastPartLiveMs ?? missing.lcpMs;
      for (const figure of LINK_FLOOR_FIGURES) missing[figure] = missing.liveOverLcp;
    }
  } finally {
    await close();
  }
}

/** Figures 3 and 4: Generate Art tapped at first paint, then the shirt colour changed once idle. */
async function measureTapAndColour(
  url: string,
  run: number,
  measured: InteractionRun,
): Promise<void> {
  const { page, network, close } = await step(
    run,
    'opening /product',
    openProductPage(url, true, TRACE_FOLDER && join(TRACE_FOLDER, `tap-run-${run}.json`)),
  );
  const { figures, missing, tap } = measured;
  try {
    const generate = page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle, exact: true });
    await step(
      run,
      'tapping Generate Art at first paint',
      generate.click({ timeout: STEP_LIMIT_MS }),
    );
    await step(run, 'the art on the shirt after the tap', waitFor(page, artworkShown('art')));
    await step(run, 'every part live after the art', waitFor(page, EVERY_PART_LIVE));
    await step(run, 'a quiet network after the art', network.quietFor(QUIET_NETWORK_MS));
    const afterTap = await marksOf(page);
    const shown = afterTap.shown.art;
    if (!afterTap.tap || !shown) {
      for (const figure of ['tapToArtMs', 'tapOverNetwork', 'creatorRequestsAfterTap'] as const)
        missing[figure] = 'the page saw no pointerdown or click on Generate Art';
    } else {
      tap.atMs = afterTap.tap.atMs;
      tap.inputDelayMs = afterTap.tap.handledAtMs - afterTap.tap.atMs;
      tap.shownBy = shown.how;
      figures.tapToArtMs = shown.atMs - afterTap.tap.atMs;
      const resources = await resourcesOf(page);
      const afterTapRequests = startedBetween(
        resources,
        CREATOR_PATH_PREFIX,
        afterTap.tap.atMs,
        shown.atMs,
      );
      tap.creatorRequests = afterTapRequests.map((entry) => requestName(entry.path));
      // Web Vitals beacons are the page reporting on itself, not a step towards the art.
      figures.creatorRequestsAfterTap = afterTapRequests.filter(
        (entry) => !entry.path.startsWith(VITALS_PATH),
      ).length;
      const generation = afterTapRequests.find((entry) =>
        entry.path.startsWith(GENERATE_IMAGE_PATH),
      );
      if (!generation) {
        missing.networkServerMs = `no ${GENERATE_IMAGE_PATH} request between the tap and the art`;
        missing.tapOverNetwork = missing.networkServerMs;
      } else {
        tap.toRequestMs = generation.startMs - afterTap.tap.atMs;
        tap.generationMs = generation.responseEndMs - generation.startMs;
        tap.answerToArtMs = shown.atMs - generation.responseEndMs;
        const artRequests = requestsTheArtNeeded(
          startedBetween(
            resources,
            GENERATED_IMAGE_PATH_PREFIX,
            generation.responseEndMs,
            shown.atMs,
          ),
          shown.src,
        );
        tap.artRequestMs = Math.max(
          0,
          ...artRequests.map((entry) => entry.responseEndMs - entry.startMs),
        );
        figures.networkServerMs = tap.generationMs + tap.artRequestMs;
        figures.tapOverNetwork = figures.tapToArtMs / figures.networkServerMs;
      }
    }

    const colourSelect = page.getByLabel(FIELD_LABELS.shirtColor, { exact: true });
    const from = await step(
      run,
      'reading the shirt colour',
      colourSelect.inputValue({ timeout: STEP_LIMIT_MS }),
    );
    const to = NEW_COLOURS[0] === from ? NEW_COLOURS[1] : NEW_COLOURS[0];
    await page.evaluate(watchFittedArtwork('colour', to));
    await step(
      run,
      `changing the shirt colour to ${to}`,
      colourSelect.selectOption(to, { timeout: STEP_LIMIT_MS }),
    );
    await step(run, `the art drawn for a ${to} shirt shown`, waitFor(page, artworkShown('colour')));
    await step(run, 'a quiet network after the colour change', network.quietFor(QUIET_NETWORK_MS));
    const afterColour = await marksOf(page);
    const change = afterColour.colourChanges.findLast((candidate) => candidate.colour === to);
    const fitted = afterColour.shown.colour;
    if (!change || !fitted) {
      missing.colourToArtMs = `the page saw no change event to ${to}`;
      missing.imageRequestsAfterColour = missing.colourToArtMs;
    } else {
      const imageRequests = startedBetween(
        await resourcesOf(page),
        GENERATED_IMAGE_PATH_PREFIX,
        change.atMs,
        fitted.atMs,
      ).map((entry) => entry.path);
      measured.colour = { from, to, imageRequests, shownBy: fitted.how };
      figures.colourToArtMs = fitted.atMs - change.atMs;
      figures.imageRequestsAfterColour = imageRequests.length;
    }
  } finally {
    await close();
  }
}

function emptyRun(): InteractionRun {
  return {
    figures: Object.fromEntries(INTERACTION_FIGURES.map((figure) => [figure, null])) as Record<
      InteractionFigure,
      number | null
    >,
    missing: {},
    partsLiveMs: {},
    firstPartLive: null,
    lastPartLive: null,
    tap: {
      atMs: null,
      inputDelayMs: null,
      toRequestMs: null,
      generationMs: null,
      artRequestMs: null,
      answerToArtMs: null,
      shownBy: null,
      creatorRequests: [],
    },
    colour: null,
  };
}

/** One tap and its art without the phone's slowdowns: the server's caches and art threads warm. */
async function warmUp(url: string): Promise<void> {
  const { page, close } = await step(0, 'opening /product (warm-up)', openProductPage(url, false));
  try {
    await step(0, 'every part live (warm-up)', waitFor(page, EVERY_PART_LIVE));
    await page.getByRole('button', { name: GENERATE_BUTTON_LABELS.idle, exact: true }).click();
    await step(0, 'the art on the shirt (warm-up)', waitFor(page, artworkShown('art')));
  } finally {
    await close();
  }
}

function medianFigures(runs: readonly InteractionRun[]): InteractionResult['median'] {
  return Object.fromEntries(
    INTERACTION_FIGURES.map((figure) => {
      const values = runs.map((run) => run.figures[figure]).filter((value) => value !== null);
      return [figure, values.length === 0 ? null : median(values)];
    }),
  ) as InteractionResult['median'];
}

export async function runInteractionBench(): Promise<InteractionResult> {
  if (!Number.isInteger(INTERACTION_RUNS) || INTERACTION_RUNS < 1) {
    throw new Error(
      `INTERACTION_BENCH_RUNS must be a whole number of runs, not ${INTERACTION_RUNS}`,
    );
  }
  const server = await startStoreServer({ GENERATION_DAILY_LIMIT: '1000' });
  try {
    console.log('  warm-up: one tap and its art, no slowdown');
    await warmUp(server.url);
    const runs: InteractionRun[] = [];
    for (let run = 1; run <= INTERACTION_RUNS; run += 1) {
      const measured = emptyRun();
      console.log(`  run ${run}/${INTERACTION_RUNS}: /product loaded and left alone`);
      await measureLoad(server.url, run, measured);
      console.log(
        `  run ${run}/${INTERACTION_RUNS}: Generate Art tapped at first paint, then the shirt colour`,
      );
      await measureTapAndColour(server.url, run, measured);
      runs.push(measured);
    }
    const result: InteractionResult = { phone: PHONE, runs, median: medianFigures(runs) };
    console.log(interactionTable(result));
    console.log(`DATA ${JSON.stringify(result)}`);
    return result;
  } finally {
    await server.stop();
  }
}
