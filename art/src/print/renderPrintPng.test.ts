import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { generateArtworkSvg, PRINT_SIZE, renderPrintPng } from '../index';
import { renderSvgToPng } from './renderPrintPng';
import { fontFilePaths } from '../typography/fontFiles';
import { DEFAULT_FONT_FAMILY } from '../typography/fonts';

describe('the print-ready PNG', () => {
  it('is 3600 × 4800 RGBA with a transparent background', async () => {
    const svg = generateArtworkSvg({ interests: 'coffee', colors: 'earthy', target: 'Dad', occasion: 'birthday', objects: '', style: 'Oil Painting' }, 3);
    const png = await renderPrintPng(svg);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(PRINT_SIZE.width);
    expect(png.readUInt32BE(20)).toBe(PRINT_SIZE.height);
    expect(png[25]).toBe(6); // colour type 6: RGBA
  }, 30000);

  it('leaves the corners transparent and draws the lettering with the shipped fonts', () => {
    const svg = generateArtworkSvg({ interests: 'cats', colors: '', target: '', occasion: '', objects: '', style: 'Minimalist' }, 1);
    const image = new Resvg(svg, {
      fitTo: { mode: 'width', value: 120 },
      font: { fontFiles: fontFilePaths(), loadSystemFonts: false, defaultFontFamily: DEFAULT_FONT_FAMILY },
    }).render();
    expect(image.pixels[3]).toBe(0);
    const withText = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><text x="5" y="45" font-size="40" font-family="Bebas Neue">HELLO</text></svg>', {
      font: { fontFiles: fontFilePaths(), loadSystemFonts: false, defaultFontFamily: DEFAULT_FONT_FAMILY },
    });
    expect(withText.getBBox()?.width ?? 0).toBeGreaterThan(50);
  });

  it('holds the very colours and alpha the raster drew, its soft edges undone from premultiplied', async () => {
    const svg = generateArtworkSvg({ interests: 'jazz', colors: 'neon green and pink', target: '', occasion: '', objects: '', style: 'Sketch' }, 5);
    const pixelsOf = async (png: Buffer) => (await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })).data;
    const ours = await pixelsOf(await renderSvgToPng(svg, { width: 240 }));
    const fromResvg = await pixelsOf(Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: 240 } }).render().asPng()));
    expect(ours).toHaveLength(fromResvg.length);
    let softEdges = 0;
    let furthest = 0;
    for (let index = 0; index < ours.length; index += 4) {
      const alpha = fromResvg[index + 3] ?? 0;
      expect(ours[index + 3]).toBe(alpha);
      if (alpha === 0) continue;
      if (alpha < 255) softEdges += 1;
      // Undoing the premultiplication rounds: the fainter the pixel, the coarser its colour.
      for (let channel = 0; channel < 3; channel += 1) {
        furthest = Math.max(furthest, Math.abs((ours[index + channel] ?? 0) - (fromResvg[index + channel] ?? 0)) * (alpha / 255));
      }
    }
    expect(softEdges).toBeGreaterThan(100);
    expect(furthest).toBeLessThanOrEqual(1);
  });
});
