import { SHIRT_COLORS } from '@tshirt/shared/catalog';
import { hexToRgb } from '../palette/color';
import { pictureAdvice, plainColorName, type PictureRaster } from './pictureAdvice';

function transparentRaster(width: number, height: number): PictureRaster {
  return { width, height, pixels: new Uint8Array(width * height * 4) };
}

function paintRect(
  raster: PictureRaster,
  rect: { x: number; y: number; width: number; height: number },
  hex: string,
  alpha = 255,
): void {
  const [red, green, blue] = hexToRgb(hex);
  for (let y = rect.y; y < rect.y + rect.height; y += 1) {
    for (let x = rect.x; x < rect.x + rect.width; x += 1) {
      raster.pixels.set([red, green, blue, alpha], (y * raster.width + x) * 4);
    }
  }
}

function paintDisc(raster: PictureRaster, hex: string): void {
  const [red, green, blue] = hexToRgb(hex);
  const radius = Math.min(raster.width, raster.height) * 0.4;
  for (let y = 0; y < raster.height; y += 1) {
    for (let x = 0; x < raster.width; x += 1) {
      if (Math.hypot(x + 0.5 - raster.width / 2, y + 0.5 - raster.height / 2) > radius) continue;
      raster.pixels.set([red, green, blue, 255], (y * raster.width + x) * 4);
    }
  }
}

describe('pictureAdvice', () => {
  it('names a dark navy outline as faint on dark shirts and suggests the light ones', () => {
    const raster = transparentRaster(120, 160);
    paintDisc(raster, '#1b2a4a');
    const advice = pictureAdvice(raster);
    expect(advice.ink).toBe('as-drawn');
    expect(advice.faintColors.Navy).toEqual(['navy']);
    expect(advice.faintColors.Black).toEqual(['navy']);
    expect(advice.faintColors.White).toBeUndefined();
    expect(advice.suggestedShirts).toEqual(['White', 'Light Grey', 'Pink']);
  });

  it('names a white outline as faint on the white shirt', () => {
    const raster = transparentRaster(100, 100);
    paintDisc(raster, '#ffffff');
    const advice = pictureAdvice(raster);
    expect(advice.faintColors.White).toEqual(['white']);
    expect(advice.suggestedShirts).toContain('Black');
    expect(advice.suggestedShirts).not.toContain('White');
  });

  it('judges only the outline: a faint colour inside the picture does not count', () => {
    const raster = transparentRaster(100, 100);
    paintRect(raster, { x: 10, y: 10, width: 80, height: 80 }, '#ffffff');
    paintRect(raster, { x: 30, y: 30, width: 40, height: 40 }, '#1d1d1f');
    expect(pictureAdvice(raster).faintColors.Black).toBeUndefined();
  });

  it('counts the picture border as outline: a full-bleed picture meets the fabric there', () => {
    const raster = transparentRaster(80, 80);
    paintRect(raster, { x: 0, y: 0, width: 80, height: 80 }, '#1d1d1f');
    expect(pictureAdvice(raster).faintColors.Black).toEqual(['black']);
  });

  it('lets up to 3% of the outline be faint, as the engine rule does', () => {
    const raster = transparentRaster(200, 200);
    // 196 outline pixels of white, 4 of black: 2% faint on the black shirt.
    paintRect(raster, { x: 10, y: 10, width: 50, height: 50 }, '#ffffff');
    paintRect(raster, { x: 100, y: 100, width: 2, height: 2 }, '#000000');
    const advice = pictureAdvice(raster);
    expect(advice.faintColors.Black).toBeUndefined();
    expect(advice.suggestedShirts).toContain('Black');
  });

  it('lists the faint colours most common first, leaving out ones under a tenth of them', () => {
    const raster = transparentRaster(200, 100);
    paintRect(raster, { x: 5, y: 5, width: 60, height: 60 }, '#1b2a4a'); // 236 outline pixels
    paintRect(raster, { x: 80, y: 5, width: 30, height: 30 }, '#121212'); // 116
    paintRect(raster, { x: 150, y: 5, width: 2, height: 2 }, '#393b3f'); // 4: under a tenth
    expect(pictureAdvice(raster).faintColors.Navy).toEqual(['navy', 'black']);
  });

  it('judges a half-covered edge pixel by its ink, not by its blend with the fabric', () => {
    const raster = transparentRaster(60, 60);
    // A gold disc whose rim is anti-aliased: half gold, half fabric would fall short of 3:1 on
    // navy, while the gold ink itself stands out from it.
    paintRect(raster, { x: 10, y: 10, width: 40, height: 40 }, '#f4a300', 140);
    paintRect(raster, { x: 11, y: 11, width: 38, height: 38 }, '#f4a300');
    expect(pictureAdvice(raster).faintColors.Navy).toBeUndefined();
  });

  it('suggests the shirts that lose the least outline when no shirt keeps all of it', () => {
    const raster = transparentRaster(300, 100);
    paintRect(raster, { x: 5, y: 5, width: 80, height: 80 }, '#ffffff'); // 316 outline pixels
    paintRect(raster, { x: 100, y: 5, width: 40, height: 40 }, '#000000'); // 156
    paintRect(raster, { x: 160, y: 5, width: 20, height: 20 }, '#c62633'); // 76
    paintRect(raster, { x: 220, y: 5, width: 20, height: 20 }, '#2f6fd0'); // 76
    const advice = pictureAdvice(raster);
    expect(SHIRT_COLORS.filter((shirt) => advice.faintColors[shirt] === undefined)).toEqual([]);
    // The red and blue shirts lose only the red and blue squares, 152 of 624 outline pixels; black
    // loses its square and the red one (3.0:1 falls just short), white the white one.
    expect(advice.suggestedShirts).toEqual(['Red', 'Blue']);
  });

  it('suggests every shirt for a picture with nothing drawn', () => {
    const advice = pictureAdvice(transparentRaster(10, 10));
    expect(advice.suggestedShirts).toEqual([...SHIRT_COLORS]);
    expect(advice.faintColors).toEqual({});
  });

  it.each([
    ['#1b2a4a', 'navy'],
    ['#ffffff', 'white'],
    ['#000000', 'black'],
    ['#e03a3a', 'red'],
    ['#f5efd8', 'cream'],
    ['#2e7d32', 'green'],
    ['#87cefa', 'sky blue'],
    ['#8b5a2b', 'brown'],
    ['#ffd700', 'yellow'],
  ])('calls %s %s', (hex, name) => {
    expect(plainColorName(hex)).toBe(name);
  });
});
