/** Minimalist: one flat shape, one silhouette with knocked-out details, wide spaced capitals. */
import { contrastRatio, onFabric, TARGET_CONTRAST } from '../ink/contrast';
import type { PartRole } from '../motifs';
import { adjust, hexToHsl } from '../palette/color';
import { el, url } from '../svg';
import { FONTS } from '../typography/fonts';
import { textBlock } from '../typography/textBlock';
import { drawScene, layoutScene } from './scene';
import type { StyleRenderer } from './styleTypes';

/** Flat colours at a middle lightness, before they are fitted to the shirt. */
function midTone(hex: string): string {
  const { l } = hexToHsl(hex);
  return adjust(hex, { l: Math.min(0.62, Math.max(0.42, l)) });
}

const KNOCKOUT_ROLES: ReadonlySet<PartRole> = new Set(['dark', 'light', 'line']);

export const renderMinimalist: StyleRenderer = ({ random, palette, subject, lettering, defs, fabric }) => {
  const hero = subject.hero;
  const shapeColor = onFabric(midTone(palette.primary), fabric);
  // The silhouette sits on the shape and on the shirt: it must show on both.
  const silhouetteColor =
    [palette.secondary, palette.accent, ...palette.colors, fabric.contrastInk, fabric.innerInk]
      .map((color) => onFabric(midTone(color), fabric))
      .find((color) => contrastRatio(color, shapeColor) >= 1.8) ?? fabric.contrastInk;
  const textColor = onFabric(silhouetteColor, fabric, TARGET_CONTRAST + 0.3);
  const layout = random.pick(['disc', 'arch', 'frame'] as const);
  const parts: string[] = [];
  const cx = 600;
  if (layout === 'disc') {
    parts.push(el('circle', { cx, cy: 560, r: 440, fill: shapeColor }));
  } else if (layout === 'arch') {
    parts.push(el('path', { d: 'M150 1010V560A450 450 0 0 1 1050 560V1010Z', fill: shapeColor }));
  } else {
    parts.push(el('rect', { x: 150, y: 130, width: 900, height: 880, rx: 440, fill: 'none', stroke: shapeColor, 'stroke-width': 22 }));
    parts.push(el('circle', { cx: 600 + random.range(-200, 200), cy: 330, r: 80, fill: shapeColor }));
  }
  if (hero) {
    // Details are cut out of the silhouette, so the shirt shows through them.
    const placement = { x: cx, y: layout === 'disc' ? 640 : 690, size: layout === 'frame' ? 560 : 640 };
    const mask = defs.add('cut', (id) =>
      el(
        'mask',
        { id, maskUnits: 'userSpaceOnUse', x: 0, y: 0, width: 1200, height: 1600 },
        drawScene(layoutScene(subject, placement, random), () => [
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
  const headline = textBlock(defs, {
    text: lettering.headline,
    font: FONTS.display,
    box: { x: cx, top: 1080, width: 1100, height: 250 },
    layout: { maxSize: 170, maxLines: 2, letterSpacingEm: 0.1, lineGapEm: 0.1 },
    face: { fill: textColor },
  });
  parts.push(headline.svg);
  const ruleY = headline.bottom + 34;
  parts.push(el('rect', { x: cx - 300, y: ruleY, width: 600, height: 10, fill: shapeColor }));
  if (lettering.subline) {
    parts.push(
      textBlock(defs, {
        text: lettering.subline.toUpperCase(),
        font: FONTS.geometric,
        box: { x: cx, top: ruleY + 40, width: 980, height: Math.max(40, 1580 - ruleY - 40) },
        layout: { maxSize: 48, maxLines: 2, letterSpacingEm: 0.22, align: 'top' },
        face: { fill: onFabric(shapeColor, fabric, TARGET_CONTRAST + 0.3) },
      }).svg,
    );
  }
  return parts.join('');
};
