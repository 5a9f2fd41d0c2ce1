/**
 * Measures an artwork as it will look on its shirt, from rendered pixels rather than from what
 * the engine meant to draw: the contrast of its outline against the fabric, the contrast of every
 * lettering line against what is right behind it, and how wide the artwork spans.
 */
import { Resvg } from '@resvg/resvg-js';
import { channelByte, hexToRgb, luminance, rgbLuminance, rgbToHex } from '../palette/color';
import { LETTERING_CLASS, luminanceRatio, MIN_CONTRAST } from './contrast';

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

/**
 * The last renders, by width and SVG text: a raster depends on nothing else (the fabric is laid
 * under it afterwards), and the same artwork is often measured on several shirts (the engine draws
 * the same lettering for shirts of a like lightness). Rendering is nearly all of the time taken.
 */
const renders = new Map<string, Raster>();
const KEPT_RENDERS = 32;

function render(svg: string, width: number): Raster {
  const key = `${width}\u0000${svg}`;
  const kept = renders.get(key);
  if (kept) return kept;
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { loadSystemFonts: false },
  }).render();
  const raster = { width: image.width, height: image.height, pixels: image.pixels };
  if (renders.size >= KEPT_RENDERS) renders.delete(renders.keys().next().value as string);
  renders.set(key, raster);
  return raster;
}

/** Luminance of the un-premultiplied colour of a pixel, or the fabric where nothing is painted, as the eye sees it. */
function seenLuminance(
  pixels: Buffer,
  index: number,
  fabric: readonly [number, number, number],
): number {
  const alpha = (pixels[index + 3] as number) / 255;
  return luminanceOfChannels(
    (pixels[index] as number) + (1 - alpha) * fabric[0],
    (pixels[index + 1] as number) + (1 - alpha) * fabric[1],
    (pixels[index + 2] as number) + (1 - alpha) * fabric[2],
  );
}

/** Luminance of a colour given by channel values, as `luminance(rgbToHex(...))` finds it. */
function luminanceOfChannels(red: number, green: number, blue: number): number {
  return rgbLuminance(channelByte(red), channelByte(green), channelByte(blue));
}

function inkLuminance(pixels: Buffer, index: number): number {
  const alpha = (pixels[index + 3] as number) / 255;
  return luminanceOfChannels(
    (pixels[index] as number) / alpha,
    (pixels[index + 1] as number) / alpha,
    (pixels[index + 2] as number) / alpha,
  );
}

/** Every lettering face, in document order. */
const FACE = new RegExp(`<(path|use)\\b[^>]*\\bclass="${LETTERING_CLASS}"[^>]*/>`, 'g');

function paintFaces(svg: string, fill: (index: number) => string): string {
  let index = 0;
  return svg.replace(FACE, (element) => {
    const painted = element
      .replace(/\s(fill|fill-opacity|opacity|stroke)="[^"]*"/g, '')
      .replace(/\/>$/, ` fill="${fill(index)}"/>`);
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
  const fabricLuminance = luminance(fabricHex);
  const full = render(svg, width);
  const { height, pixels } = full;
  // Off the image or nearly transparent: bare fabric.
  const bareAt = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height || (pixels[(y * width + x) * 4 + 3] as number) < 26;

  // The outline: inked pixels next to bare fabric.
  let edgePixels = 0;
  let edgeGood = 0;
  const columnInk = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const index = (y * width + x) * 4;
      if ((pixels[index + 3] as number) < 128) continue;
      columnInk[x] = (columnInk[x] as number) + 1;
      if (!(bareAt(x - 1, y) || bareAt(x + 1, y) || bareAt(x, y - 1) || bareAt(x, y + 1))) continue;
      edgePixels += 1;
      if (luminanceRatio(inkLuminance(pixels, index), fabricLuminance) >= MIN_CONTRAST)
        edgeGood += 1;
    }
  }
  const inkedColumns = columnInk
    .map((count, x) => (count >= height * 0.03 ? x : -1))
    .filter((x) => x >= 0);
  const widthShare =
    inkedColumns.length === 0
      ? 0
      : ((inkedColumns[inkedColumns.length - 1] as number) - (inkedColumns[0] as number) + 1) /
        width;

  // Lettering: each face against what the rest of the artwork (and the fabric) shows right behind it.
  const faces = svg.match(FACE)?.length ?? 0;
  const lettering: LetteringLineReport[] = [];
  if (faces > 0) {
    const behind = render(svg.replace(FACE, ''), width);
    const markerRed = (index: number) => 8 + 16 * (index % 15);
    const hex = (red: number, green: number, blue: number) => rgbToHex(red, green, blue);
    const markedA = render(
      paintFaces(svg, (index) => hex(markerRed(index), 255, 0)),
      width,
    );
    const markedB = render(
      paintFaces(svg, (index) => hex(markerRed(index), 0, 255)),
      width,
    );
    const samples: number[][] = Array.from({ length: faces }, () => []);
    for (let index = 0; index < width * height * 4; index += 4) {
      const coverage =
        ((markedA.pixels[index + 1] as number) - (markedB.pixels[index + 1] as number)) / 255;
      if (coverage < 0.9 || (markedA.pixels[index + 3] as number) < 250) continue;
      const face = Math.round(((markedA.pixels[index] as number) - 8) / 16);
      const bucket = samples[face];
      if (!bucket) continue;
      bucket.push(
        luminanceRatio(
          seenLuminance(pixels, index, fabric),
          seenLuminance(behind.pixels, index, fabric),
        ),
      );
    }
    for (const values of samples) {
      lettering.push({
        pixels: values.length,
        share:
          values.length === 0
            ? 1
            : values.filter((value) => value >= MIN_CONTRAST).length / values.length,
        low: values.length === 0 ? 21 : percentile(values, 0.1),
      });
    }
  }
  return {
    edgePixels,
    edgeShare: edgePixels === 0 ? 1 : edgeGood / edgePixels,
    lettering,
    widthShare,
  };
}
