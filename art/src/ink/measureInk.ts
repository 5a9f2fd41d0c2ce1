/**
 * Measures an artwork as it will look on its shirt, from rendered pixels rather than from what
 * the engine meant to draw: the contrast of its outline against the fabric, the contrast of every
 * lettering line against what is right behind it, and how wide the artwork spans.
 */
import { Resvg } from '@resvg/resvg-js';
import { hexToRgb, rgbToHex } from '../palette/color';
import { contrastRatio, LETTERING_CLASS, MIN_CONTRAST } from './contrast';

export interface LetteringLineReport {
  /** Glyph pixels measured (fully covered by the face). */
  pixels: number;
  /** Share of them at MIN_CONTRAST or more against what is directly behind. */
  share: number;
  /** The contrast of the faintest tenth of them (the 10th percentile). */
  low: number;
}

export interface InkReport {
  /** Pixels where the artwork meets bare fabric. */
  edgePixels: number;
  /** Share of those at MIN_CONTRAST or more against the fabric. */
  edgeShare: number;
  lettering: LetteringLineReport[];
  /** Horizontal span of the artwork (columns at least 3% inked) as a share of the print width. */
  widthShare: number;
}

interface Raster {
  width: number;
  height: number;
  pixels: Buffer;
}

function render(svg: string, width: number): Raster {
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render();
  return { width: image.width, height: image.height, pixels: image.pixels };
}

/** Un-premultiplied colour of a pixel, or the fabric where nothing is painted, as the eye sees it. */
function seenColor(raster: Raster, index: number, fabric: readonly [number, number, number]): string {
  const alpha = (raster.pixels[index + 3] as number) / 255;
  const channel = (offset: number) => (raster.pixels[index + offset] as number) + (1 - alpha) * (fabric[offset] as number);
  return rgbToHex(channel(0), channel(1), channel(2));
}

function inkColor(raster: Raster, index: number): string {
  const alpha = (raster.pixels[index + 3] as number) / 255;
  const channel = (offset: number) => (raster.pixels[index + offset] as number) / alpha;
  return rgbToHex(channel(0), channel(1), channel(2));
}

/** Every lettering face, in document order. */
const FACE = new RegExp(`<(path|use)\\b[^>]*\\bclass="${LETTERING_CLASS}"[^>]*/>`, 'g');

function paintFaces(svg: string, fill: (index: number) => string): string {
  let index = 0;
  return svg.replace(FACE, (element) => {
    const painted = element.replace(/\s(fill|fill-opacity|opacity|stroke)="[^"]*"/g, '').replace(/\/>$/, ` fill="${fill(index)}"/>`);
    index += 1;
    return painted;
  });
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/** Renders `svg` at `width` pixels (four times: as is, faces removed, faces in two marker colours). */
export function measureInk(svg: string, fabricHex: string, width = 300): InkReport {
  const fabric = hexToRgb(fabricHex);
  const full = render(svg, width);
  const { height } = full;
  const alphaAt = (x: number, y: number) => full.pixels[(y * width + x) * 4 + 3] as number;

  // The outline: inked pixels next to bare fabric.
  let edgePixels = 0;
  let edgeGood = 0;
  const columnInk = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const alpha = alphaAt(x, y);
      if (alpha < 128) continue;
      columnInk[x] = (columnInk[x] as number) + 1;
      const bare = [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ].some(([nx, ny]) => nx === undefined || ny === undefined || nx < 0 || ny < 0 || nx >= width || ny >= height || alphaAt(nx, ny) < 26);
      if (!bare) continue;
      edgePixels += 1;
      if (contrastRatio(inkColor(full, (y * width + x) * 4), fabricHex) >= MIN_CONTRAST) edgeGood += 1;
    }
  }
  const inkedColumns = columnInk.map((count, x) => (count >= height * 0.03 ? x : -1)).filter((x) => x >= 0);
  const widthShare = inkedColumns.length === 0 ? 0 : ((inkedColumns[inkedColumns.length - 1] as number) - (inkedColumns[0] as number) + 1) / width;

  // Lettering: each face against what the rest of the artwork (and the fabric) shows right behind it.
  const faces = svg.match(FACE)?.length ?? 0;
  const lettering: LetteringLineReport[] = [];
  if (faces > 0) {
    const behind = render(svg.replace(FACE, ''), width);
    const markerRed = (index: number) => 8 + 16 * (index % 15);
    const hex = (red: number, green: number, blue: number) => rgbToHex(red, green, blue);
    const markedA = render(paintFaces(svg, (index) => hex(markerRed(index), 255, 0)), width);
    const markedB = render(paintFaces(svg, (index) => hex(markerRed(index), 0, 255)), width);
    const samples: number[][] = Array.from({ length: faces }, () => []);
    for (let index = 0; index < width * height * 4; index += 4) {
      const coverage = ((markedA.pixels[index + 1] as number) - (markedB.pixels[index + 1] as number)) / 255;
      if (coverage < 0.9 || (markedA.pixels[index + 3] as number) < 250) continue;
      const face = Math.round(((markedA.pixels[index] as number) - 8) / 16);
      const bucket = samples[face];
      if (!bucket) continue;
      bucket.push(contrastRatio(seenColor(full, index, fabric), seenColor(behind, index, fabric)));
    }
    for (const values of samples) {
      lettering.push({
        pixels: values.length,
        share: values.length === 0 ? 1 : values.filter((value) => value >= MIN_CONTRAST).length / values.length,
        low: values.length === 0 ? 21 : percentile(values, 0.1),
      });
    }
  }
  return { edgePixels, edgeShare: edgePixels === 0 ? 1 : edgeGood / edgePixels, lettering, widthShare };
}
