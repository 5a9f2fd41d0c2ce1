/**
 * Runs inside an art engine thread: draws one artwork (a new one, or a stored one for another shirt
 * colour) through the engine's public entry. A new artwork is written to its file here when the
 * images repository keeps files, so the event loop neither draws nor waits on the disk for it.
 */
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { Piscina } from 'piscina';
import type { ShirtColor } from '@tshirt/shared/catalog';
import { artworkSvgForShirt, generateArtworkSvg } from '@tshirt/art';
import type { ArtFields } from '@tshirt/shared/schemas';

/** A little below the event loop: when the cores are short, pages and the API answer first. */
const ART_THREAD_NICENESS = 5;

export type ArtEngineJob =
  | {
      kind: 'generate';
      request: ArtFields;
      seed: number;
      /** Where to write the SVG (created, never overwritten); undefined: only answer it. */
      saveAs?: string;
    }
  | { kind: 'redraw'; svg: string; shirt: ShirtColor };

try {
  setPriority(ART_THREAD_NICENESS);
} catch {
  // Not allowed here (some containers): the thread keeps the normal priority.
}

/** The SVG's UTF-8 bytes, handed over to the server's thread without a copy; undefined: not the engine's SVG. */
export default function artEngineTask(job: ArtEngineJob): Uint8Array | undefined {
  const svg =
    job.kind === 'generate'
      ? generateArtworkSvg(job.request, job.seed)
      : artworkSvgForShirt(job.svg, job.shirt);
  if (svg === undefined) return undefined;
  // Its own ArrayBuffer (not a slice of Node's shared pool), so it can be moved.
  const bytes = new TextEncoder().encode(svg);
  if (job.kind === 'generate' && job.saveAs !== undefined) {
    writeFileSync(job.saveAs, bytes, { flag: 'wx' });
  }
  return Piscina.move(bytes) as Uint8Array;
}
