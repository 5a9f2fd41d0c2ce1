/** Photorealistic: a lit scene in a lens — sky gradient, glow, hazy hills, shaded hero, soft shadows. */
import type { PartRole } from '../motifs';
import { adjust, darken, hexToHsl, lighten, mix, shirtSafe } from '../palette/color';
import { el, num, smoothOpenPath, url, type Defs } from '../svg';
import type { Random } from '../random';
import { FONTS } from '../typography/fonts';
import { breakLines } from '../typography/lettering';
import { textBlock } from '../typography/textBlock';
import { drawMotif, paintRole, type PartPainter } from './drawMotif';
import type { StyleRenderer } from './styleTypes';

function linear(defs: Defs, stops: ReadonlyArray<[number, string, number?]>, x2 = 0, y2 = 1, x1 = 0, y1 = 0): string {
  return defs.add('lin', (id) =>
    el(
      'linearGradient',
      { id, x1, y1, x2, y2 },
      stops.map(([offset, color, opacity]) => el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity })),
    ),
  );
}

function radial(defs: Defs, stops: ReadonlyArray<[number, string, number?]>, cx = 0.5, cy = 0.5, r = 0.5): string {
  return defs.add('rad', (id) =>
    el(
      'radialGradient',
      { id, cx, cy, r },
      stops.map(([offset, color, opacity]) => el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity })),
    ),
  );
}

/** A rolling hill line across the scene. */
function hill(random: Random, baseY: number, amplitude: number, left: number, right: number, bottom: number): string {
  const points: Array<[number, number]> = [];
  for (let x = left; x <= right + 1; x += (right - left) / 6) points.push([x, baseY - random.range(0, amplitude)]);
  return `${smoothOpenPath(points)}L${num(right)} ${num(bottom)}L${num(left)} ${num(bottom)}Z`;
}

export const renderPhotorealistic: StyleRenderer = ({ random, palette, motifs, lettering, defs }) => {
  const cx = 600;
  const cy = 640;
  const radius = 450;
  const skyTop = adjust(palette.secondary, { l: 0.2, ds: 0.05 });
  const skyMid = adjust(palette.primary, { l: 0.55 });
  const horizon = adjust(palette.accent, { l: 0.82 });
  const sky = linear(defs, [
    [0, skyTop],
    [0.55, skyMid],
    [0.8, horizon],
  ]);
  const sunGlow = radial(defs, [
    [0, '#ffffff', 1],
    [0.18, lighten(horizon, 0.1), 0.95],
    [1, horizon, 0],
  ]);
  const farHill = linear(defs, [
    [0, mix(skyMid, adjust(palette.secondary, { l: 0.45 }), 0.5)],
    [1, mix(horizon, skyMid, 0.5)],
  ]);
  const nearHill = linear(defs, [
    [0, adjust(palette.secondary, { l: 0.3 })],
    [1, adjust(palette.secondary, { l: 0.12 })],
  ]);
  const vignette = radial(defs, [
    [0.7, '#000000', 0],
    [1, '#000000', 0.45],
  ]);
  const chrome = linear(
    defs,
    [
      [0, '#ffffff'],
      [0.45, '#9aa0a8'],
      [0.55, '#e8ebef'],
      [1, '#5b6068'],
    ],
    1,
    1,
  );
  const lens = defs.add('lens', (id) => el('clipPath', { id }, el('circle', { cx, cy, r: radius })));
  const contactShadow = radial(defs, [
    [0, '#000000', 0.55],
    [1, '#000000', 0],
  ]);
  const lensShadow = radial(defs, [
    [0.9, '#000000', 0.4],
    [1, '#000000', 0],
  ]);
  const soft = defs.add('soft', (id) => el('filter', { id, x: '-10%', y: '-10%', width: '120%', height: '120%' }, el('feGaussianBlur', { stdDeviation: 8 })));

  const horizonY = cy + 170;
  const scene: string[] = [
    el('rect', { x: cx - radius, y: cy - radius, width: radius * 2, height: radius * 2, fill: url(sky) }),
    el('circle', { cx: cx + random.range(-160, 160), cy: horizonY - 40, r: 330, fill: url(sunGlow) }),
    el('path', { d: hill(random, horizonY - 40, 90, cx - radius, cx + radius, cy + radius), fill: url(farHill), opacity: 0.9 }),
    el('path', { d: hill(random, horizonY + 60, 60, cx - radius, cx + radius, cy + radius), fill: url(nearHill) }),
  ];
  for (let index = 0; index < 5; index += 1) {
    const y = horizonY + 110 + index * 34;
    scene.push(el('rect', { x: cx - random.range(60, 220), y, width: random.range(120, 440), height: 4, rx: 2, fill: '#ffffff', opacity: 0.22 - index * 0.03 }));
  }
  const hero = motifs[0];
  const heroPlacement = { x: cx, y: cy + 20, size: 540 };
  if (hero) {
    scene.push(el('ellipse', { cx, cy: cy + 300, rx: 260, ry: 46, fill: url(contactShadow) }));
  }
  scene.push(el('circle', { cx, cy, r: radius, fill: url(vignette) }));

  const parts: string[] = [
    el('circle', { cx: cx + 14, cy: cy + 26, r: radius + 40, fill: url(lensShadow) }),
    el('g', { 'clip-path': url(lens) }, scene),
  ];
  if (hero) {
    // Every colour role becomes a lit volume: light from the top left, shadow bottom right.
    const shaded = new Map<string, string>();
    const shade = (color: string) => {
      const cached = shaded.get(color);
      if (cached) return cached;
      const id = linear(
        defs,
        [
          [0, lighten(color, 0.22)],
          [0.5, color],
          [1, darken(color, 0.25)],
        ],
        1,
        1,
      );
      shaded.set(color, id);
      return id;
    };
    const colors: Record<PartRole, string> = {
      base: adjust(palette.primary, { l: Math.min(0.6, Math.max(0.42, hexToHsl(palette.primary).l)) }),
      second: adjust(palette.secondary, { l: Math.min(0.55, Math.max(0.35, hexToHsl(palette.secondary).l)) }),
      accent: adjust(palette.accent, { l: Math.min(0.65, Math.max(0.45, hexToHsl(palette.accent).l)) }),
      dark: adjust(palette.ink, { l: 0.1 }),
      light: adjust(palette.light, { l: 0.93 }),
      line: darken(palette.ink, 0.02),
    };
    const specular = radial(
      defs,
      [
        [0, '#ffffff', 0.75],
        [0.5, '#ffffff', 0.12],
        [1, '#ffffff', 0],
      ],
      0.32,
      0.28,
      0.6,
    );
    const body: PartPainter = (part) =>
      part.role === 'line' ? paintRole(part, colors.line, { opacity: 0.55 }) : paintRole(part, url(shade(colors[part.role])));
    const highlight: PartPainter = (part) =>
      part.role === 'base' && part.stroke === undefined && (part.opacity ?? 1) === 1 ? { fill: url(specular) } : null;
    const rim: PartPainter = (part) =>
      part.role === 'line' || (part.opacity ?? 1) < 1
        ? null
        : { fill: 'none', stroke: darken(colors[part.role], 0.3), 'stroke-width': 1.5, opacity: 0.6 };
    parts.push(drawMotif(hero, { ...heroPlacement, x: cx + 22, y: cy + 40 }, [(part) => (part.role === 'line' ? null : paintRole(part, '#000000'))], { opacity: 0.35, filter: url(soft) }));
    parts.push(drawMotif(hero, heroPlacement, [body, highlight, rim]));
  }
  parts.push(el('circle', { cx, cy, r: radius, fill: 'none', stroke: url(chrome), 'stroke-width': 18 }));
  parts.push(el('circle', { cx, cy, r: radius - 12, fill: 'none', stroke: '#000000', 'stroke-width': 4, opacity: 0.35 }));
  // Bokeh: out-of-focus lights drifting over the lens edge.
  const bokeh = radial(defs, [
    [0, lighten(horizon, 0.1), 0.7],
    [0.7, horizon, 0.25],
    [1, horizon, 0],
  ]);
  for (let index = 0; index < 5; index += 1) {
    const angle = random.range(0, Math.PI * 2);
    parts.push(el('circle', { cx: cx + Math.cos(angle) * radius * 0.95, cy: cy + Math.sin(angle) * radius * 0.95, r: random.range(22, 60), fill: url(bokeh) }));
  }

  const metal = linear(defs, [
    [0, lighten(colorsForText(palette.primary), 0.3)],
    [0.5, colorsForText(palette.primary)],
    [0.52, darken(colorsForText(palette.primary), 0.12)],
    [1, lighten(colorsForText(palette.primary), 0.1)],
  ]);
  const lines = breakLines(lettering.headline, 18, 2);
  const headline = textBlock({
    lines,
    font: FONTS.geometric,
    x: cx,
    y: 1250,
    maxWidth: 1000,
    maxSize: 116,
    lineHeight: 1.02,
    attributes: { fill: url(metal), stroke: lighten(colorsForText(palette.primary), 0.35), 'stroke-width': 2 },
    layers: [{ dx: 5, dy: 8, attributes: { fill: '#000000', opacity: 0.3 } }],
  });
  parts.push(headline.svg);
  if (lettering.subline) {
    parts.push(
      textBlock({
        lines: [lettering.subline.toUpperCase()],
        font: FONTS.display,
        x: cx,
        y: headline.bottom + 92,
        maxWidth: 700,
        maxSize: 54,
        letterSpacingEm: 0.35,
        attributes: { fill: shirtSafe(mix(colorsForText(palette.primary), '#9aa0a8', 0.4), 0.16, 0.34) },
      }).svg,
    );
  }
  return parts.join('');
};

/** A mid-tone of the palette's lead colour that reads on light and dark shirts. */
function colorsForText(hex: string): string {
  return adjust(hex, { l: 0.55, s: Math.max(0.55, hexToHsl(hex).s) });
}
