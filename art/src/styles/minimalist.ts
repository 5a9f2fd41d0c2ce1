/**
 * Minimalist: line art in negative space. The scene is drawn as one even line in the colour that
 * shows on the shirt, with a single flat dot of a second colour behind it; small, widely spaced
 * capitals. No badge, no fill, no texture.
 */
import { byShowing, contrastRatio, onFabric, TARGET_CONTRAST } from '../ink/contrast';
import { hexToHsl } from '../palette/color';
import { el, num } from '../svg';
import { FONTS } from '../typography/fonts';
import { measureLine } from '../typography/glyphs';
import { textBlock } from '../typography/textBlock';
import { drawMotif, type PartPainter } from './drawMotif';
import { composePage, headlinePlace, sublinePlace, sunsetBackdrop } from '../layouts/pageLayout';
import { drawScene, layoutScene, sceneBottom } from './scene';
import type { StyleRenderer } from './styleTypes';

export const renderMinimalist: StyleRenderer = ({ random, palette, subject, lettering, defs, fabric, page }) => {
  const shown = byShowing(palette.colors, fabric);
  const lineColor = onFabric(shown[0] ?? fabric.contrastInk, fabric, TARGET_CONTRAST + 0.3);
  // The dot is the one touch of a second colour: the asked-for colour most unlike the line.
  const lineHue = hexToHsl(lineColor).h;
  const otherHue = palette.colors.find((color) => {
    const gap = Math.abs(hexToHsl(color).h - lineHue);
    return Math.min(gap, 360 - gap) > 30 && hexToHsl(color).s > 0.12;
  });
  const dotColor = onFabric(otherHue ?? palette.colors[1] ?? lineColor, fabric);
  const cx = 600;
  const cy = 600;
  const parts: string[] = [];
  const dotX = cx + random.pick([-1, 1]) * random.range(120, 220);
  const dotY = cy - random.range(140, 240);
  const dotRadius = random.range(110, 150);
  if (page.sunset) {
    // The retro sun as line art: each band of the disc outlined in the dot's colour.
    parts.push(el('g', { fill: 'none', stroke: dotColor, 'stroke-width': 8, 'stroke-linejoin': 'round' }, sunsetBackdrop(() => ({}), {})));
  } else parts.push(el('circle', { cx: dotX, cy: dotY, r: dotRadius, fill: dotColor }));
  // Even line weight whatever the motif's scale: thin strokes scaled to about 9 px on the canvas.
  const slots = layoutScene(subject, { x: cx, y: cy - 10, size: 980, top: page.sceneTop, border: 0 }, random);
  // Each part is drawn as its outline over a fill in the fabric's own colour, in the motif's order:
  // a part in front hides the lines of the parts behind it, as in a drawing made by hand.
  const linePass =
    (scale: number): PartPainter =>
    (part) =>
      (part.opacity ?? 1) < 0.6
        ? null
        : {
            fill: part.stroke !== undefined ? 'none' : fabric.hex,
            stroke: lineColor,
            'stroke-width': num(part.stroke !== undefined ? Math.min(part.stroke, 9 / scale) : 9 / scale),
            'stroke-linecap': 'round',
            'stroke-linejoin': 'round',
          };
  parts.push(drawScene(slots, (slot) => [linePass(slot.placement.size / 200)]));
  if (subject.decoration) parts.push(drawMotif(subject.decoration, { x: cx - 380, y: 250, size: 120 }, [linePass(0.6)]));
  // A single horizon line grounds the scene.
  if (page.frame) parts.push(el('rect', { x: cx - 450, y: cy + 392, width: 900, height: 8, rx: 4, fill: lineColor }));

  // Widely spaced capitals, spread to the horizon's width: the lettering carries the composition.
  const size = 84;
  const text = lettering.headline.toUpperCase();
  const plainWidth = measureLine(text, FONTS.geometric) * size;
  const spread = text.length > 1 ? Math.min(1.1, Math.max(0.24, (880 - plainWidth) / size / (text.length - 1))) : 0.24;
  const place = headlinePlace(
    page,
    { x: cx, top: 1110, width: 1000, height: 200 },
    { maxSize: size, maxLines: 2, letterSpacingEm: plainWidth + spread * size * (text.length - 1) > 1000 ? 0.24 : spread, lineGapEm: 0.35 },
    sceneBottom(slots),
  );
  const headline = textBlock(defs, {
    text,
    font: FONTS.geometric,
    box: place.box,
    // A layout's large headline keeps some air between its capitals, not the spread of one line.
    layout: page.headline ? { ...place.layout, letterSpacingEm: 0.1, lineGapEm: 0.2 } : place.layout,
    face: { fill: lineColor },
  });
  const words: string[] = [headline.svg];
  if (lettering.subline) {
    const { top, height } = sublinePlace(page, headline.bottom + 50, 1560);
    words.push(
      textBlock(defs, {
        text: lettering.subline.toUpperCase(),
        font: FONTS.geometric,
        box: { x: cx, top, width: 900, height },
        layout: { maxSize: 46, maxLines: 2, letterSpacingEm: 0.3, align: 'top' },
        face: { fill: contrastRatio(dotColor, fabric.hex) >= TARGET_CONTRAST + 0.3 ? dotColor : lineColor },
      }).svg,
    );
  }
  return composePage(page, parts.join(''), words.join(''));
};
