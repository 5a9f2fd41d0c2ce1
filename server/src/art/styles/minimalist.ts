/** Minimalist: one flat shape, one silhouette with knocked-out details, generous negative space. */
import type { PartRole } from '../motifs';
import { adjust, hexToHsl, shirtSafe } from '../palette/color';
import { el, url } from '../svg';
import { FONTS } from '../typography/fonts';
import { breakLines } from '../typography/lettering';
import { textBlock } from '../typography/textBlock';
import { drawMotif } from './drawMotif';
import type { StyleRenderer } from './styleTypes';

/** Mid-tone colours read on light and dark shirts alike. */
function midTone(hex: string): string {
  const { l } = hexToHsl(hex);
  return adjust(hex, { l: Math.min(0.62, Math.max(0.42, l)) });
}

const KNOCKOUT_ROLES: ReadonlySet<PartRole> = new Set(['dark', 'light', 'line']);

export const renderMinimalist: StyleRenderer = ({ random, palette, motifs, lettering, defs }) => {
  const hero = motifs[0];
  const shapeColor = midTone(palette.primary);
  const silhouetteColor = midTone(palette.secondary === palette.primary ? palette.accent : palette.secondary);
  const textColor = shirtSafe(silhouetteColor, 0.12, 0.3);
  const layout = random.pick(['disc', 'arch', 'frame'] as const);
  const parts: string[] = [];
  const cx = 600;
  if (layout === 'disc') {
    parts.push(el('circle', { cx, cy: 600, r: 330, fill: shapeColor }));
  } else if (layout === 'arch') {
    parts.push(el('path', { d: 'M320 1010L320 580A280 280 0 0 1 880 580L880 1010Z', fill: shapeColor }));
  } else {
    parts.push(el('rect', { x: 330, y: 260, width: 540, height: 740, rx: 270, fill: 'none', stroke: shapeColor, 'stroke-width': 18 }));
    parts.push(el('circle', { cx: 600 + random.range(-120, 120), cy: 420, r: 70, fill: shapeColor }));
  }
  if (hero) {
    // Details are cut out of the silhouette, so the shirt shows through them.
    const placement = { x: cx, y: layout === 'disc' ? 720 : 760, size: layout === 'frame' ? 440 : 520 };
    const mask = defs.add('cut', (id) =>
      el(
        'mask',
        { id, maskUnits: 'userSpaceOnUse', x: 0, y: 0, width: 1200, height: 1600 },
        drawMotif(hero, placement, [
          (part) => {
            const knockout = KNOCKOUT_ROLES.has(part.role) || (part.opacity ?? 1) < 0.6;
            if (knockout && (part.opacity ?? 1) < 0.6) return null;
            const color = knockout ? '#000000' : '#ffffff';
            return part.stroke !== undefined
              ? { fill: 'none', stroke: color, 'stroke-width': part.stroke, 'stroke-linecap': 'round' }
              : { fill: color };
          },
        ]),
      ),
    );
    parts.push(el('rect', { x: 0, y: 0, width: 1200, height: 1600, fill: silhouetteColor, mask: url(mask) }));
  }
  const lines = breakLines(lettering.headline.toUpperCase(), 20, 2);
  const headline = textBlock({
    lines,
    font: FONTS.display,
    x: cx,
    y: 1190,
    maxWidth: 760,
    maxSize: 120,
    letterSpacingEm: 0.12,
    lineHeight: 1.0,
    attributes: { fill: textColor },
  });
  parts.push(headline.svg);
  const ruleY = headline.bottom + 54;
  parts.push(el('rect', { x: cx - 40, y: ruleY, width: 80, height: 6, fill: shapeColor }));
  if (lettering.subline) {
    parts.push(
      textBlock({
        lines: [lettering.subline.toUpperCase()],
        font: FONTS.geometric,
        x: cx,
        y: ruleY + 70,
        maxWidth: 640,
        maxSize: 34,
        letterSpacingEm: 0.3,
        attributes: { fill: shirtSafe(shapeColor, 0.12, 0.32) },
      }).svg,
    );
  }
  return parts.join('');
};
