/** Oil Painting: brush strokes through turbulence and displacement filters, in a gilded oval frame. */
import type { PartRole } from '../motifs';
import { adjust, darken, hexToHsl, lighten, mix, shirtSafe } from '../palette/color';
import type { Random } from '../random';
import { el, num, smoothOpenPath, url } from '../svg';
import { FONTS } from '../typography/fonts';
import { breakLines } from '../typography/lettering';
import { textBlock } from '../typography/textBlock';
import { drawMotif, paintRole, type PartPainter } from './drawMotif';
import type { StyleRenderer } from './styleTypes';

/** Oil paint is rich but never neon: cap saturation, keep mid values. */
function pigment(hex: string, lightness?: number): string {
  const { s, l } = hexToHsl(hex);
  return adjust(hex, { s: Math.min(0.62, s), l: lightness ?? Math.min(0.6, Math.max(0.35, l)) });
}

/** One loaded brush stroke: a fat curve plus a thin lighter bristle streak (drawn inside a round-capped group). */
function brushStroke(random: Random, x: number, y: number, length: number, width: number, color: string, angle = 0, curve = 0.6): string {
  const dx = Math.cos(angle) * length;
  const dy = Math.sin(angle) * length;
  const bend = random.range(-width * curve, width * curve);
  const points: Array<[number, number]> = [
    [x - dx / 2, y - dy / 2],
    [x + bend * Math.sin(angle), y + bend],
    [x + dx / 2, y + dy / 2 + random.range(-width * curve * 0.5, width * curve * 0.5)],
  ];
  const d = smoothOpenPath(points);
  return (
    el('path', { d, stroke: color, 'stroke-width': width }) +
    el('path', { d, stroke: lighten(color, 0.12), 'stroke-width': Math.max(2, width * 0.12), opacity: 0.6, transform: `translate(0 ${num(-width * 0.22)})` })
  );
}

const BRUSH_GROUP = { fill: 'none', 'stroke-linecap': 'round' } as const;

export const renderOilPainting: StyleRenderer = ({ random, palette, motifs, lettering, defs }) => {
  const cx = 600;
  const cy = 650;
  const rx = 420;
  const ry = 520;
  // Turbulence is the costly part of a print render, so each filter covers only its own region.
  const oilFilter = (x: number, y: number, width: number, height: number) =>
    defs.add('oil', (id) =>
      el('filter', { id, filterUnits: 'userSpaceOnUse', x, y, width, height }, [
        el('feTurbulence', { type: 'fractalNoise', baseFrequency: '0.012 0.028', numOctaves: 2, seed: random.int(1, 999), result: 'flow' }),
        el('feDisplacementMap', { in: 'SourceGraphic', in2: 'flow', scale: 26, xChannelSelector: 'R', yChannelSelector: 'G' }),
      ]),
    );
  const paint = oilFilter(cx - rx - 40, cy - ry - 40, rx * 2 + 80, ry * 2 + 80);
  const canvasClip = defs.add('canvas', (id) => el('clipPath', { id }, el('ellipse', { cx, cy, rx, ry })));
  const gold = defs.add('gilt', (id) =>
    el('linearGradient', { id, x1: 0, y1: 0, x2: 1, y2: 1 }, [
      el('stop', { offset: 0, 'stop-color': '#f6dd8a' }),
      el('stop', { offset: 0.35, 'stop-color': '#b8862b' }),
      el('stop', { offset: 0.6, 'stop-color': '#f3d27a' }),
      el('stop', { offset: 1, 'stop-color': '#8a5e14' }),
    ]),
  );

  // Background: horizontal bands of strokes from sky to ground, colours drifting between palette tones.
  const skyTop = pigment(palette.secondary, 0.32);
  const skyLow = pigment(palette.accent, 0.72);
  const ground = pigment(palette.primary, 0.38);
  const underpaint = defs.add('ground', (id) =>
    el('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1 }, [
      el('stop', { offset: 0, 'stop-color': skyTop }),
      el('stop', { offset: 0.62, 'stop-color': skyLow }),
      el('stop', { offset: 0.82, 'stop-color': ground }),
    ]),
  );
  const strokes: string[] = [el('ellipse', { cx, cy, rx, ry, fill: url(underpaint) })];
  const rows = 14;
  for (let row = 0; row < rows; row += 1) {
    const t = row / (rows - 1);
    const y = cy - ry + t * ry * 2;
    const base = t < 0.62 ? mix(skyTop, skyLow, t / 0.62) : mix(skyLow, ground, Math.min(1, (t - 0.62) / 0.2));
    for (let x = cx - rx - 60; x < cx + rx + 60; x += random.range(150, 210)) {
      const tone = adjust(base, { dl: random.range(-0.05, 0.05), dh: random.range(-6, 6) });
      strokes.push(brushStroke(random, x, y + random.range(-12, 12), random.range(190, 280), random.range(66, 88), tone, random.range(-0.12, 0.12)));
    }
  }
  // A glowing light source dabbed in with short round strokes.
  const sunX = cx + random.range(-180, 180);
  const sunY = cy - ry * 0.62;
  strokes.push(el('circle', { cx: sunX, cy: sunY, r: 58, fill: lighten(skyLow, 0.14) }));
  for (let index = 0; index < 10; index += 1) {
    const angle = (index / 10) * Math.PI * 2;
    const distance = random.range(58, 80);
    strokes.push(
      brushStroke(random, sunX + Math.cos(angle) * distance, sunY + Math.sin(angle) * distance, random.range(30, 50), random.range(12, 20), lighten(skyLow, random.range(0.04, 0.1)), angle + Math.PI / 2),
    );
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
      ? { fill: 'none', stroke: lighten(colors[part.role], 0.16), 'stroke-width': 5, 'stroke-dasharray': '18 26', 'stroke-linecap': 'round', opacity: 0.7 }
      : null;
  const hero = motifs[0];
  const painted: string[] = [el('g', { 'clip-path': url(canvasClip) }, el('g', BRUSH_GROUP, strokes))];
  if (hero) {
    painted.push(el('ellipse', { cx, cy: cy + 300, rx: 240, ry: 40, fill: colors.dark, opacity: 0.35 }));
    painted.push(drawMotif(hero, { x: cx, y: cy + 40, size: 540, rotate: random.range(-3, 3) }, [outline, colour, glaze]));
  }

  const parts: string[] = [
    el('ellipse', { cx, cy, rx: rx + 34, ry: ry + 34, fill: 'none', stroke: darken('#8a5e14', 0.1), 'stroke-width': 56 }),
    el('ellipse', { cx, cy, rx: rx + 34, ry: ry + 34, fill: 'none', stroke: url(gold), 'stroke-width': 44 }),
    el('ellipse', { cx, cy, rx: rx + 34, ry: ry + 34, fill: 'none', stroke: '#fff3c4', 'stroke-width': 3, 'stroke-dasharray': '2 16', opacity: 0.8 }),
    el('g', { filter: url(paint) }, painted),
    el('ellipse', { cx, cy, rx: rx + 4, ry: ry + 4, fill: 'none', stroke: '#6b4a12', 'stroke-width': 8 }),
  ];

  // A painted plaque under the frame carries the title in a classical italic.
  const lines = breakLines(lettering.headline, 20, 2);
  const headline = textBlock({
    lines,
    font: FONTS.serifItalic,
    x: cx,
    y: 1330,
    maxWidth: 900,
    maxSize: 112,
    lineHeight: 1.0,
    attributes: { fill: '#fff6dc' },
  });
  const plaqueHeight = headline.fontSize * lines.length + 70;
  const plaqueTop = 1330 - headline.fontSize * 0.95 - 20;
  const plaqueColor = darken(pigment(palette.primary), 0.12);
  parts.push(
    el('g', { filter: url(oilFilter(cx - 480, plaqueTop - 40, 960, plaqueHeight + 80)), ...BRUSH_GROUP }, [
      brushStroke(random, cx, plaqueTop + plaqueHeight / 2, 860, plaqueHeight, plaqueColor, 0, 0.05),
    ]),
  );
  parts.push(headline.svg);
  if (lettering.subline) {
    parts.push(
      textBlock({
        lines: [lettering.subline],
        font: FONTS.serifItalic,
        x: cx,
        y: plaqueTop + plaqueHeight + 80,
        maxWidth: 760,
        maxSize: 58,
        attributes: { fill: shirtSafe(pigment(palette.primary), 0.14, 0.3) },
      }).svg,
    );
  }
  return parts.join('');
};
