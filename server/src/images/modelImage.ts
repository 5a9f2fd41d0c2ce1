/**
 * An image model's picture made print-ready: checked (a PNG, JPEG or WebP of a sane size with
 * something in it), its plain background cleared so only the subject prints, its ink judged on
 * every shirt colour, and its print file and streamed previews encoded. Runs on the print render
 * pool's worker threads: the pixel loops are plain synchronous code between sharp calls.
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { PRINT_SIZE } from '@tshirt/art';
import { PICTURE_ADVICE_WIDTH, pictureAdvice } from '@tshirt/art/ink';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import { ModelImageError } from './modelImageError';

export interface PreparedModelImage {
  /** The cleaned picture at its own size: RGBA PNG, sRGB. What the shopper's preview shows. */
  png: Buffer;
  width: number;
  height: number;
  advice: ArtworkShirtAdvice;
  /**
   * `transparent`: the model drew on a transparent background; `removed`: a plain background was
   * cleared; `filled`: a scene fills the picture, which prints as a block.
   */
  background: 'transparent' | 'removed' | 'filled';
}

const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['png', 'jpeg', 'webp']);
const MIN_SIDE = 256;
const MAX_SIDE = 4096;
/** 300 DPI over the 12 × 16 in print area (PRINT_SIZE). */
const PRINT_DENSITY = 300;
/** zlib's default: the resize takes most of the time, and level 1 would double a photo's file. */
const PRINT_COMPRESSION_LEVEL = 6;

/** The border ring judged for a background: this share of the width (or height) on each side. */
const BORDER_SHARE = 0.02;
/** Alpha below which a pixel counts as clear. */
const CLEAR_ALPHA = 16;
/** A picture is already on a transparent background when this share of its border ring is clear. */
const CLEAR_BORDER_SHARE = 0.9;
/** A plain background: this share of the opaque border pixels are near their median colour. */
const PLAIN_BORDER_SHARE = 0.85;
/** RGB distance from the background colour within which a pixel is background (JPEG noise, grain). */
const BACKGROUND_TOLERANCE = 40;
/** Pixels of the subject's edge that may be a blend with the background, which fades them out. */
const RIM_WIDTH = 2;
const CLEARED = 255;
/** Less than this share of visible pixels is an empty picture. */
const MIN_VISIBLE_SHARE = 0.001;

const PREVIEW_QUALITY = 70;

interface Raster {
  width: number;
  height: number;
  /** RGBA, not premultiplied. */
  pixels: Buffer;
}

type Rgb = [number, number, number];

async function decode(input: Buffer): Promise<Raster> {
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw new ModelImageError(
      'The image service sent something that is not a picture. Please try again.',
    );
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ModelImageError(
      'The image service sent a picture in a format the store cannot print. Please try again.',
    );
  }
  const { width, height } = metadata.autoOrient;
  if (Math.min(width, height) < MIN_SIDE || Math.max(width, height) > MAX_SIDE) {
    throw new ModelImageError(
      `The image service sent a picture of ${width} × ${height} pixels, which cannot be printed. Please try again.`,
    );
  }
  try {
    const { data, info } = await sharp(input)
      .autoOrient()
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, pixels: data };
  } catch {
    throw new ModelImageError('The image service sent a damaged picture. Please try again.');
  }
}

/** Calls `visit` with the index of every pixel of the ring of BORDER_SHARE round the edge. */
function forEachBorderPixel({ width, height }: Raster, visit: (pixel: number) => void): void {
  const rows = Math.max(1, Math.round(height * BORDER_SHARE));
  const columns = Math.max(1, Math.round(width * BORDER_SHARE));
  for (let y = 0; y < height; y += 1) {
    const band = y < rows || y >= height - rows;
    for (let x = 0; x < width; x += 1) {
      if (!band && x === columns) x = width - columns;
      visit(y * width + x);
    }
  }
}

/** The per-channel median colour of the opaque pixels of the border ring, and how many are near it. */
function borderBackground(raster: Raster): { color: Rgb; plainShare: number } | 'clear' {
  const { pixels } = raster;
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)] as const;
  let ring = 0;
  let opaque = 0;
  forEachBorderPixel(raster, (pixel) => {
    ring += 1;
    const offset = pixel * 4;
    if ((pixels[offset + 3] as number) < CLEAR_ALPHA) return;
    opaque += 1;
    for (let channel = 0; channel < 3; channel += 1) {
      const histogram = histograms[channel] as Uint32Array;
      const value = pixels[offset + channel] as number;
      histogram[value] = (histogram[value] as number) + 1;
    }
  });
  if (ring - opaque >= CLEAR_BORDER_SHARE * ring) return 'clear';
  const median = (histogram: Uint32Array) => {
    let seen = 0;
    for (let value = 0; value < 256; value += 1) {
      seen += histogram[value] as number;
      if (seen * 2 >= opaque) return value;
    }
    return 255;
  };
  const color: Rgb = [median(histograms[0]), median(histograms[1]), median(histograms[2])];
  let near = 0;
  forEachBorderPixel(raster, (pixel) => {
    const offset = pixel * 4;
    if ((pixels[offset + 3] as number) < CLEAR_ALPHA) return;
    if (distanceSquared(pixels, offset, color) <= BACKGROUND_TOLERANCE ** 2) near += 1;
  });
  return { color, plainShare: near / opaque };
}

function distanceSquared(pixels: Buffer, offset: number, [red, green, blue]: Rgb): number {
  const dr = (pixels[offset] as number) - red;
  const dg = (pixels[offset + 1] as number) - green;
  const db = (pixels[offset + 2] as number) - blue;
  return dr * dr + dg * dg + db * db;
}

/** Per pixel, CLEARED where the background of `color` reaches from the picture's edge; else 0. */
function floodFromEdge({ width, height, pixels }: Raster, color: Rgb): Uint8Array {
  const total = width * height;
  const tolerance = BACKGROUND_TOLERANCE ** 2;
  const levels = new Uint8Array(total);
  const stack = new Int32Array(total);
  let top = 0;
  const reach = (pixel: number) => {
    if (levels[pixel] === CLEARED) return;
    const offset = pixel * 4;
    const clear = (pixels[offset + 3] as number) < CLEAR_ALPHA;
    if (!clear && distanceSquared(pixels, offset, color) > tolerance) return;
    levels[pixel] = CLEARED;
    stack[top] = pixel;
    top += 1;
  };
  for (let x = 0; x < width; x += 1) {
    reach(x);
    reach(total - width + x);
  }
  for (let y = 1; y < height - 1; y += 1) {
    reach(y * width);
    reach(y * width + width - 1);
  }
  while (top > 0) {
    top -= 1;
    const pixel = stack[top] as number;
    const x = pixel % width;
    if (x > 0) reach(pixel - 1);
    if (x < width - 1) reach(pixel + 1);
    if (pixel >= width) reach(pixel - width);
    if (pixel < total - width) reach(pixel + width);
  }
  return levels;
}

/**
 * Adds to the cleared pixels the subject's rim (1 next to the cleared background, 2 next to those);
 * the subject inside stays 0.
 */
function rimLevels({ width, height }: Raster, levels: Uint8Array): Uint8Array {
  const total = width * height;
  for (let level = 1; level <= RIM_WIDTH; level += 1) {
    const outer = level === 1 ? CLEARED : level - 1;
    for (let pixel = 0; pixel < total; pixel += 1) {
      if (levels[pixel] !== 0) continue;
      const x = pixel % width;
      if (
        (x > 0 && levels[pixel - 1] === outer) ||
        (x < width - 1 && levels[pixel + 1] === outer) ||
        (pixel >= width && levels[pixel - width] === outer) ||
        (pixel < total - width && levels[pixel + width] === outer)
      ) {
        levels[pixel] = level;
      }
    }
  }
  return levels;
}

/**
 * How much of a rim pixel is subject: where its colour lies on the way from the background to the
 * colour of a pixel just inside the subject (the one within RIM_WIDTH that explains it best, so a
 * pixel where two colours meet the background finds the one it is a blend of). Explained by none,
 * it is a colour of its own and kept whole; unless it is near the background (a blend of several
 * colours), or no pixel is inside (a line thinner than the rim): then the least coverage that
 * explains it over the background (colour to alpha).
 */
function rimCoverage(raster: Raster, levels: Uint8Array, pixel: number, background: Rgb): number {
  const { width, height, pixels } = raster;
  const [backRed, backGreen, backBlue] = background;
  const offset = pixel * 4;
  const red = (pixels[offset] as number) - backRed;
  const green = (pixels[offset + 1] as number) - backGreen;
  const blue = (pixels[offset + 2] as number) - backBlue;
  const tolerance = BACKGROUND_TOLERANCE ** 2;
  const x0 = pixel % width;
  const y0 = (pixel - x0) / width;
  let bestShare = -1;
  let bestOff = Infinity;
  let insideFound = false;
  for (let y = Math.max(0, y0 - RIM_WIDTH); y <= Math.min(height - 1, y0 + RIM_WIDTH); y += 1) {
    for (let x = Math.max(0, x0 - RIM_WIDTH); x <= Math.min(width - 1, x0 + RIM_WIDTH); x += 1) {
      const inside = y * width + x;
      if (levels[inside] !== 0) continue;
      const subjectRed = (pixels[inside * 4] as number) - backRed;
      const subjectGreen = (pixels[inside * 4 + 1] as number) - backGreen;
      const subjectBlue = (pixels[inside * 4 + 2] as number) - backBlue;
      const reach = subjectRed ** 2 + subjectGreen ** 2 + subjectBlue ** 2;
      if (reach <= tolerance) continue;
      insideFound = true;
      const along = (red * subjectRed + green * subjectGreen + blue * subjectBlue) / reach;
      const share = Math.min(1, Math.max(0, along));
      const off =
        (red - share * subjectRed) ** 2 +
        (green - share * subjectGreen) ** 2 +
        (blue - share * subjectBlue) ** 2;
      if (off < bestOff) {
        bestOff = off;
        bestShare = share;
      }
    }
  }
  if (bestOff <= tolerance) return bestShare;
  if (insideFound && red ** 2 + green ** 2 + blue ** 2 > 4 * tolerance) return 1;
  const needed = (difference: number, back: number) => {
    const room = difference < 0 ? back : 255 - back;
    return room === 0 ? 0 : Math.abs(difference) / room;
  };
  return Math.max(needed(red, backRed), needed(green, backGreen), needed(blue, backBlue));
}

/**
 * Clears, in place, the background of `color` reachable from the picture's edge, then fades out the
 * subject's rim where it is a blend of subject and background (anti-aliasing, blur), taking the
 * background's colour out of it so no light or dark fringe is left round the subject.
 */
function clearBackground(raster: Raster, color: Rgb): void {
  const { pixels } = raster;
  const levels = rimLevels(raster, floodFromEdge(raster, color));
  const clear = (offset: number) => {
    pixels[offset] = 0;
    pixels[offset + 1] = 0;
    pixels[offset + 2] = 0;
    pixels[offset + 3] = 0;
  };
  for (let pixel = 0; pixel < levels.length; pixel += 1) {
    const level = levels[pixel];
    if (level === 0) continue;
    const offset = pixel * 4;
    if (level === CLEARED) {
      clear(offset);
      continue;
    }
    const share = rimCoverage(raster, levels, pixel, color);
    if (share >= 1) continue;
    if (share < 1 / 255) {
      clear(offset);
      continue;
    }
    for (let channel = 0; channel < 3; channel += 1) {
      const subject =
        ((pixels[offset + channel] as number) - (1 - share) * (color[channel] as number)) / share;
      pixels[offset + channel] = Math.min(255, Math.max(0, Math.round(subject)));
    }
    pixels[offset + 3] = Math.round((pixels[offset + 3] as number) * share);
  }
}

function visibleShare({ width, height, pixels }: Raster): number {
  let visible = 0;
  for (let offset = 3; offset < pixels.length; offset += 4) {
    if ((pixels[offset] as number) >= CLEAR_ALPHA) visible += 1;
  }
  return visible / (width * height);
}

function rawInput({ width, height, pixels }: Raster): Sharp {
  return sharp(pixels, { raw: { width, height, channels: 4 } });
}

/**
 * Checks a model's picture and readies it for the shirt: its plain background cleared (a model
 * asked for transparency may still paint a white square), its ink judged on every shirt colour.
 * Throws ModelImageError for a picture that cannot be used.
 */
export async function prepareModelImage(input: Buffer): Promise<PreparedModelImage> {
  const raster = await decode(input);
  const found = borderBackground(raster);
  let background: PreparedModelImage['background'];
  if (found === 'clear') background = 'transparent';
  else if (found.plainShare >= PLAIN_BORDER_SHARE) {
    clearBackground(raster, found.color);
    background = 'removed';
  } else background = 'filled';
  if (visibleShare(raster) < MIN_VISIBLE_SHARE) {
    throw new ModelImageError('The image service sent an empty picture. Please try again.');
  }
  const [png, small] = await Promise.all([
    rawInput(raster).png().toBuffer(),
    rawInput(raster)
      .resize({ width: PICTURE_ADVICE_WIDTH, withoutEnlargement: true, kernel: 'mitchell' })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  const advice = pictureAdvice({
    width: small.info.width,
    height: small.info.height,
    pixels: small.data,
  });
  return {
    png,
    width: raster.width,
    height: raster.height,
    advice: background === 'filled' ? { ...advice, filledBackground: true } : advice,
    background,
  };
}

/**
 * The print file of a prepared picture (its `png`): PRINT_SIZE, the picture scaled to fit and
 * centred on transparency, sRGB with its profile, 300 DPI.
 */
export async function printPngFromModelImage(png: Buffer): Promise<Buffer> {
  return sharp(png)
    .ensureAlpha()
    .resize(PRINT_SIZE.width, PRINT_SIZE.height, {
      fit: 'contain',
      position: 'centre',
      kernel: 'lanczos3',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .withIccProfile('srgb')
    .withDensity(PRINT_DENSITY)
    .png({ compressionLevel: PRINT_COMPRESSION_LEVEL })
    .toBuffer();
}

/** A partial picture the model sent while drawing, as a small WebP data URL for the browser. */
export async function previewOfPartialImage(input: Buffer, width = 480): Promise<string> {
  try {
    const image = sharp(input);
    const { format } = await image.metadata();
    if (ACCEPTED_FORMATS.has(format)) {
      const webp = await image
        .autoOrient()
        .resize({ width })
        .webp({ quality: PREVIEW_QUALITY })
        .toBuffer();
      return `data:image/webp;base64,${webp.toString('base64')}`;
    }
  } catch {
    // Told below, as for any other picture that cannot be shown.
  }
  throw new ModelImageError('The image service sent a partial picture that is not a picture.');
}
