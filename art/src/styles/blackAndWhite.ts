/**
 * Black and White: a woodcut print — a rough-edged inked block with the scene carved out of it,
 * gouge marks for sky and ground, hatched mid-tones, block capitals printed under it. One ink
 * only: white on a dark shirt, black on a light one.
 */
import type { PartRole } from '../motifs';
import type { Random } from '../random';
import { el, num, smoothClosedPath, url } from '../svg';
import { FONTS } from '../typography/fonts';
import { textBlock } from '../typography/textBlock';
import { drawMotif, paintRole, type PartPainter } from './drawMotif';
import { composePage, headlinePlace, keylinePass, sublinePlace, sunsetBackdrop } from '../layouts/pageLayout';
import { drawScene, layoutScene, sceneBottom } from './scene';
import type { StyleRenderer } from './styleTypes';

const BLACK = '#111111';
const WHITE = '#ffffff';

/** A rectangle whose edges wander like a hand-cut block. */
function roughRect(random: Random, left: number, top: number, right: number, bottom: number, jitter: number): string {
  const corners: Array<[number, number]> = [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
  const points: Array<[number, number]> = [];
  corners.forEach(([x1, y1], index) => {
    const [x2, y2] = corners[(index + 1) % 4] as [number, number];
    for (let step = 0; step < 6; step += 1) {
      const t = step / 6;
      points.push([x1 + (x2 - x1) * t + random.range(-jitter, jitter), y1 + (y2 - y1) * t + random.range(-jitter, jitter)]);
    }
  });
  return smoothClosedPath(points);
}

export const renderBlackAndWhite: StyleRenderer = ({ random, subject, lettering, defs, fabric, page }) => {
  const ink = fabric.dark ? WHITE : BLACK;
  const paper = fabric.dark ? BLACK : WHITE;
  const cx = 600;
  const block = { left: 150, top: 110, right: 1050, bottom: 1060 };
  const blockPath = roughRect(random, block.left, block.top, block.right, block.bottom, 10);
  const blockClip = defs.add('block', (id) => el('clipPath', { id }, el('path', { d: blockPath })));
  const hatch = defs.add('hatch', (id) =>
    el('pattern', { id, width: 14, height: 14, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(-35)' }, [
      el('rect', { width: 14, height: 14, fill: paper }),
      el('rect', { y: 5, width: 14, height: 5, fill: ink }),
    ]),
  );
  const parts: string[] = [];
  const frame: string[] = [el('path', { d: blockPath, fill: ink })];

  // Gouge marks: short carved strokes across the sky, long curved furrows across the ground.
  const marks: string[] = [];
  for (let row = 0; row < 16; row += 1) {
    const y = block.top + 60 + row * 34;
    for (let x = block.left + random.range(10, 80); x < block.right - 60; x += random.range(120, 240)) {
      const length = random.range(40, 130) * (1 - row / 22);
      marks.push(`M${num(x)} ${num(y)}q${num(length / 2)} ${num(random.range(-6, 6))} ${num(length)} 0`);
    }
  }
  const groundTop = block.bottom - 230;
  for (let row = 0; row < 6; row += 1) {
    const y = groundTop + 40 + row * 34;
    marks.push(`M${block.left} ${num(y + 20)}Q${cx} ${num(y - 30 - row * 4)} ${block.right} ${num(y + 20)}`);
  }
  frame.push(
    el('g', { 'clip-path': url(blockClip) }, [
      el('path', { d: marks.join(''), fill: 'none', stroke: paper, 'stroke-width': 7, 'stroke-linecap': 'round' }),
    ]),
  );

  // The scene, carved: light shapes cut out of the block, mid-tones hatched, details left in ink.
  // Standing alone on the shirt (stacked type), it is printed instead: its shapes in the ink.
  const [cutColor, detail] = page.frame || page.sunset ? [paper, ink] : [ink, paper];
  const fills: Record<PartRole, string> = { base: cutColor, second: url(hatch), accent: detail, dark: detail, light: cutColor, line: detail };
  const cut: PartPainter = (part) =>
    part.role === 'line' || (part.opacity ?? 1) < 0.6
      ? null
      : paintRole(part, cutColor, { stroke: cutColor, 'stroke-width': (part.stroke ?? 0) + 14, 'stroke-linejoin': 'round', opacity: undefined });
  const carve: PartPainter = (part) => {
    if ((part.opacity ?? 1) < 1) return paintRole(part, part.role === 'light' ? cutColor : detail, { opacity: 0.5 });
    const fill = fills[part.role];
    return part.stroke === undefined ? { fill, stroke: detail, 'stroke-width': 3.5, 'stroke-linejoin': 'round' } : paintRole(part, fill === cutColor ? cutColor : detail);
  };
  const slots = layoutScene(subject, { x: cx, y: 580, size: 860, top: page.sceneTop, border: page.sunset ? 12 : 0 }, random);
  const decoration = subject.decoration && drawMotif(subject.decoration, { x: block.right - 110, y: block.top + 110, size: 130, rotate: 8 }, [cut, carve]);
  if (page.frame) {
    parts.push(...frame);
    parts.push(el('g', { 'clip-path': url(blockClip) }, drawScene(slots, () => [cut, carve])));
    if (decoration) parts.push(el('g', { 'clip-path': url(blockClip) }, decoration));
  } else if (page.sunset) {
    // The sun disc is the block: its bands in ink, the scene carved over it with an inked edge.
    parts.push(sunsetBackdrop(() => ({ fill: ink }), { fill: ink }));
    parts.push(drawScene(slots, () => [keylinePass(ink, 24), cut, carve]));
    if (decoration) parts.push(decoration);
  } else {
    parts.push(drawScene(slots, () => [cut, carve]));
    if (decoration) parts.push(decoration);
  }
  // A carved border line inside the block's edge.
  if (page.frame) parts.push(
    el('path', {
      d: roughRect(random, block.left + 26, block.top + 26, block.right - 26, block.bottom - 26, 4),
      fill: 'none',
      stroke: paper,
      'stroke-width': 6,
    }),
  );

  // Printed under the block: block capitals, then the smaller line in spaced capitals.
  const place = headlinePlace(page, { x: cx, top: block.bottom + 50, width: 960, height: 230 }, { maxSize: 170, maxLines: 2, letterSpacingEm: 0.05, lineGapEm: 0 }, sceneBottom(slots));
  const headline = textBlock(defs, {
    text: lettering.headline,
    font: FONTS.display,
    box: place.box,
    layout: place.layout,
    face: { fill: ink },
  });
  const words: string[] = [headline.svg];
  if (lettering.subline) {
    const { top, height } = sublinePlace(page, headline.bottom + 34, 1580);
    words.push(
      textBlock(defs, {
        text: lettering.subline.toUpperCase(),
        font: FONTS.display,
        box: { x: cx, top, width: 900, height },
        layout: { maxSize: 64, maxLines: 2, letterSpacingEm: 0.25, align: 'top' },
        face: { fill: ink },
      }).svg,
    );
  }
  return composePage(page, parts.join(''), words.join(''));
};
