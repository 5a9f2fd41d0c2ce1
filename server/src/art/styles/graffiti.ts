/** Graffiti: a sprayed splat with drips and dust, a hard-outlined hero, fat 3D lettering that drips. */
import type { PartPainter } from './drawMotif';
import type { PartRole } from '../motifs';
import { adjust, darken, hexToHsl, lighten } from '../palette/color';
import { el, num, smoothClosedPath, url, wobblyRing } from '../svg';
import { FONTS } from '../typography/fonts';
import { breakLines } from '../typography/lettering';
import { textBlock } from '../typography/textBlock';
import { drawMotif, paintRole } from './drawMotif';
import { dripPath, scatterRing, sparkle } from './shared';
import type { StyleRenderer } from './styleTypes';

/** Spray paint is loud: push saturation up. */
function sprayColor(hex: string): string {
  const { s, l } = hexToHsl(hex);
  return adjust(hex, { s: Math.max(0.7, s), l: Math.min(0.62, Math.max(0.45, l)) });
}

export const renderGraffiti: StyleRenderer = ({ random, palette, motifs, lettering, defs }) => {
  const ink = '#121212';
  const splatColor = sprayColor(palette.primary);
  const secondColor = sprayColor(palette.secondary);
  const letterColor = sprayColor(palette.accent);
  const colors: Record<PartRole, string> = {
    base: sprayColor(palette.secondary),
    second: sprayColor(palette.accent),
    accent: sprayColor(palette.primary === palette.accent ? palette.secondary : palette.primary),
    dark: ink,
    light: '#ffffff',
    line: ink,
  };
  if (colors.base === splatColor) colors.base = lighten(splatColor, 0.2);
  const spray = defs.add('spray', (id) =>
    el('filter', { id, x: '-5%', y: '-5%', width: '110%', height: '110%' }, el('feGaussianBlur', { stdDeviation: 9 })),
  );
  const fade = defs.add('fade', (id) =>
    el('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1 }, [
      el('stop', { offset: 0, 'stop-color': lighten(letterColor, 0.12) }),
      el('stop', { offset: 1, 'stop-color': darken(letterColor, 0.08) }),
    ]),
  );
  const cx = 600;
  const cy = 640;
  const parts: string[] = [];

  // The sprayed cloud: two soft blobs, dust around them, drips running off the bottom.
  const cloud = smoothClosedPath(wobblyRing(cx, cy, 470, 410, 14, () => random.range(-0.14, 0.1)));
  const inner = smoothClosedPath(wobblyRing(cx + random.range(-60, 60), cy - 40, 330, 280, 11, () => random.range(-0.16, 0.1)));
  parts.push(el('g', { filter: url(spray) }, [el('path', { d: cloud, fill: splatColor }), el('path', { d: inner, fill: secondColor, opacity: 0.75 })]));
  const dust = scatterRing(random, 110, cx, cy, 470, 410, [0.92, 1.22]);
  parts.push(
    el(
      'g',
      { fill: splatColor },
      dust.map(([x, y]) => el('circle', { cx: x, cy: y, r: random.range(1.5, 7), opacity: random.range(0.4, 1) })),
    ),
  );
  const drips: string[] = [];
  for (let index = 0; index < 7; index += 1) {
    const x = cx + random.range(-330, 330);
    const edge = cy + Math.sqrt(Math.max(0, 1 - ((x - cx) / 470) ** 2)) * 360;
    drips.push(dripPath(x, edge - 40, random.range(12, 26), random.range(70, 240)));
  }
  parts.push(el('path', { d: drips.join(''), fill: splatColor }));

  // Tags and doodles behind the hero.
  parts.push(
    el('path', {
      d: `M${cx - 380} ${cy - 250}q60 -70 120 0t120 0`,
      fill: 'none',
      stroke: '#ffffff',
      'stroke-width': 12,
      'stroke-linecap': 'round',
      opacity: 0.9,
    }),
  );
  const hero = motifs[0];
  if (hero) {
    const outline: PartPainter = (part) =>
      part.role === 'line' || (part.opacity ?? 1) < 0.6
        ? null
        : part.stroke !== undefined
          ? { fill: 'none', stroke: ink, 'stroke-width': part.stroke + 14, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }
          : { fill: ink, stroke: ink, 'stroke-width': 14, 'stroke-linejoin': 'round' };
    const fill: PartPainter = (part) =>
      part.stroke !== undefined || (part.opacity ?? 1) < 1
        ? paintRole(part, colors[part.role])
        : { fill: colors[part.role], stroke: ink, 'stroke-width': 3.5, 'stroke-linejoin': 'round' };
    // White "shine" ticks on the big shapes, the graffiti writer's highlight.
    const placement = { x: cx + random.range(-20, 20), y: cy - 10, size: 560, rotate: random.range(-10, 10) };
    parts.push(drawMotif(hero, { ...placement, x: placement.x + 16, y: placement.y + 18 }, [outline], { opacity: 0.5 }));
    parts.push(drawMotif(hero, placement, [outline, fill]));
  }
  motifs.slice(1, 3).forEach((motif, index) => {
    const side = index === 0 ? -1 : 1;
    parts.push(
      drawMotif(motif, { x: cx + side * 400, y: 240 + index * 40, size: 190, rotate: side * 16 }, [
        (part) => (part.role === 'line' ? null : paintRole(part, '#ffffff', part.stroke !== undefined ? { 'stroke-width': part.stroke + 16 } : { stroke: '#ffffff', 'stroke-width': 16, 'stroke-linejoin': 'round' })),
        (part) => paintRole(part, part.role === 'light' ? '#ffffff' : ink),
      ]),
    );
  });
  for (let index = 0; index < 3; index += 1) {
    parts.push(sparkle(cx + random.pick([-1, 1]) * random.range(360, 500), random.range(120, 1000), random.range(24, 44), { fill: '#ffffff', stroke: ink, 'stroke-width': 6 }));
  }

  // Fat lettering: white halo, stepped 3D extrusion, gradient face, drips.
  const lines = breakLines(lettering.headline, 14, 3);
  const tilt = random.range(-8, -3);
  const baseY = 1170 + (lines.length === 1 ? 40 : 0);
  const extrusion = Array.from({ length: 6 }, (_, step) => ({
    dx: (step + 1) * 3,
    dy: (step + 1) * 3.5,
    attributes: { fill: ink, stroke: ink, 'stroke-width': 14, 'stroke-linejoin': 'round' },
  }));
  const headline = textBlock({
    lines,
    font: FONTS.marker,
    x: cx,
    y: baseY,
    maxWidth: 1040,
    maxSize: 190,
    lineHeight: 0.92,
    attributes: { fill: url(fade), stroke: ink, 'stroke-width': 9, 'paint-order': 'stroke', 'stroke-linejoin': 'round' },
    layers: [{ dx: 0, dy: 0, attributes: { fill: '#ffffff', stroke: '#ffffff', 'stroke-width': 44, 'stroke-linejoin': 'round' } }, ...extrusion],
  });
  const letterDrips: string[] = [];
  const textWidth = Math.min(1000, Math.max(...lines.map((line) => line.length)) * headline.fontSize * 0.5);
  for (let index = 0; index < 5; index += 1) {
    const x = cx + random.range(-textWidth / 2.4, textWidth / 2.4);
    letterDrips.push(dripPath(x, headline.bottom - headline.fontSize * 0.12, random.range(9, 15), random.range(40, 120)));
  }
  parts.push(
    el('g', { transform: `rotate(${num(tilt)} ${cx} ${num(baseY)})` }, [
      headline.svg,
      el('path', { d: letterDrips.join(''), fill: letterColor, stroke: ink, 'stroke-width': 5 }),
    ]),
  );
  if (lettering.subline) {
    const subY = headline.bottom + 190;
    parts.push(
      el('g', { transform: `rotate(${num(tilt / 2)} ${cx} ${num(subY)})` }, [
        el('rect', { x: cx - 330, y: subY - 62, width: 660, height: 86, fill: ink, rx: 6 }),
        textBlock({
          lines: [lettering.subline.toUpperCase()],
          font: FONTS.display,
          x: cx,
          y: subY,
          maxWidth: 600,
          maxSize: 66,
          letterSpacingEm: 0.08,
          attributes: { fill: '#ffffff' },
        }).svg,
      ]),
    );
  }
  return parts.join('');
};
