/**
 * Texture and relief through SVG filters, built so a 3600 × 4800 print stays fast: noise and
 * lighting are computed once in a small pattern tile (resvg and browsers render a pattern's tile
 * once and repeat it), never over the whole region; a displacement reads its map from such a tile
 * through feImage (Sketch's wobbly hand).
 */
import { el, url, type Defs } from '../svg';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface NoiseOptions {
  /** Tile side in canvas units; frequencies are snapped so the noise wraps seamlessly. */
  tile: number;
  baseFrequency: readonly [number, number];
  octaves: number;
  seed: number;
  type?: 'fractalNoise' | 'turbulence';
}

/** Whole periods per tile, so stitched noise repeats without seams. */
function snapped(frequency: number, tile: number): number {
  return Math.max(1, Math.round(frequency * tile)) / tile;
}

function turbulence(options: NoiseOptions, result?: string): string {
  const [fx, fy] = options.baseFrequency;
  return el('feTurbulence', {
    type: options.type ?? 'fractalNoise',
    baseFrequency: `${snapped(fx, options.tile).toFixed(5)} ${snapped(fy, options.tile).toFixed(5)}`,
    numOctaves: options.octaves,
    seed: options.seed,
    stitchTiles: 'stitch',
    result,
  });
}

function tilePattern(defs: Defs, tile: number, filterId: string): string {
  return defs.add('tile', (id) =>
    el('pattern', { id, width: tile, height: tile, patternUnits: 'userSpaceOnUse' }, el('rect', { width: tile, height: tile, filter: url(filterId) })),
  );
}

/**
 * A noise tile as a paint (its colour channels carry the noise); `colorMatrix` (feColorMatrix
 * values) turns it into something else, such as an alpha, once in the tile rather than over a
 * whole print-sized region by the filter that reads it.
 */
export function noisePaint(defs: Defs, options: NoiseOptions & { colorMatrix?: string }): string {
  const stages = [turbulence(options)];
  if (options.colorMatrix) stages.push(el('feColorMatrix', { type: 'matrix', values: options.colorMatrix }));
  const filter = defs.add('noise', (id) =>
    el('filter', { id, x: 0, y: 0, width: 1, height: 1, 'color-interpolation-filters': 'sRGB' }, stages),
  );
  return tilePattern(defs, options.tile, filter);
}

/**
 * Raking light over a bumpy surface (canvas weave, paper tooth, impasto), as a grey paint to
 * multiply over artwork: white where the bumps face the light, darker in their shadows.
 */
export function reliefPaint(defs: Defs, options: NoiseOptions & { relief: number; elevation?: number }): string {
  const filter = defs.add('relief', (id) =>
    el('filter', { id, x: 0, y: 0, width: 1, height: 1, 'color-interpolation-filters': 'sRGB' }, [
      turbulence(options, 'bumps'),
      el(
        'feDiffuseLighting',
        { in: 'bumps', surfaceScale: options.relief, diffuseConstant: 1.15, 'lighting-color': '#ffffff' },
        el('feDistantLight', { azimuth: 225, elevation: options.elevation ?? 60 }),
      ),
    ]),
  );
  return tilePattern(defs, options.tile, filter);
}

/** A rect of `paint` blended over what is under it, kept inside `clip` (an id of a clipPath). */
export function overlay(paint: string, region: Region, blend: 'multiply' | 'screen' | 'soft-light' | 'overlay', opacity: number, clip?: string): string {
  return el('rect', {
    ...region,
    fill: url(paint),
    opacity,
    style: `mix-blend-mode:${blend}`,
    'clip-path': clip ? url(clip) : undefined,
  });
}
