/**
 * Cartoon: a character scene — the subject as bold outlined characters on a grassy mound under
 * puffy clouds, die-cut sticker borders, flat bright fills, a ribbon banner, sparkles.
 */
import { onFabric, standOut } from '../ink/contrast';
import type { MotifPart, PartRole } from '../motifs';
import { adjust, darken, hexToHsl, mix } from '../palette/color';
import { el } from '../svg';
import { FONTS } from '../typography/fonts';
import { layoutText } from '../typography/layout';
import { textBlock } from '../typography/textBlock';
import { drawMotif, paintRole, type PartPainter, shaded } from './drawMotif';
import { composePage, headlinePlace, sublinePlace, sunsetBackdrop } from '../layouts/pageLayout';
import { drawScene, layoutScene, sceneBottom } from './scene';
import { ribbonPaths, sparkle } from './shared';
import type { StyleRenderer } from './styleTypes';

/** Cartoon colours are bright and clean: lift lightness and saturation a little. */
function cartoonColor(hex: string): string {
  const { s, l } = hexToHsl(hex);
  return adjust(hex, { s: Math.min(1, Math.max(s, 0.55)), l: Math.min(0.68, Math.max(l, 0.42)) });
}

export const renderCartoon: StyleRenderer = ({ random, palette, subject, lettering, defs, fabric, page }) => {
  const ink = darken(palette.ink, 0.04);
  // The die-cut border every sticker gets: white on dark shirts, the outline ink on light ones.
  const border = fabric.dark ? '#ffffff' : onFabric(ink, fabric);
  const colors: Record<PartRole, string> = {
    base: cartoonColor(palette.primary),
    second: cartoonColor(palette.secondary),
    accent: cartoonColor(palette.accent),
    dark: ink,
    light: '#ffffff',
    line: ink,
  };
  const outlinePass: PartPainter = (part: MotifPart) =>
    part.role === 'line' || (part.opacity ?? 1) < 0.6
      ? null
      : part.stroke !== undefined
        ? { fill: 'none', stroke: ink, 'stroke-width': part.stroke + 12, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }
        : { fill: ink, stroke: ink, 'stroke-width': 12, 'stroke-linejoin': 'round' };
  const stickerPass: PartPainter = (part) =>
    (part.opacity ?? 1) < 0.6
      ? null
      : { fill: border, stroke: border, 'stroke-width': (part.stroke ?? 0) + 34, 'stroke-linejoin': 'round', 'stroke-linecap': 'round', opacity: undefined };
  const colorPass: PartPainter = (part) => {
    const color = shaded(part, colors[part.role]);
    if ((part.opacity ?? 1) < 1) return paintRole(part, color);
    if (part.stroke !== undefined) return paintRole(part, color);
    return { fill: color, stroke: ink, 'stroke-width': 4, 'stroke-linejoin': 'round' };
  };

  const cx = 600;
  const cy = 590;
  // A little world for the characters: a grassy mound to stand on and puffy clouds behind.
  const hill = `M${cx - 500} ${cy + 360}Q${cx - 250} ${cy + 200} ${cx} ${cy + 230}Q${cx + 260} ${cy + 190} ${cx + 500} ${cy + 350}Q${cx + 510} ${cy + 430} ${cx + 420} ${cy + 440}L${cx - 420} ${cy + 440}Q${cx - 510} ${cy + 440} ${cx - 500} ${cy + 360}Z`;
  const cloud = (x: number, y: number, scale: number) =>
    [
      [0, 0, 70],
      [-70, 20, 50],
      [70, 20, 54],
      [-20, 34, 56],
      [30, 36, 50],
    ]
      .map(([dx, dy, r]) => {
        const radius = (r as number) * scale;
        const px = x + (dx as number) * scale;
        const py = y + (dy as number) * scale;
        return `M${px - radius} ${py}A${radius} ${radius} 0 1 0 ${px + radius} ${py}A${radius} ${radius} 0 1 0 ${px - radius} ${py}Z`;
      })
      .join('');
  const clouds = cloud(cx - 330, 200 + random.range(-30, 30), 1) + cloud(cx + 350, 300 + random.range(-30, 30), 0.8);
  const hillFill = cartoonColor(palette.secondary);
  const parts: string[] = [];
  if (page.sunset) {
    // The sun takes the hill's colour, which this layout leaves out.
    const [top, bottom] = [cartoonColor(palette.secondary), cartoonColor(palette.accent)];
    parts.push(sunsetBackdrop((index, count) => ({ fill: onFabric(mix(top, bottom, index / Math.max(1, count - 1)), fabric) }), { fill: border }));
  }
  const frame: string[] = [
    el('path', { d: clouds, fill: border, stroke: border, 'stroke-width': 34, 'stroke-linejoin': 'round' }),
    el('path', { d: clouds, fill: '#ffffff', stroke: ink, 'stroke-width': 10 }),
    el('path', { d: hill, fill: border, stroke: border, 'stroke-width': 34, 'stroke-linejoin': 'round' }),
    el('path', { d: hill, fill: hillFill, stroke: ink, 'stroke-width': 12, 'stroke-linejoin': 'round' }),
    el('path', { d: `M${cx - 300} ${cy + 300}q20 -30 40 0M${cx + 200} ${cy + 280}q20 -30 40 0M${cx - 60} ${cy + 350}q20 -30 40 0`, fill: 'none', stroke: ink, 'stroke-width': 8, 'stroke-linecap': 'round' }),
  ];
  if (page.frame) parts.push(...frame);
  const slots = layoutScene(subject, { x: cx, y: cy - 30, size: 880, top: page.sceneTop, border: 17 }, random);
  if (slots.length > 0) {
    if (page.frame) parts.push(el('ellipse', { cx, cy: cy + 290, rx: 230, ry: 30, fill: ink, opacity: 0.25 }));
    // Each character gets the die-cut sticker border, so it shows on any shirt, then its outline.
    parts.push(drawScene(slots, () => [stickerPass, outlinePass, colorPass]));
  }
  if (subject.decoration) parts.push(drawMotif(subject.decoration, { x: 1000, y: 250, size: 200, rotate: 12 }, [stickerPass, outlinePass, colorPass]));
  for (let index = 0; index < 3; index += 1) {
    const x = random.pick([90, 130, 1070, 1110]) + random.range(-20, 20);
    const y = random.range(420, 900);
    const size = random.range(30, 46);
    parts.push(sparkle(x, y, size, { fill: onFabric(index % 2 ? colors.accent : colors.base, fabric), stroke: border, 'stroke-width': 8, 'stroke-linejoin': 'round' }));
  }

  const words: string[] = [];
  const outline = { fill: ink, stroke: ink, 'stroke-width': 12, 'stroke-linejoin': 'round' };
  let headlineBottom: number;
  if (page.headline) {
    // A layout's headline block: the bubbly letters stand alone, sticker-bordered like the characters.
    const place = headlinePlace(page, { x: 600, top: 0, width: 0, height: 0 }, { maxSize: 0, maxLines: 0, lineGapEm: 0.02 }, sceneBottom(slots));
    const block = textBlock(defs, {
      text: lettering.headline,
      font: FONTS.bubbly,
      box: place.box,
      layout: place.layout,
      // The hill's colour, which this layout leaves out: the letters carry it instead.
      face: { fill: standOut(cartoonColor(palette.secondary), ink) },
      layers: [
        // The border reaches well past the dropped outline, so no edge blends the two.
        { dx: 0, dy: 0, attributes: { fill: border, stroke: border, 'stroke-width': 60, 'stroke-linejoin': 'round' } },
        { dx: 0, dy: 9, attributes: { ...outline, 'stroke-width': 16 } },
        { dx: 0, dy: 0, attributes: { ...outline, 'stroke-width': 16 } },
      ],
    });
    words.push(block.svg);
    headlineBottom = block.bottom + 40;
  } else {
    // Ribbon banner with the headline, bordered like the sticker so it shows on any shirt.
    const headlineBox = { x: 600, top: 0, width: 800, height: 200 };
    const headlineLayout = { maxSize: 120, maxLines: 2, lineGapEm: 0.04 };
    const measured = layoutText(lettering.headline, FONTS.bubbly, headlineBox, headlineLayout);
    const textHeight = measured.bottom - measured.top;
    const ribbonHeight = textHeight + 64;
    const ribbonY = 1070 + ribbonHeight / 2;
    const ribbon = ribbonPaths(600, ribbonY, 900, ribbonHeight);
    const ribbonColor = cartoonColor(palette.accent === palette.secondary ? palette.primary : palette.accent);
    words.push(
      el('path', { d: ribbon.tails + ribbon.front, fill: border, stroke: border, 'stroke-width': 40, 'stroke-linejoin': 'round' }),
      el('path', { d: ribbon.tails, fill: darken(ribbonColor, 0.12), stroke: ink, 'stroke-width': 12, 'stroke-linejoin': 'round' }),
      el('path', { d: ribbon.folds, fill: darken(ribbonColor, 0.3), stroke: ink, 'stroke-width': 10, 'stroke-linejoin': 'round' }),
      el('path', { d: ribbon.front, fill: ribbonColor, stroke: ink, 'stroke-width': 12, 'stroke-linejoin': 'round' }),
    );
    words.push(
      textBlock(defs, {
        text: lettering.headline,
        font: FONTS.bubbly,
        box: { ...headlineBox, top: ribbonY - textHeight / 2 - 4, height: textHeight },
        layout: headlineLayout,
        face: { fill: standOut('#ffffff', ink) },
        layers: [
          { dx: 0, dy: 7, attributes: outline },
          { dx: 0, dy: 0, attributes: outline },
        ],
      }).svg,
    );
    headlineBottom = ribbonY + ribbonHeight / 2 + ribbonHeight * 0.32 + 34;
  }
  if (lettering.subline) {
    const place = sublinePlace(page, headlineBottom, 1570);
    words.push(
      textBlock(defs, {
        text: lettering.subline,
        font: FONTS.bubbly,
        box: { x: 600, top: place.top, width: 980, height: place.height },
        layout: { maxSize: 66, maxLines: 2, align: 'top', lineGapEm: 0.1 },
        face: { fill: standOut(cartoonColor(palette.primary), ink) },
        layers: [
          { dx: 0, dy: 0, attributes: { fill: border, stroke: border, 'stroke-width': 26, 'stroke-linejoin': 'round' } },
          { dx: 0, dy: 0, attributes: { ...outline, 'stroke-width': 10 } },
        ],
      }).svg,
    );
  }
  return composePage(page, parts.join(''), words.join(''));
};
