/** The picture in the order confirmation: the artwork on a plain tee of the ordered colour. */
import sharp from 'sharp';
import { SHIRT_COLOR_HEX, type ShirtColor } from '@tshirt/shared/catalog';
import { SHIRT_DRAWING } from '@tshirt/shared/shirtDrawing';

/** Width of the picture: shown at 240 px, sharp on high-density phone screens. */
export const EMAIL_ARTWORK_WIDTH = 480;

// The same tee the order page draws.
const {
  viewBox: VIEWBOX,
  outline: OUTLINE,
  collar: COLLAR,
  neckOpening: NECK_OPENING,
  printArea: PRINT_AREA,
} = SHIRT_DRAWING;

const SCALE = EMAIL_ARTWORK_WIDTH / VIEWBOX.width;
const HEIGHT = Math.round(VIEWBOX.height * SCALE);

function shirtSvg(fabric: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${EMAIL_ARTWORK_WIDTH}" height="${HEIGHT}" viewBox="0 0 ${VIEWBOX.width} ${VIEWBOX.height}">
<path d="${OUTLINE}" fill="${fabric}" stroke="#000" stroke-opacity="0.22" stroke-width="2" stroke-linejoin="round"/>
<path d="${NECK_OPENING}" fill="${fabric}"/>
<path d="${NECK_OPENING}" fill="#000" fill-opacity="0.28"/>
<path d="${COLLAR}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="2"/>
</svg>`);
}

/**
 * A PNG, EMAIL_ARTWORK_WIDTH wide on a white ground (the email's card), of the artwork (SVG or
 * any image sharp reads) fitted into the print area of a tee in `shirtColor`.
 */
export async function artworkOnShirtPng(
  artworkSvgOrPng: Buffer,
  shirtColor: ShirtColor,
): Promise<Buffer> {
  const box = {
    left: Math.round(PRINT_AREA.x * SCALE),
    top: Math.round(PRINT_AREA.y * SCALE),
    width: Math.round(PRINT_AREA.width * SCALE),
    height: Math.round(PRINT_AREA.height * SCALE),
  };
  const artwork = await sharp(artworkSvgOrPng)
    .resize(box.width, box.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp(shirtSvg(SHIRT_COLOR_HEX[shirtColor]))
    .composite([{ input: artwork, left: box.left, top: box.top }])
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
