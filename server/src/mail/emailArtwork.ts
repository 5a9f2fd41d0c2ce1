/** The picture in the order confirmation: the artwork on a plain tee of the ordered colour. */
import sharp from 'sharp';
import { SHIRT_COLOR_HEX, type ShirtColor } from '@tshirt/shared/catalog';

/** Width of the picture: shown at 240 px, sharp on high-density phone screens. */
export const EMAIL_ARTWORK_WIDTH = 480;

// The same tee the order page draws (host ShirtPicture), which the server may not import.
const VIEWBOX = { width: 400, height: 440 } as const;
const OUTLINE =
  'M160 28 C176 62 224 62 240 28 L306 48 Q352 78 386 134 L338 172 L312 152 L316 418 ' +
  'Q200 430 84 418 L88 152 L62 172 L14 134 Q48 78 94 48 Z';
const COLLAR = 'M160 28 C176 62 224 62 240 28';
const NECK_OPENING = `${COLLAR} Q200 38 160 28 Z`;
/** 3:4, the shape of the print area, centred on the chest (in the drawing's units). */
const PRINT_AREA = { x: 135, y: 84, width: 130, height: (130 * 4) / 3 } as const;

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
