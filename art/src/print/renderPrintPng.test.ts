import { Resvg } from '@resvg/resvg-js';
import { generateArtworkSvg, PRINT_SIZE, renderPrintPng } from '../index';
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
});
