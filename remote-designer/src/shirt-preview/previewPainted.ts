/**
 * What the shirt preview has painted: the artwork and the shirt colour it is drawn for. The
 * gallery's tiles, whose drawings follow the shirt colour and are fetched from the server, wait for
 * the preview to paint a new colour first, so that their requests and decoding never stand in the
 * way of the art on the shirt (colour → art without asking the server).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { isShirtAwareArtwork, type ShirtColor } from '@tshirt/shared';

let painted: { artworkUrl: string; shirt: ShirtColor } | undefined;
/** Previews on the page: with none, nothing is waited for. */
let previews = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Counts the calling preview as on the page while it is mounted. */
export function usePreviewOnPage(): void {
  useEffect(() => {
    previews += 1;
    changed();
    return () => {
      previews -= 1;
      changed();
    };
  }, []);
}

/** The preview shows `artworkUrl` as drawn for `shirt` (painted, or failed and given up on). */
export function previewHasPainted(artworkUrl: string, shirt: ShirtColor): void {
  if (painted?.artworkUrl === artworkUrl && painted.shirt === shirt) return;
  painted = { artworkUrl, shirt };
  changed();
}

/**
 * Whether the preview has nothing left to paint for `artworkUrl` on `shirt`: no preview on the page,
 * no artwork, an artwork that is the same on every shirt, or its drawing for `shirt` shown.
 */
export function usePreviewPainted(artworkUrl: string, shirt: ShirtColor): boolean {
  const done = () =>
    previews === 0 ||
    !isShirtAwareArtwork(artworkUrl) ||
    (painted?.artworkUrl === artworkUrl && painted.shirt === shirt);
  return useSyncExternalStore(subscribe, done, () => true);
}
