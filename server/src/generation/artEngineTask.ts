/**
 * Runs inside an art engine thread: draws one artwork (a new one, or a stored one for another shirt
 * colour) through the engine's public entry. A new artwork is written to its file here when the
 * images repository keeps files, so the event loop neither draws nor waits on the disk for it.
 */
import { writeFileSync } from 'node:fs';
import { Piscina } from 'piscina';
import type { ShirtColor } from '@tshirt/shared/catalog';
import { artworkSvgForShirt, createArtwork, findArtSubjects } from '@tshirt/art';
import type { ArtFields } from '@tshirt/shared/schemas';

export type ArtEngineJob =
  | {
      kind: 'generate';
      request: ArtFields;
      seed: number;
      /** Where to write the SVG (created, never overwritten); undefined: only answer it. */
      saveAs?: string;
    }
  | { kind: 'redraw'; svg: string; shirt: ShirtColor };

/**
 * A new artwork: its SVG's UTF-8 bytes and the shopper's words it could not draw; or, when none of
 * their words calls up a drawing, only those words (nothing is kept: an invented subject is not
 * what they asked for).
 */
export type GenerateJobResult =
  | { svg: Uint8Array; notUnderstood: string[] }
  | { svg?: undefined; notUnderstood: string[] };

function generate(job: Extract<ArtEngineJob, { kind: 'generate' }>): GenerateJobResult {
  const artwork = createArtwork(job.request, job.seed);
  // Only asked when a word was not understood: the drawing already searched the common case.
  if (artwork.notUnderstood.length > 0 && findArtSubjects(job.request).drawn.length === 0) {
    return { notUnderstood: artwork.notUnderstood };
  }
  const bytes = new TextEncoder().encode(artwork.svg);
  if (job.saveAs !== undefined) writeFileSync(job.saveAs, bytes, { flag: 'wx' });
  return { svg: bytes, notUnderstood: artwork.notUnderstood };
}

/** A redrawn SVG's UTF-8 bytes, handed over without a copy; undefined: not the engine's SVG. */
export default function artEngineTask(
  job: ArtEngineJob,
): GenerateJobResult | Uint8Array | undefined {
  if (job.kind === 'generate') return generate(job);
  const svg = artworkSvgForShirt(job.svg, job.shirt);
  if (svg === undefined) return undefined;
  // Its own ArrayBuffer (not a slice of Node's shared pool), so it can be moved.
  return Piscina.move(new TextEncoder().encode(svg)) as Uint8Array;
}
