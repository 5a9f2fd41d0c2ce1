/**
 * Oil Painting: loaded brush strokes pushed around by a wet-paint displacement, raking light over
 * impasto and canvas weave (a diffuse lighting filter multiplied over the paint), on an unframed
 * canvas whose paint stops at a ragged brushed edge; the title painted in a classical italic.
 */
import { byShowing, contrastRatio, showingColor, TARGET_CONTRAST } from '../ink/contrast';
import type { PartRole } from '../motifs';
import { adjust, hexToHsl, lighten, mix } from '../palette/color';
import type { Random } from '../random';
import { el, num, smoothClosedPath, url } from '../svg';
import { FONTS } from '../typography/fonts';
import { textBlock } from '../typography/textBlock';
import { paintRole, type PartPainter } from './drawMotif';
import { drawScene, layoutScene } from './scene';
import type { StyleRenderer } from './styleTypes';
import { displacementFilter, overlay, reliefPaint } from './textures';

/** Oil paint is rich but never neon: cap saturation, keep mid values. */
function pigment(hex: string, lightness?: number): string {
  const { s, l } = hexToHsl(hex);
  return adjust(hex, { s: Math.min(0.62, s), l: lightness ?? Math.min(0.6, Math.max(0.35, l)) });
}

/** One loaded brush stroke: a fat curved dab (drawn inside a round-capped group). */
function brushStroke(random: Random, x: number, y: number, length: number, width: number, color: string, angle = 0): string {
  const dx = Math.cos(angle) * length;
  const dy = Math.sin(angle) * length;
  const bend = random.range(-width * 0.6, width * 0.6);
  return el('path', {
    d: `M${num(x - dx / 2)} ${num(y - dy / 2)}Q${num(x + bend * Math.sin(angle))} ${num(y + bend)} ${num(x + dx / 2)} ${num(y + dy / 2)}`,
    stroke: color,
    'stroke-width': Math.round(width),
  });
}

const BRUSH_GROUP = { fill: 'none', 'stroke-linecap': 'round' } as const;

export const renderOilPainting: StyleRenderer = ({ random, palette, subject, lettering, defs, fabric }) => {
  const cx = 600;
  const cy = 560;
  const rx = 450;
  const ry = 460;
  const canvasRegion = { x: cx - rx - 40, y: cy - ry - 40, width: rx * 2 + 80, height: ry * 2 + 80 };
  const wetPaint = displacementFilter(defs, canvasRegion, { tile: 360, baseFrequency: [0.012, 0.03], octaves: 2, seed: random.int(1, 999) }, 28);
  // Impasto ridges and the canvas weave under them, lit from the top left, in one tile.
  const impasto = reliefPaint(defs, { tile: 90, baseFrequency: [0.08, 0.16], octaves: 3, seed: random.int(1, 999), relief: 2.4 });
  // No frame: the paint stops where the brush stopped, a ragged edge around a loose rectangle.
  const edgePoints: Array<[number, number]> = [];
  const corners: Array<[number, number]> = [
    [cx - rx, cy - ry],
    [cx + rx, cy - ry],
    [cx + rx, cy + ry],
    [cx - rx, cy + ry],
  ];
  corners.forEach(([x1, y1], index) => {
    const [x2, y2] = corners[(index + 1) % 4] as [number, number];
    for (let step = 0; step < 7; step += 1) {
      const t = step / 7;
      edgePoints.push([x1 + (x2 - x1) * t + random.range(-16, 16), y1 + (y2 - y1) * t + random.range(-16, 16)]);
    }
  });
  const patch = smoothClosedPath(edgePoints);
  const canvasClip = defs.add('canvas', (id) => el('clipPath', { id }, el('path', { d: patch })));

  // Background: bands of strokes from sky to ground, colours drifting between palette tones.
  const skyTop = pigment(palette.secondary, 0.32);
  const skyLow = pigment(palette.accent, 0.72);
  const ground = pigment(palette.primary, 0.38);
  const strokes: string[] = [el('rect', { x: cx - rx - 40, y: cy - ry - 40, width: rx * 2 + 80, height: ry * 2 + 80, fill: mix(skyTop, skyLow, 0.5) })];
  const rows = 12;
  for (let row = 0; row < rows; row += 1) {
    const t = row / (rows - 1);
    const y = cy - ry + t * ry * 2;
    const base = t < 0.62 ? mix(skyTop, skyLow, t / 0.62) : mix(skyLow, ground, Math.min(1, (t - 0.62) / 0.2));
    for (let x = cx - rx - 40; x < cx + rx + 40; x += random.range(170, 230)) {
      const tone = adjust(base, { dl: random.range(-0.05, 0.05), dh: random.range(-6, 6) });
      strokes.push(brushStroke(random, x, y + random.range(-12, 12), random.range(200, 290), random.range(80, 100), tone, random.range(-0.12, 0.12)));
    }
  }
  // A glowing light source dabbed in with short round strokes.
  const sunX = cx + random.range(-180, 180);
  const sunY = cy - ry * 0.6;
  strokes.push(el('circle', { cx: sunX, cy: sunY, r: 58, fill: lighten(skyLow, 0.14) }));
  for (let index = 0; index < 8; index += 1) {
    const angle = (index / 8) * Math.PI * 2;
    const distance = random.range(58, 80);
    strokes.push(brushStroke(random, sunX + Math.cos(angle) * distance, sunY + Math.sin(angle) * distance, random.range(30, 50), random.range(14, 20), lighten(skyLow, random.range(0.04, 0.1)), angle + Math.PI / 2));
  }

  const colors: Record<PartRole, string> = {
    base: pigment(palette.primary),
    second: pigment(palette.secondary),
    accent: pigment(palette.accent),
    dark: adjust(palette.ink, { l: 0.14, s: 0.3 }),
    light: mix(palette.light, '#f3e6c8', 0.6),
    line: adjust(palette.ink, { l: 0.16, s: 0.3 }),
  };
  const outline: PartPainter = (part) =>
    part.role === 'line' || (part.opacity ?? 1) < 0.6 ? null : paintRole(part, colors.dark, { stroke: colors.dark, 'stroke-width': part.stroke !== undefined ? part.stroke + 6 : 6, 'stroke-linejoin': 'round' });
  const colour: PartPainter = (part) => paintRole(part, colors[part.role]);
  const glaze: PartPainter = (part) =>
    part.stroke === undefined && part.role !== 'line' && (part.opacity ?? 1) === 1
      ? { fill: 'none', stroke: lighten(colors[part.role], 0.16), 'stroke-width': 6, 'stroke-dasharray': '18 26', 'stroke-linecap': 'round', opacity: 0.7 }
      : null;
  const painted: string[] = [el('g', BRUSH_GROUP, strokes)];
  const slots = layoutScene(subject, { x: cx, y: cy + 50, size: 640 }, random);
  if (slots.length > 0) {
    painted.push(el('ellipse', { cx, cy: cy + 320, rx: 250, ry: 40, fill: colors.dark, opacity: 0.35 }));
    painted.push(drawScene(slots, () => [outline, colour, glaze]));
  }

  // Where the paint meets the shirt, a primed canvas edge in the asked-for colour that shows most.
  const primer = showingColor([palette.light, ...palette.colors], fabric, TARGET_CONTRAST + 0.4);
  const parts: string[] = [
    el('path', { d: patch, fill: primer, stroke: primer, 'stroke-width': 36, 'stroke-linejoin': 'round' }),
    el('g', { 'clip-path': url(canvasClip) }, [
      el('g', { filter: url(wetPaint) }, painted),
      overlay(impasto, canvasRegion, 'multiply', 0.9),
    ]),
  ];

  // The title is signed in paint on the shirt itself, in a classical italic.
  const titleColor = showingColor(palette.colors, fabric, TARGET_CONTRAST + 0.4);
  const title = textBlock(defs, {
    text: lettering.headline,
    font: FONTS.serifItalic,
    box: { x: cx, top: cy + ry + 70, width: 1000, height: 200 },
    layout: { maxSize: 130, maxLines: 2, lineGapEm: -0.05 },
    face: { fill: titleColor },
  });
  parts.push(title.svg);
  if (lettering.subline) {
    const top = title.bottom + 30;
    const sublineColor = showingColor(byShowing(palette.colors, fabric).slice(1), fabric, TARGET_CONTRAST + 0.4);
    parts.push(
      textBlock(defs, {
        text: lettering.subline,
        font: FONTS.serifItalic,
        box: { x: cx, top, width: 920, height: Math.max(40, 1580 - top) },
        layout: { maxSize: 66, maxLines: 2, align: 'top', lineGapEm: -0.05 },
        face: { fill: contrastRatio(sublineColor, fabric.hex) >= TARGET_CONTRAST ? sublineColor : titleColor },
      }).svg,
    );
  }
  return parts.join('');
};
