/**
 * What the interaction benchmark watches from inside the page, installed before the page's own
 * scripts: paints, each part going live, the tap on Generate, shirt colour changes, and the artwork
 * shown on the shirt preview. Strings, not functions: tsx would name a function's inner helpers
 * with a `__name` the page lacks.
 */
import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
import { PART_LIVE } from '@tshirt/shared/pageStart';
import { SHIRT_COLOR_PARAMETER } from '@tshirt/shared/artworkUrls';
import { GENERATED_IMAGE_PATH_PREFIX } from '@tshirt/shared/catalog';
import { GENERATE_BUTTON_LABELS } from '@tshirt/shared/labels';
import { PRODUCT_PART_COUNT } from '@tshirt/e2e/harness/parts';

/** The alt of a model's partial picture on the preview (remote-designer's ShirtPreview): not the art. */
const DRAWING_ALT = 'Your artwork, still being drawn';

/** The figures the page keeps, in page time (ms since navigation start). */
export interface PageMarks {
  fcpMs: number | null;
  /** The latest largest-contentful-paint candidate. */
  lcpMs: number | null;
  /** Each part (its `data-remote-part` value) → when the host marked it live. */
  partsLiveMs: Record<string, number>;
  partCount: number;
  /** The tap on Generate as the input arrived (the event's time stamp), and as its listener ran. */
  tap: { atMs: number; handledAtMs: number } | null;
  /** Shirt colour changes, in order. */
  colourChanges: Array<{ colour: string; atMs: number }>;
  /**
   * Artwork shown, by the name it was watched under: when it was first painted (its Element
   * Timing renderTime, the frame's presentation), or, for an image the browser reported no paint
   * of, once loaded, decoded and one frame later.
   */
  shown: Record<string, { atMs: number; src: string; how: 'painted' | 'decoded' }>;
}

export interface ResourceMark {
  /** Path and query of a same-origin request, or the whole URL. */
  path: string;
  startMs: number;
  /** The response's first byte. */
  responseStartMs: number;
  responseEndMs: number;
  /** Bytes on the wire, headers included (0 when served from the cache). */
  transferBytes: number;
}

const GLOBAL = '__interactionBench';

/** Installed with `page.addInitScript`: records everything in PageMarks as it happens. */
export const INSTRUMENTATION_SCRIPT = `(() => {
  const PART = ${JSON.stringify(PART_ATTRIBUTES.part)};
  const STATE = ${JSON.stringify(PART_ATTRIBUTES.state)};
  const LIVE = ${JSON.stringify(PART_LIVE)};
  const GENERATE_LABEL = ${JSON.stringify(GENERATE_BUTTON_LABELS.idle)};
  const DRAWING_ALT = ${JSON.stringify(DRAWING_ALT)};
  const GENERATED_PREFIX = ${JSON.stringify(GENERATED_IMAGE_PATH_PREFIX)};
  const SHIRT_PARAMETER = ${JSON.stringify(SHIRT_COLOR_PARAMETER)};
  const marks = {
    fcpMs: null,
    lcpMs: null,
    partsLiveMs: {},
    partCount: 0,
    tap: null,
    colourChanges: [],
    shown: {},
  };
  const watchers = [];
  window.${GLOBAL} = { marks, watchArtwork, snapshot, resources };
  performance.setResourceTimingBufferSize(5000);

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') marks.fcpMs = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcpMs = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });

  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      const element = record.target;
      if (element.getAttribute(STATE) !== LIVE) continue;
      const name = element.getAttribute(PART) || '(unnamed part)';
      if (!(name in marks.partsLiveMs)) marks.partsLiveMs[name] = now;
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: [STATE] });

  function isGenerateButton(target) {
    const button = target instanceof Element ? target.closest('button') : null;
    return button !== null && (button.textContent || '').trim() === GENERATE_LABEL;
  }
  function recordTap(event) {
    if (marks.tap !== null || !isGenerateButton(event.target)) return;
    const now = performance.now();
    const stamp = event.timeStamp > 0 && event.timeStamp <= now ? event.timeStamp : now;
    marks.tap = { atMs: stamp, handledAtMs: now };
  }
  addEventListener('pointerdown', recordTap, true);
  addEventListener('click', recordTap, true);
  addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement)
      marks.colourChanges.push({ colour: event.target.value, atMs: performance.now() });
  }, true);

  function previewPart() {
    for (const part of document.querySelectorAll('[' + PART + ']')) {
      for (const picture of part.querySelectorAll('[role="img"]'))
        if (/t-shirt preview$/.test(picture.getAttribute('aria-label') || '')) return part;
    }
    return null;
  }
  function artworkImages() {
    const part = previewPart();
    if (part === null) return [];
    return [...part.querySelectorAll('img')].filter(
      (image) => image.alt !== '' && image.alt !== DRAWING_ALT,
    );
  }
  function isGenerated(src) {
    // The art drawn in the page from the generation's answer, or the store's file of it.
    if (src.startsWith('blob:') || src.startsWith('data:')) return true;
    try {
      return new URL(src, location.href).pathname.startsWith(GENERATED_PREFIX);
    } catch {
      return false;
    }
  }
  function drawnFor(image, colour) {
    if (image.getAttribute('data-drawn-for') === colour) return true;
    try {
      return new URL(image.src, location.href).searchParams.get(SHIRT_PARAMETER) === colour;
    } catch {
      return false;
    }
  }
  const TESTS = {
    generatedOtherThan: (image, before) => isGenerated(image.src) && image.src !== before,
    fittedFor: (image, colour) => drawnFor(image, colour),
  };

  // When each generated artwork was first painted (Element Timing: the attribute is set as the
  // image enters the preview, before the frame that paints it), by image element and source.
  const painted = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.element || !(entry.renderTime > 0)) continue;
      const paints = painted.get(entry.element) || [];
      paints.push({ url: entry.url, atMs: entry.renderTime });
      painted.set(entry.element, paints);
    }
    checkWatchers();
  }).observe({ type: 'element', buffered: true });
  // When each image was given its current source: a paint before that showed another one (a
  // data: URL is reported by its first 100 characters only, the same for every drawing).
  const sourceSetAt = new Map();
  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      if (record.type === 'attributes') sourceSetAt.set(record.target, now);
      for (const node of record.addedNodes || []) {
        if (!(node instanceof Element)) continue;
        for (const image of node.matches('img') ? [node] : node.querySelectorAll('img'))
          sourceSetAt.set(image, now);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
  /** When \`image\` was first painted showing \`src\`. */
  function paintedAt(image, src) {
    const since = sourceSetAt.get(image) ?? 0;
    const paint = (painted.get(image) || []).find(
      ({ url, atMs }) =>
        atMs >= since && (url === src || (url.startsWith('data:') && src.startsWith(url))),
    );
    return paint && paint.atMs;
  }
  let timed = 0;
  function timeGeneratedArt() {
    for (const image of artworkImages()) {
      if (isGenerated(image.src) && !image.hasAttribute('elementtiming'))
        image.setAttribute('elementtiming', 'art-' + (timed += 1));
    }
  }
  /** How long a found artwork's paint may take to be reported before the fallback time is used. */
  const PAINT_REPORT_WAIT_MS = 1000;

  /** Records marks.shown[name] once an artwork passing the test is shown. */
  function watchArtwork(name, test, argument) {
    watchers.push({ name, test: TESTS[test], argument, found: null });
    checkWatchers();
  }
  function show(watcher, atMs, how) {
    if (!(watcher.name in marks.shown))
      marks.shown[watcher.name] = { atMs, src: watcher.found.src, how };
  }
  function checkWatchers() {
    timeGeneratedArt();
    for (const watcher of watchers) {
      if (watcher.name in marks.shown) continue;
      if (watcher.found) {
        const at = paintedAt(watcher.found.image, watcher.found.src);
        if (at !== undefined) show(watcher, at, 'painted');
        continue;
      }
      const image = artworkImages().find(
        (candidate) =>
          watcher.test(candidate, watcher.argument) && candidate.complete && candidate.naturalWidth > 0,
      );
      if (!image) continue;
      const src = image.currentSrc || image.src;
      watcher.found = { image, src };
      const at = paintedAt(image, src);
      if (at !== undefined) {
        show(watcher, at, 'painted');
        continue;
      }
      image
        .decode()
        .catch(() => undefined)
        .then(() =>
          requestAnimationFrame(() => {
            const fallbackAt = performance.now();
            setTimeout(() => show(watcher, fallbackAt, 'decoded'), PAINT_REPORT_WAIT_MS);
          }),
        );
    }
  }
  new MutationObserver(checkWatchers).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['src', 'alt', 'data-drawn-for'],
  });
  document.addEventListener('load', checkWatchers, true);

  function snapshot() {
    marks.partCount = document.querySelectorAll('[' + PART + ']').length;
    return JSON.parse(JSON.stringify(marks));
  }
  function resources() {
    return performance.getEntriesByType('resource').map((entry) => {
      const url = new URL(entry.name);
      return {
        path: url.origin === location.origin ? url.pathname + url.search : entry.name,
        startMs: entry.startTime,
        responseStartMs: entry.responseStart,
        responseEndMs: entry.responseEnd,
        transferBytes: entry.transferSize,
      };
    });
  }

  // The art the tap asks for: any generated artwork, from the first paint on.
  watchArtwork('art', 'generatedOtherThan', '');
})();`;

const call = (expression: string) => `window.${GLOBAL}.${expression}`;

/** Evaluated for a PageMarks. */
export const SNAPSHOT_MARKS = call('snapshot()');
/** Evaluated for ResourceMark[]: every request's Resource Timing entry so far. */
export const RESOURCE_MARKS = call('resources()');

/** Evaluated to start watching for the artwork drawn for `colour` (recorded as `shown[name]`). */
export function watchFittedArtwork(name: string, colour: string): string {
  return call(`watchArtwork(${JSON.stringify(name)}, 'fittedFor', ${JSON.stringify(colour)})`);
}

/** A condition for `page.waitForFunction`: the artwork watched as `name` is shown. */
export function artworkShown(name: string): string {
  return `window.${GLOBAL} !== undefined && ${call(`marks.shown[${JSON.stringify(name)}]`)} !== undefined`;
}

/** A condition for `page.waitForFunction`: every part of `/product` is live. */
export const EVERY_PART_LIVE = `(() => {
  const parts = document.querySelectorAll('[${PART_ATTRIBUTES.part}]');
  return (
    parts.length >= ${PRODUCT_PART_COUNT} &&
    [...parts].every((part) => part.getAttribute('${PART_ATTRIBUTES.state}') === '${PART_LIVE}')
  );
})()`;
