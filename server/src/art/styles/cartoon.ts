/** Cartoon: a die-cut sticker — thick ink outlines, flat bright fills, a ribbon banner, sparkles. */
import type { MotifPart, PartRole } from '../motifs';
import { adjust, darken, hexToHsl, mix } from '../palette/color';
import { el, smoothClosedPath, starPoints, url, wobblyRing } from '../svg';
import { FONTS } from '../typography/fonts';
import { breakLines } from '../typography/lettering';
import { textBlock } from '../typography/textBlock';
import { drawMotif, paintRole, type PartPainter } from './drawMotif';
import { ribbonPaths, sparkle, sunburstPath } from './shared';
import type { StyleRenderer } from './styleTypes';

/** Cartoon colours are bright and clean: lift lightness and saturation a little. */
function cartoonColor(hex: string): string {
  const { s, l } = hexToHsl(hex);
  return adjust(hex, { s: Math.min(1, Math.max(s, 0.55)), l: Math.min(0.68, Math.max(l, 0.42)) });
}

export const renderCartoon: StyleRenderer = ({ random, palette, motifs, lettering, defs }) => {
  const ink = darken(palette.ink, 0.04);
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
    part.role === 'line' || (part.opacity ?? 1) < 0.6
      ? null
      : { fill: '#ffffff', stroke: '#ffffff', 'stroke-width': (part.stroke ?? 0) + 34, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' };
  const colorPass: PartPainter = (part) => {
    const color = colors[part.role];
    if ((part.opacity ?? 1) < 1) return paintRole(part, color);
    if (part.stroke !== undefined) return paintRole(part, color);
    return { fill: color, stroke: ink, 'stroke-width': 4, 'stroke-linejoin': 'round' };
  };

  const cx = 600;
  const cy = 680;
  const radius = 440;
  const badgeKind = random.pick(['circle', 'burst', 'blob'] as const);
  const badgePath =
    badgeKind === 'burst'
      ? smoothClosedPath(starPoints(cx, cy, radius * 1.04, radius * 0.9, 18))
      : badgeKind === 'blob'
        ? smoothClosedPath(wobblyRing(cx, cy, radius, radius * 0.96, 9, () => random.range(-0.05, 0.06)))
        : `M${cx - radius} ${cy}A${radius} ${radius} 0 1 1 ${cx + radius} ${cy}A${radius} ${radius} 0 1 1 ${cx - radius} ${cy}Z`;
  const badgeFill = mix(cartoonColor(palette.secondary), '#ffffff', 0.55);
  const badgeClip = defs.add('badge', (id) => el('clipPath', { id }, el('path', { d: badgePath })));
  const hero = motifs[0];
  const parts: string[] = [
    el('path', { d: badgePath, fill: '#ffffff', stroke: '#ffffff', 'stroke-width': 44, 'stroke-linejoin': 'round' }),
    el('path', { d: badgePath, fill: badgeFill }),
    el('g', { 'clip-path': url(badgeClip) }, [
      el('path', { d: sunburstPath(cx, cy + 60, 900, 28, random.range(0, 1)), fill: '#ffffff', opacity: 0.45 }),
      el('circle', { cx, cy: cy + 620, r: 420, fill: mix(badgeFill, ink, 0.12) }),
    ]),
    el('path', { d: badgePath, fill: 'none', stroke: ink, 'stroke-width': 14, 'stroke-linejoin': 'round' }),
  ];
  if (hero) {
    const placement = { x: cx, y: cy + 10, size: 600, rotate: random.range(-6, 6) };
    parts.push(el('ellipse', { cx, cy: cy + 300, rx: 230, ry: 34, fill: ink, opacity: 0.18 }));
    parts.push(drawMotif(hero, placement, [outlinePass, colorPass]));
  }
  // Friends of the hero ride on the badge edge as small stickers.
  const corners = [
    { x: 215, y: 330, rotate: -14 },
    { x: 985, y: 330, rotate: 12 },
  ];
  motifs.slice(1, 3).forEach((motif, index) => {
    const corner = corners[index] as { x: number; y: number; rotate: number };
    parts.push(drawMotif(motif, { ...corner, size: 230 }, [stickerPass, outlinePass, colorPass]));
  });
  for (let index = motifs.length - 1; index < 4; index += 1) {
    const x = random.pick([150, 230, 970, 1050]) + random.range(-30, 30);
    const y = random.range(180, 1050);
    const size = random.range(26, 46);
    parts.push(sparkle(x, y, size, { fill: index % 2 ? colors.accent : '#ffffff', stroke: ink, 'stroke-width': 7, 'stroke-linejoin': 'round' }));
  }

  // Ribbon banner with the headline.
  const lines = breakLines(lettering.headline, 16, 2);
  const sizeCap = lines.length === 1 ? 118 : 92;
  const measured = textBlock({ lines, font: FONTS.bubbly, x: 0, y: 0, maxWidth: 780, maxSize: sizeCap, attributes: {} });
  const ribbonHeight = measured.fontSize * (lines.length * 1.05) + 70;
  const ribbonY = 1200 + (lines.length - 1) * 30;
  const ribbon = ribbonPaths(600, ribbonY, 860, ribbonHeight);
  const ribbonColor = cartoonColor(palette.accent === palette.secondary ? palette.primary : palette.accent);
  parts.push(
    el('path', { d: ribbon.tails, fill: darken(ribbonColor, 0.12), stroke: ink, 'stroke-width': 12, 'stroke-linejoin': 'round' }),
    el('path', { d: ribbon.folds, fill: darken(ribbonColor, 0.3), stroke: ink, 'stroke-width': 10, 'stroke-linejoin': 'round' }),
    el('path', { d: ribbon.front, fill: ribbonColor, stroke: ink, 'stroke-width': 12, 'stroke-linejoin': 'round' }),
  );
  const firstBaseline = ribbonY - ((lines.length - 1) * measured.fontSize * 1.05) / 2 + measured.fontSize * 0.36;
  parts.push(
    textBlock({
      lines,
      font: FONTS.bubbly,
      x: 600,
      y: firstBaseline,
      maxWidth: 820,
      maxSize: sizeCap,
      attributes: { fill: '#ffffff', stroke: ink, 'stroke-width': 10, 'paint-order': 'stroke', 'stroke-linejoin': 'round' },
      layers: [{ dx: 0, dy: 7, attributes: { fill: ink, stroke: ink, 'stroke-width': 10, 'stroke-linejoin': 'round' } }],
    }).svg,
  );
  if (lettering.subline) {
    parts.push(
      textBlock({
        lines: [lettering.subline],
        font: FONTS.bubbly,
        x: 600,
        y: ribbonY + ribbonHeight / 2 + 120,
        maxWidth: 760,
        maxSize: 64,
        attributes: { fill: cartoonColor(palette.primary), stroke: ink, 'stroke-width': 8, 'paint-order': 'stroke', 'stroke-linejoin': 'round' },
      }).svg,
    );
  }
  return parts.join('');
};
