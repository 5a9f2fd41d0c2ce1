import sharp from 'sharp';
import { PRINT_SIZE } from '@tshirt/art';
import { prepareModelImage, previewOfPartialImage, printPngFromModelImage } from './modelImage';
import { ModelImageError } from './modelImageError';

const NAVY_INK = '#1b2a4a';

/** A dark navy disc, on a transparent background or on an opaque white square. */
function discSvg(width: number, height: number, backdrop?: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    (backdrop ? `<rect width="100%" height="100%" fill="${backdrop}"/>` : '') +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${width * 0.35}" fill="${NAVY_INK}"/>` +
    '</svg>'
  );
}

function pngOf(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A full-bleed "photo": a diagonal colour gradient with grain, no background to tell apart. */
function photoLike(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed % 41) - 20;
  };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const t = (x / width + y / height) / 2;
      pixels[offset] = Math.max(0, Math.min(255, 30 + 200 * t + grain()));
      pixels[offset + 1] = Math.max(0, Math.min(255, 160 - 90 * t + grain()));
      pixels[offset + 2] = Math.max(0, Math.min(255, 220 - 180 * t + grain()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function alphaAt(png: Buffer, x: number, y: number): Promise<number> {
  const { data } = await sharp(png)
    .ensureAlpha()
    .extract({ left: x, top: y, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data[3] as number;
}

async function refusal(input: Buffer): Promise<unknown> {
  return prepareModelImage(input).then(
    () => new Error('prepared a picture that should have been refused'),
    (error: unknown) => error,
  );
}

describe('prepareModelImage', () => {
  it('keeps a picture drawn on transparency as it is, and names its navy as faint on dark shirts', async () => {
    const prepared = await prepareModelImage(await pngOf(discSvg(512, 768)));
    expect(prepared.background).toBe('transparent');
    expect([prepared.width, prepared.height]).toEqual([512, 768]);
    expect(prepared.advice.ink).toBe('as-drawn');
    expect(prepared.advice.filledBackground).toBeUndefined();
    expect(prepared.advice.faintColors.Navy).toEqual(['navy']);
    expect(prepared.advice.faintColors.Black).toEqual(['navy']);
    expect(prepared.advice.faintColors.White).toBeUndefined();
    expect(prepared.advice.suggestedShirts).toContain('White');
    expect(prepared.advice.suggestedShirts).not.toContain('Navy');
    expect(prepared.advice.suggestedShirts).not.toContain('Black');
    const metadata = await sharp(prepared.png).metadata();
    expect([metadata.format, metadata.hasAlpha, metadata.space]).toEqual(['png', true, 'srgb']);
  });

  it('clears an opaque white square round the subject and keeps the subject whole', async () => {
    const transparent = await prepareModelImage(await pngOf(discSvg(512, 768)));
    const prepared = await prepareModelImage(await pngOf(discSvg(512, 768, '#ffffff')));
    expect(prepared.background).toBe('removed');
    expect(await alphaAt(prepared.png, 0, 0)).toBe(0);
    expect(await alphaAt(prepared.png, 511, 767)).toBe(0);
    expect(await alphaAt(prepared.png, 256, 384)).toBe(255);
    // Just inside the disc's edge (radius 179).
    expect(await alphaAt(prepared.png, 256 + 175, 384)).toBe(255);
    expect(prepared.advice).toEqual(transparent.advice);
  });

  it('fades the subject’s anti-aliased edge out instead of leaving a white fringe', async () => {
    const prepared = await prepareModelImage(await pngOf(discSvg(512, 768, '#ffffff')));
    const { data } = await sharp(prepared.png).raw().toBuffer({ resolveWithObject: true });
    const edge: number[][] = [];
    for (let offset = 0; offset < data.length; offset += 4) {
      const alpha = data[offset + 3] as number;
      if (alpha > 0 && alpha < 255) edge.push([...data.subarray(offset, offset + 3)]);
    }
    expect(edge.length).toBeGreaterThan(500);
    // The disc's own navy (27, 42, 74), not a blend with the white that was behind it.
    const light = edge.filter((rgb) => Math.max(...rgb) > 110);
    expect(light.length).toBeLessThan(edge.length * 0.02);
  });

  it('clears a JPEG\u2019s white background despite its compression noise', async () => {
    const jpeg = await sharp(Buffer.from(discSvg(512, 768, '#ffffff')))
      .jpeg({ quality: 70 })
      .toBuffer();
    const prepared = await prepareModelImage(jpeg);
    expect(prepared.background).toBe('removed');
    expect(await alphaAt(prepared.png, 10, 10)).toBe(0);
    expect(await alphaAt(prepared.png, 256, 384)).toBe(255);
    expect(prepared.advice.faintColors.Navy).toEqual(['navy']);
  });

  it('keeps a full-bleed photo whole and says it prints as a block', async () => {
    const prepared = await prepareModelImage(await photoLike(512, 768));
    expect(prepared.background).toBe('filled');
    expect(prepared.advice.filledBackground).toBe(true);
    expect(prepared.advice.ink).toBe('as-drawn');
    expect(await alphaAt(prepared.png, 0, 0)).toBe(255);
  });

  it.each<[string, () => Promise<Buffer>]>([
    [
      'garbage bytes',
      async () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)),
    ],
    ['a text file', async () => Buffer.from('Here is your picture of a cat!\n')],
    ['an empty answer', async () => Buffer.alloc(0)],
    ['a PNG cut short', async () => (await pngOf(discSvg(512, 768, '#ffeedd'))).subarray(0, 2000)],
    ['an SVG', async () => Buffer.from(discSvg(512, 768))],
    [
      'a 10 × 10 picture',
      () =>
        sharp({ create: { width: 10, height: 10, channels: 4, background: NAVY_INK } })
          .png()
          .toBuffer(),
    ],
    [
      'a picture too large to be real',
      () =>
        sharp({ create: { width: 5000, height: 300, channels: 3, background: NAVY_INK } })
          .png()
          .toBuffer(),
    ],
    [
      'a fully transparent picture',
      () =>
        sharp({
          create: {
            width: 512,
            height: 512,
            channels: 4,
            background: { r: 0, g: 0, b: 0, alpha: 0 },
          },
        })
          .png()
          .toBuffer(),
    ],
    [
      'a blank white picture',
      () =>
        sharp({ create: { width: 512, height: 512, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer(),
    ],
  ])('refuses %s with a 502 image_provider_error', async (_name, make) => {
    const error = await refusal(await make());
    expect(error).toBeInstanceOf(ModelImageError);
    expect(error).toMatchObject({ statusCode: 502, code: 'image_provider_error' });
  });
});

describe('printPngFromModelImage', () => {
  it('makes a 3600 × 4800, 300 DPI, transparent print file from a 1024 × 1536 picture', async () => {
    const { png } = await prepareModelImage(await pngOf(discSvg(1024, 1536, '#ffffff')));
    const print = await printPngFromModelImage(png);
    const metadata = await sharp(print).metadata();
    expect(PRINT_SIZE).toEqual({ width: 3600, height: 4800 });
    expect(metadata).toMatchObject({
      format: 'png',
      width: PRINT_SIZE.width,
      height: PRINT_SIZE.height,
      channels: 4,
      hasAlpha: true,
      density: 300,
      space: 'srgb',
      hasProfile: true,
    });
    // 1024 × 1536 fits as 3200 × 4800: 200 px of transparent pad each side.
    expect(await alphaAt(print, 100, 2400)).toBe(0);
    expect(await alphaAt(print, 3500, 2400)).toBe(0);
    expect(await alphaAt(print, 1800, 2400)).toBe(255);
  });
});

describe('previewOfPartialImage', () => {
  it('makes a small WebP data URL of the asked width, transparency kept', async () => {
    const url = await previewOfPartialImage(await pngOf(discSvg(1024, 1536)), 240);
    expect(url).toMatch(/^data:image\/webp;base64,/);
    const webp = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    const metadata = await sharp(webp).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual([
      'webp',
      240,
      360,
      true,
    ]);
  });

  it('refuses bytes that are not a picture with a 502', async () => {
    await expect(previewOfPartialImage(Buffer.from('not an image'))).rejects.toBeInstanceOf(
      ModelImageError,
    );
  });
});
