/**
 * Artwork the preview can paint without a request: the SVG that came with a generation's answer,
 * and, once the page is idle, the same artwork as the server draws it for every other shirt colour
 * (the drawing its print file is made from), so a colour change paints at once. Kept as `data:`
 * URLs by the artwork's address for a shirt (`artworkUrlForShirt`), with the colour advice by its
 * address; the few latest artworks only.
 */
import { useSyncExternalStore } from 'react';
import {
  SHIRT_COLORS,
  artworkUrlForShirt,
  isShirtAwareArtwork,
  storeUrl,
  type ArtworkShirtAdvice,
  type ShirtColor,
} from '@tshirt/shared';
import { svgSource } from './svgSource';

/** Artworks whose drawings are kept (each up to one per shirt colour, about 15 KB apiece). */
const KEPT_ARTWORKS = 4;

/** Artwork address (without `?shirt=`) → its drawings, by the address for each shirt. */
const drawings = new Map<string, Map<string, string>>();
const advice = new Map<string, ArtworkShirtAdvice>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function baseOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/** Keeps `svg` as the drawing at `url` (an artwork's address for one shirt). */
export function keepDrawing(url: string, svg: string): void {
  const base = baseOf(url);
  const kept = drawings.get(base) ?? new Map<string, string>();
  // Most recent last: the oldest artwork goes first.
  drawings.delete(base);
  drawings.set(base, kept);
  kept.set(url, svgSource(svg));
  while (drawings.size > KEPT_ARTWORKS) drawings.delete(drawings.keys().next().value as string);
  changed();
}

/** The kept drawing at `url` as a paintable `data:` URL, or undefined. */
export function keptDrawing(url: string): string | undefined {
  return drawings.get(baseOf(url))?.get(url);
}

/** Forgets every kept drawing and advice, as a new visit starts (tests start each from none). */
export function forgetKeptArtwork(): void {
  drawings.clear();
  advice.clear();
  changed();
}

export function keepAdvice(adviceUrl: string, value: ArtworkShirtAdvice): void {
  advice.set(adviceUrl, value);
  changed();
}

function keptAdvice(adviceUrl: string): ArtworkShirtAdvice | undefined {
  return advice.get(adviceUrl);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The kept drawing at `url`, re-read whenever a drawing is kept: the caller re-renders only when
 * its own drawing changes (every gallery tile reads one, and a new artwork's drawing is kept as
 * its art goes on the shirt).
 */
export function useKeptDrawing(url: string): string | undefined {
  const read = () => (url === '' ? undefined : keptDrawing(url));
  return useSyncExternalStore(subscribe, read, read);
}

/** The kept advice at `adviceUrl` (none: undefined), re-read whenever an advice is kept. */
export function useKeptAdvice(adviceUrl: string | undefined): ArtworkShirtAdvice | undefined {
  const read = () => (adviceUrl === undefined ? undefined : keptAdvice(adviceUrl));
  return useSyncExternalStore(subscribe, read, read);
}

type IdleScheduler = (work: () => void) => () => void;

const whenIdle: IdleScheduler = (work) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
};

/**
 * Once the page is idle, fetches the artwork at `artworkUrl` as drawn for every other shirt colour
 * than the one `shown` (already painted from the server), one after another at low priority, and
 * decodes each so it paints at once. Returns a function that stops it (the artwork changed, the
 * preview went away).
 */
export function prefetchEveryShirt(
  artworkUrl: string,
  shown: ShirtColor,
  idle: IdleScheduler = whenIdle,
): () => void {
  if (!isShirtAwareArtwork(artworkUrl) || typeof fetch !== 'function') return () => undefined;
  const controller = new AbortController();
  const cancelIdle = idle(() => {
    void (async () => {
      for (const shirt of SHIRT_COLORS) {
        if (shirt === shown) continue;
        const url = artworkUrlForShirt(artworkUrl, shirt);
        if (controller.signal.aborted) return;
        if (keptDrawing(url) !== undefined) continue;
        try {
          const response = await fetch(storeUrl(url), {
            signal: controller.signal,
            priority: 'low',
          } as RequestInit);
          if (!response.ok) return;
          const svg = await response.text();
          // Stopped while the body came in: the artwork or the preview is gone.
          if (controller.signal.aborted || !svg.startsWith('<svg')) return;
          keepDrawing(url, svg);
          await decoded(keptDrawing(url) as string);
        } catch {
          // Offline or cancelled: a colour change then asks the server, as without this.
          return;
        }
      }
    })();
  });
  return () => {
    cancelIdle();
    controller.abort();
  };
}

/** Decodes an image ahead of its first paint (where the browser can). */
async function decoded(src: string): Promise<void> {
  if (typeof Image === 'undefined') return;
  const image = new Image();
  image.src = src;
  if (typeof image.decode === 'function') await image.decode().catch(() => undefined);
}
