/**
 * Photorealistic: a lit scene as a tilted photo print — sky gradient, sun glow, hills fading into
 * haze (depth of field), every motif shaded as a lit volume with a specular highlight and no
 * outline, soft cast and contact shadows, metallic lettering. (No feSpecularLighting: resvg 2.6 can panic in its lighting code,
 * which would take the whole server down.)
 */
import { onFabric, showingColor, TARGET_CONTRAST } from '../ink/contrast';
import type { PartRole } from '../motifs';
import { adjust, darken, hexToHsl, lighten, mix } from '../palette/color';
import { el, num, smoothOpenPath, url, type Defs } from '../svg';
import type { Random } from '../random';
import { FONTS } from '../typography/fonts';
import { textBlock } from '../typography/textBlock';
import { paintRole, type PartPainter, shaded as shadedColor } from './drawMotif';
import { composePage, headlinePlace, keylinePass, sublinePlace, sunsetBackdrop } from '../layouts/pageLayout';
import { drawScene, layoutScene, sceneBottom } from './scene';
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

export const renderPhotorealistic: StyleRenderer = ({ random, palette, subject, lettering, defs, fabric, page }) => {
  const cx = 600;
  const cy = 590;
  const radius = 440;
  const skyTop = adjust(palette.secondary, { l: 0.2, ds: 0.05 });
  const skyMid = adjust(palette.primary, { l: 0.3 });
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
  // The picture is a photo print, tilted a little: a rectangle of lit scene with a paper border.
  const tilt = random.range(-4, 4);
  const photo = { x: cx - radius, y: cy - radius, width: radius * 2, height: radius * 2 };
  const lens = defs.add('lens', (id) => el('clipPath', { id }, el('rect', { ...photo, rx: 10 })));
  const contactShadow = radial(defs, [
    [0, '#000000', 0.55],
    [1, '#000000', 0],
  ]);
  // Far hills out of focus: the depth of field a lens gives.
  const haze = defs.add('haze', (id) => el('filter', { id, x: '-2%', y: '-6%', width: '104%', height: '112%' }, el('feGaussianBlur', { stdDeviation: 5 })));

  const horizonY = cy + 170;
  const scene: string[] = [
    el('rect', { x: cx - radius, y: cy - radius, width: radius * 2, height: radius * 2, fill: url(sky) }),
    el('circle', { cx: cx + random.range(-160, 160), cy: horizonY - 40, r: 330, fill: url(sunGlow) }),
    // Only as deep as the near hill hides, so its blur stays small.
    el('path', { d: hill(random, horizonY - 40, 90, cx - radius, cx + radius, horizonY + 90), fill: url(farHill), opacity: 0.9, filter: url(haze) }),
    el('path', { d: hill(random, horizonY + 60, 60, cx - radius, cx + radius, cy + radius), fill: url(nearHill) }),
  ];
  for (let index = 0; index < 5; index += 1) {
    const y = horizonY + 110 + index * 34;
    scene.push(el('rect', { x: cx - random.range(60, 220), y, width: random.range(120, 440), height: 4, rx: 2, fill: '#ffffff', opacity: 0.22 - index * 0.03 }));
  }
  const hero = subject.hero;
  const slots = layoutScene(subject, { x: cx, y: cy + 10, size: 880, top: page.sceneTop, border: page.frame ? 0 : 15 }, random);
  if (hero) {
    scene.push(el('ellipse', { cx, cy: cy + 300, rx: 260, ry: 46, fill: url(contactShadow) }));
  }
  scene.push(el('rect', { ...photo, fill: url(vignette) }));

  // The print's paper border meets the shirt: near-white on dark fabric, near-black on light fabric.
  const paper = fabric.dark ? '#f4f2ec' : '#24262a';
  const picture: string[] = page.frame
    ? [
        el('rect', { x: photo.x - 26, y: photo.y - 26, width: photo.width + 52, height: photo.height + 52, rx: 14, fill: paper }),
        el('g', { 'clip-path': url(lens) }, scene),
      ]
    : [];
  if (page.sunset) {
    // A glowing sun: its bands from the bright horizon glow to the sky's colour. Each band is one
    // shade: a gradient could cross the shirt's own tone on a mid-tone shirt and vanish into it.
    const glow = lighten(horizon, 0.1);
    picture.push(
      sunsetBackdrop(
        (index, count) => ({ fill: onFabric(mix(glow, skyMid, index / Math.max(1, count - 1)), fabric) }),
        { fill: onFabric(skyMid, fabric) },
      ),
    );
  }
  const parts: string[] = [];
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
      part.role === 'line' ? paintRole(part, colors.line, { opacity: 0.55 }) : paintRole(part, url(shade(shadedColor(part, colors[part.role]))));
    const highlight: PartPainter = (part) =>
      part.role === 'base' && part.stroke === undefined && (part.opacity ?? 1) === 1 ? { fill: url(specular) } : null;
    picture.push(
      // No outlines: form comes from light and shade alone. The cast shadow is the contact shadow
      // under the scene: a blurred copy of a subject this large cost a second of every print.
      // Standing on the bare shirt, the subject is cut out like a photo sticker with the print's paper.
      drawScene(slots, () => (page.frame ? [body, highlight] : [keylinePass(paper, 30), body, highlight])),
    );
  }
  // Bokeh: out-of-focus lights inside the lens edge.
  const bokeh = radial(defs, [
    [0, lighten(horizon, 0.1), 0.7],
    [0.7, horizon, 0.25],
    [1, horizon, 0],
  ]);
  const lights: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const angle = random.range(0, Math.PI * 2);
    lights.push(el('circle', { cx: cx + Math.cos(angle) * radius * 0.85, cy: cy + Math.sin(angle) * radius * 0.85, r: random.range(22, 60), fill: url(bokeh) }));
  }
  if (page.frame) picture.push(el('g', { 'clip-path': url(lens) }, lights));
  // No film grain: too fine to show at the preview's size, it printed only as speckle, and it
  // slowed every print render.
  parts.push(el('g', { transform: `rotate(${tilt.toFixed(1)} ${cx} ${cy})` }, picture));
  const words: string[] = [];

  // Chrome lettering: a metal gradient in the palette's lead colour, shaded to show on this shirt.
  const metalBase = showingColor(palette.colors, fabric, TARGET_CONTRAST + 0.4);
  const metal = linear(defs, [
    [0, onFabric(lighten(metalBase, 0.25), fabric)],
    [0.5, metalBase],
    [0.52, onFabric(darken(metalBase, 0.1), fabric)],
    [1, onFabric(lighten(metalBase, 0.1), fabric)],
  ]);
  const place = headlinePlace(page, { x: cx, top: 1120, width: 1100, height: 230 }, { maxSize: 130, maxLines: 2, lineGapEm: 0.08 }, sceneBottom(slots));
  const headline = textBlock(defs, {
    text: lettering.headline,
    font: FONTS.geometric,
    box: place.box,
    layout: place.layout,
    face: { fill: url(metal) },
  });
  words.push(headline.svg);
  if (lettering.subline) {
    const { top, height } = sublinePlace(page, headline.bottom + 34, 1580);
    words.push(
      textBlock(defs, {
        text: lettering.subline.toUpperCase(),
        font: FONTS.display,
        box: { x: cx, top, width: 960, height },
        layout: { maxSize: 58, maxLines: 2, letterSpacingEm: 0.3, align: 'top' },
        face: { fill: onFabric(mix(metalBase, '#9aa0a8', 0.4), fabric, TARGET_CONTRAST + 0.3) },
      }).svg,
    );
  }
  return composePage(page, parts.join(''), words.join(''));
};
