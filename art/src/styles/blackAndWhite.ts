/** Black and White: a woodcut badge — rays, halftone, a stark silhouette, lettering on a black band. */
import type { PartRole } from '../motifs';
import { el, url } from '../svg';
import { FONTS } from '../typography/fonts';
import { layoutText } from '../typography/layout';
import { textBlock } from '../typography/textBlock';
import { drawMotif, paintRole, type PartPainter } from './drawMotif';
import { ribbonPaths, sparkle, sunburstPath } from './shared';
import { drawScene, layoutScene } from './scene';
import type { StyleRenderer } from './styleTypes';

const BLACK = '#111111';
const WHITE = '#ffffff';

export const renderBlackAndWhite: StyleRenderer = ({ random, subject, lettering, defs, fabric }) => {
  // Pure greys only: white meets a dark shirt, black a light one (both clear 3:1 on every colour).
  const edge = fabric.dark ? WHITE : BLACK;
  const cx = 600;
  const cy = 600;
  const outer = 470;
  const inner = 330;
  const dots = defs.add('dots', (id) =>
    el('pattern', { id, width: 16, height: 16, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, el('circle', { cx: 8, cy: 8, r: 3.6, fill: BLACK })),
  );
  const fineDots = defs.add('dots', (id) =>
    el('pattern', { id, width: 12, height: 12, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, el('circle', { cx: 6, cy: 6, r: 1.8, fill: BLACK })),
  );
  const innerClip = defs.add('disc', (id) => el('clipPath', { id }, el('circle', { cx, cy, r: inner })));
  const parts: string[] = [
    el('circle', { cx, cy, r: outer + 20, fill: edge }),
    el('circle', { cx, cy, r: outer, fill: BLACK }),
    el('circle', { cx, cy, r: outer - 22, fill: 'none', stroke: WHITE, 'stroke-width': 4 }),
    el('circle', { cx, cy, r: inner + 16, fill: 'none', stroke: WHITE, 'stroke-width': 6 }),
    el('circle', { cx, cy, r: inner, fill: WHITE }),
    el('g', { 'clip-path': url(innerClip) }, [
      el('path', { d: sunburstPath(cx, cy + 80, 600, 36, random.range(0, 1)), fill: '#d9d9d9' }),
      el('rect', { x: cx - inner, y: cy + 90, width: inner * 2, height: 120, fill: url(fineDots) }),
      el('rect', { x: cx - inner, y: cy + 210, width: inner * 2, height: 200, fill: url(dots) }),
    ]),
  ];
  const slots = layoutScene(subject, { x: cx, y: cy + 40, size: 500 }, random);
  if (slots.length > 0) {
    const colors: Record<PartRole, string> = { base: BLACK, second: '#4d4d4d', accent: '#9a9a9a', dark: WHITE, light: WHITE, line: WHITE };
    const halo: PartPainter = (part) =>
      part.role === 'line' || (part.opacity ?? 1) < 0.6
        ? null
        : paintRole(part, WHITE, { stroke: WHITE, 'stroke-width': (part.stroke ?? 0) + 16, 'stroke-linejoin': 'round', opacity: undefined });
    const ink: PartPainter = (part) => {
      if ((part.opacity ?? 1) < 1) return paintRole(part, part.role === 'light' ? WHITE : BLACK, { opacity: 0.3 });
      return paintRole(part, colors[part.role], part.stroke === undefined ? { stroke: BLACK, 'stroke-width': 3 } : {});
    };
    parts.push(el('g', { 'clip-path': url(innerClip) }, drawScene(slots, () => [halo, ink])));
  }
  // Arched lettering in the black ring: the subline (or the hero's tagline) in spaced capitals.
  const ringText = (lettering.subline || subject.hero?.tagline || '').toUpperCase();
  if (ringText) {
    // Laid out flat along the ring's middle, then bent around the badge's centre.
    const ring = textBlock(defs, {
      text: ringText,
      font: FONTS.display,
      box: { x: cx, top: cy - outer + 36, width: 820, height: 78 },
      layout: { maxSize: 74, maxLines: 1, letterSpacingEm: 0.16 },
      face: { fill: WHITE },
      arc: { cx, cy },
    });
    parts.push(ring.svg);
  }
  for (const side of [-1, 1]) parts.push(sparkle(cx + side * 540, cy + 40, 26, { fill: edge }));
  [subject.decoration].forEach((motif) => {
    if (!motif) return;
    const side = 1;
    parts.push(
      drawMotif(motif, { x: cx + side * 440, y: 150, size: 170, rotate: side * 12 }, [
        (part) => paintRole(part, edge, { stroke: edge, 'stroke-width': (part.stroke ?? 0) + 22, 'stroke-linejoin': 'round', opacity: undefined }),
        (part) => paintRole(part, part.role === 'dark' || part.role === 'light' || part.role === 'line' ? WHITE : BLACK),
      ]),
    );
  });

  // The headline on a black band that breaks out of the badge, bordered to show on any shirt.
  const box = { x: cx, top: 0, width: 880, height: 250 };
  const measured = layoutText(lettering.headline, FONTS.display, box, { maxSize: 160, maxLines: 2, letterSpacingEm: 0.04 });
  const bandHeight = measured.bottom - measured.top + 70;
  const bandY = 1080 + bandHeight / 2;
  const ribbon = ribbonPaths(cx, bandY, 960, bandHeight);
  parts.push(
    el('path', { d: ribbon.tails + ribbon.front, fill: 'none', stroke: edge, 'stroke-width': 24, 'stroke-linejoin': 'round' }),
    el('path', { d: ribbon.tails, fill: BLACK, stroke: WHITE, 'stroke-width': 6, 'stroke-linejoin': 'round' }),
    el('path', { d: ribbon.folds, fill: '#555555' }),
    el('path', { d: ribbon.front, fill: BLACK, stroke: WHITE, 'stroke-width': 6, 'stroke-linejoin': 'round' }),
  );
  parts.push(
    textBlock(defs, {
      text: lettering.headline,
      font: FONTS.display,
      box: { ...box, top: bandY - (measured.bottom - measured.top) / 2, height: measured.bottom - measured.top },
      layout: { maxSize: 160, maxLines: 2, letterSpacingEm: 0.04 },
      face: { fill: WHITE },
    }).svg,
  );
  return parts.join('');
};
