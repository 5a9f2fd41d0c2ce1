import sharp from 'sharp';
import { SHIRT_COLOR_HEX } from '@tshirt/shared/catalog';
import { artworkOnShirtPng, EMAIL_ARTWORK_WIDTH } from './emailArtwork';

const ARTWORK_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#00ff00"/></svg>',
);

function artworkPng(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 80, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
}

/** The colour at (x, y) as `#rrggbb`. */
async function colourAt(png: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return `#${[0, 1, 2].map((channel) => (data[offset + channel] as number).toString(16).padStart(2, '0')).join('')}`;
}

describe('artworkOnShirtPng', () => {
  it.each([
    ['an SVG', () => Promise.resolve(ARTWORK_SVG)],
    ['a PNG', artworkPng],
  ])('draws %s artwork on the chest of a shirt in the ordered colour', async (_, artwork) => {
    const png = await artworkOnShirtPng(await artwork(), 'Red');

    const { format, width } = await sharp(png).metadata();
    expect(format).toBe('png');
    expect(width).toBe(EMAIL_ARTWORK_WIDTH);
    // Below the collar, above the print area: the fabric.
    expect(await colourAt(png, EMAIL_ARTWORK_WIDTH / 2, 84)).toBe(SHIRT_COLOR_HEX.Red);
    // The middle of the print area: the artwork.
    expect(await colourAt(png, EMAIL_ARTWORK_WIDTH / 2, 210)).toBe('#00ff00');
    // Beside the shirt: the email's white card.
    expect(await colourAt(png, 4, 400)).toBe('#ffffff');
  });

  it('paints each shirt colour with its catalog hex', async () => {
    const png = await artworkOnShirtPng(await artworkPng(), 'Light Grey');
    expect(await colourAt(png, EMAIL_ARTWORK_WIDTH / 2, 84)).toBe(SHIRT_COLOR_HEX['Light Grey']);
  });
});
