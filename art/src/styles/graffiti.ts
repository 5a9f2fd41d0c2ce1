/** Graffiti: a sprayed splat with drips and dust, a hard-outlined hero, fat 3D lettering that drips. */
import type { PartPainter } from './drawMotif';
import type { PartRole } from '../motifs';
import { contrastRatio, onFabric, standOut } from '../ink/contrast';
import { adjust, darken, hexToHsl, lighten, mix } from '../palette/color';
import { el, num, smoothClosedPath, url, wobblyRing } from '../svg';
import { FONTS } from '../typography/fonts';
import { textBlock } from '../typography/textBlock';
import { paintRole, shaded } from './drawMotif';
import { composePage, headlinePlace, keylinePass, sublinePlace, sunsetBackdrop } from '../layouts/pageLayout';
import { drawScene, layoutScene, sceneBottom } from './scene';
import { dripPath, scatterRing, sparkle } from './shared';
import type { StyleRenderer } from './styleTypes';

/** Spray paint is loud: push saturation up. */
function sprayColor(hex: string): string {
  const { s, l } = hexToHsl(hex);
  return adjust(hex, { s: Math.max(0.7, s), l: Math.min(0.62, Math.max(0.45, l)) });
}

export const renderGraffiti: StyleRenderer = ({ random, palette, subject, lettering, defs, fabric, page }) => {
  const ink = '#121212';
  // The spray meets the shirt everywhere (cloud, dust, drips): it is the colour that must show.
  const splatColor = onFabric(sprayColor(palette.primary), fabric);
  const secondColor = sprayColor(palette.secondary);
  const letterColor = standOut(sprayColor(palette.accent), ink);
  const edge = fabric.contrastInk;
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
    el('filter', { id, x: '-8%', y: '-8%', width: '116%', height: '116%', 'color-interpolation-filters': 'sRGB' }, el('feGaussianBlur', { stdDeviation: 14 })),
  );
  const fade = defs.add('fade', (id) =>
    el('linearGradient', { id, x1: 0, y1: 0, x2: 0, y2: 1 }, [
      el('stop', { offset: 0, 'stop-color': standOut(lighten(letterColor, 0.12), ink) }),
      el('stop', { offset: 1, 'stop-color': standOut(darken(letterColor, 0.08), ink) }),
    ]),
  );
  const cx = 600;
  const cy = 580;
  const parts: string[] = [];

  // The sprayed cloud: overspray rings fading out around it, a soft second colour sprayed inside
  // (only that small blob is blurred: a blur over the whole cloud would cost seconds per print),
  // dust around it, drips running off the bottom.
  const wobble = Array.from({ length: 14 }, () => random.range(-0.08, 0.08));
  // As wide as the subject it sits behind: a dark outline reaching past it would vanish on a dark shirt.
  const cloudAt = (scale: number) => smoothClosedPath(wobblyRing(cx, cy, 560 * scale, 460 * scale, 14, ((index) => () => wobble[index++ % 14] as number)(0)));
  const inner = smoothClosedPath(wobblyRing(cx + random.range(-60, 60), cy - 40, 330, 280, 11, () => random.range(-0.16, 0.1)));
  const frame: string[] = [];
  frame.push(
    el('path', { d: cloudAt(1.05), fill: splatColor, opacity: 0.3 }),
    el('path', { d: cloudAt(1.025), fill: splatColor, opacity: 0.45 }),
    el('path', { d: cloudAt(1), fill: splatColor }),
    el('path', { d: inner, fill: secondColor, opacity: 0.75, filter: url(spray) }),
  );
  const dust = scatterRing(random, 90, cx, cy, 560, 460, [0.95, 1.1]);
  frame.push(el('g', { fill: splatColor }, dust.map(([x, y]) => el('circle', { cx: x, cy: y, r: random.range(2.5, 8) }))));
  const drips: string[] = [];
  for (let index = 0; index < 7; index += 1) {
    const x = cx + random.range(-330, 330);
    const bottom = cy + Math.sqrt(Math.max(0, 1 - ((x - cx) / 560) ** 2)) * 420;
    drips.push(dripPath(x, bottom - 40, random.range(14, 26), random.range(70, 200)));
  }
  frame.push(el('path', { d: drips.join(''), fill: splatColor }));

  // Tags and doodles behind the hero.
  frame.push(
    el('path', {
      d: `M${cx - 380} ${cy - 250}q60 -70 120 0t120 0`,
      fill: 'none',
      stroke: standOut('#ffffff', splatColor),
      'stroke-width': 12,
      'stroke-linecap': 'round',
    }),
  );
  if (page.frame) parts.push(...frame);
  if (page.sunset) {
    parts.push(sunsetBackdrop((index, count) => ({ fill: onFabric(mix(splatColor, secondColor, index / Math.max(1, count - 1)), fabric) }), { fill: splatColor }));
  }
  const slots = layoutScene(subject, { x: cx, y: cy - 20, size: 840, top: page.sceneTop, border: 22 }, random);
  if (slots.length > 0) {
    const outline: PartPainter = (part) =>
      part.role === 'line' || (part.opacity ?? 1) < 0.6
        ? null
        : part.stroke !== undefined
          ? { fill: 'none', stroke: ink, 'stroke-width': part.stroke + 14, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }
          : { fill: ink, stroke: ink, 'stroke-width': 14, 'stroke-linejoin': 'round' };
    const fill: PartPainter = (part) =>
      part.stroke !== undefined || (part.opacity ?? 1) < 1
        ? paintRole(part, shaded(part, colors[part.role]))
        : { fill: shaded(part, colors[part.role]), stroke: ink, 'stroke-width': 3.5, 'stroke-linejoin': 'round' };
    // White "shine" ticks on the big shapes, the graffiti writer's highlight.
    if (page.frame) {
      parts.push(drawScene(slots.map((slot) => ({ ...slot, placement: { ...slot.placement, x: slot.placement.x + 16, y: slot.placement.y + 18 } })), () => [outline], () => ({ opacity: 0.5 })));
    }
    // Wherever the hard black outline meets the bare shirt it is sprayed round in the splat's colour,
    // which shows on it: with no splat, and where a wide scene reaches past the splat's edge.
    parts.push(drawScene(slots, () => [keylinePass(splatColor, 44), outline, fill]));
  }
  for (let index = 0; index < 3; index += 1) {
    parts.push(sparkle(cx + random.pick([-1, 1]) * random.range(500, 540), random.range(300, 900), random.range(26, 44), { fill: edge }));
  }

  // Fat lettering: a halo that shows on the shirt, a stepped 3D extrusion, an outline, a gradient face.
  const tilt = random.range(-4, -2);
  const extrusionColor = fabric.dark ? ink : darken(letterColor, 0.35);
  // The halo (36 units each side) covers the deepest extrusion step and fills the letters' counters.
  const extrusion = Array.from({ length: 5 }, (_, step) => ({
    dx: (step + 1) * 2.5,
    dy: (step + 1) * 3,
    attributes: { fill: extrusionColor, stroke: extrusionColor, 'stroke-width': 12, 'stroke-linejoin': 'round' },
  }));
  const place = headlinePlace(page, { x: cx, top: 1050, width: 1000, height: 300 }, { maxSize: 180, maxLines: 3, lineGapEm: 0.02, letterSpacingEm: 0.03 }, sceneBottom(slots));
  const headline = textBlock(defs, {
    text: lettering.headline,
    font: FONTS.marker,
    // Tilted, haloed and dripping, the fat letters need room at the sides whatever the layout.
    box: { ...place.box, width: Math.min(place.box.width, 1000) },
    layout: place.layout,
    face: { fill: url(fade) },
    layers: [
      { dx: 0, dy: 0, attributes: { fill: edge, stroke: edge, 'stroke-width': 72, 'stroke-linejoin': 'round' } },
      ...extrusion,
      { dx: 0, dy: 0, attributes: { fill: ink, stroke: ink, 'stroke-width': 10, 'stroke-linejoin': 'round' } },
    ],
  });
  const letterDrips: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const x = cx + random.range(-headline.width / 2.6, headline.width / 2.6);
    letterDrips.push(dripPath(x, headline.bottom - headline.fontSize * 0.3, random.range(9, 15), random.range(40, 90)));
  }
  const dripFill = contrastRatio(letterColor, fabric.hex) >= 3.4 ? letterColor : onFabric(letterColor, fabric);
  const centreY = (headline.top + headline.bottom) / 2;
  const words: string[] = [];
  words.push(
    el('g', { transform: `rotate(${num(tilt)} ${cx} ${num(centreY)})` }, [
      el('path', { d: letterDrips.join(''), fill: dripFill, stroke: edge, 'stroke-width': 8 }),
      headline.svg,
    ]),
  );
  if (lettering.subline) {
    const sublineAt = sublinePlace(page, Math.max(headline.bottom + 60, 1380), 1560);
    const subTop = sublineAt.top;
    const sub = textBlock(defs, {
      text: lettering.subline.toUpperCase(),
      font: FONTS.display,
      box: { x: cx, top: subTop, width: 760, height: Math.min(130, sublineAt.height) },
      layout: { maxSize: 66, maxLines: 2, letterSpacingEm: 0.08, lineGapEm: 0.1 },
      face: { fill: fabric.innerInk },
    });
    words.push(
      el('g', { transform: `rotate(${num(tilt / 2)} ${cx} ${num(subTop)})` }, [
        el('rect', { x: cx - sub.width / 2 - 40, y: sub.top - 16, width: sub.width + 80, height: sub.bottom - sub.top + 32, fill: edge, rx: 6 }),
        sub.svg,
      ]),
    );
  }
  return composePage(page, parts.join(''), words.join(''));
};
