/** Black and White: a woodcut badge — rays, halftone, a stark silhouette, lettering on a black band. */
import type { PartRole } from '../motifs';
import { el, escapeXml, url } from '../svg';
import { FONTS, type ArtFont } from '../typography/fonts';
import { breakLines } from '../typography/lettering';
import { fontAttributes, textBlock } from '../typography/textBlock';
import { fitFontSize } from '../typography/fitText';
import { drawMotif, paintRole, type PartPainter } from './drawMotif';
import { ribbonPaths, sparkle, sunburstPath } from './shared';
import type { StyleRenderer } from './styleTypes';

const BLACK = '#111111';
const WHITE = '#ffffff';

export const renderBlackAndWhite: StyleRenderer = ({ random, motifs, lettering, defs }) => {
  const cx = 600;
  const cy = 640;
  const outer = 470;
  const inner = 330;
  const dots = defs.add('dots', (id) =>
    el('pattern', { id, width: 16, height: 16, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, el('circle', { cx: 8, cy: 8, r: 3.6, fill: BLACK })),
  );
  const fineDots = defs.add('dots', (id) =>
    el('pattern', { id, width: 12, height: 12, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, el('circle', { cx: 6, cy: 6, r: 1.8, fill: BLACK })),
  );
  const innerClip = defs.add('disc', (id) => el('clipPath', { id }, el('circle', { cx, cy, r: inner })));
  const ringPath = defs.add('ring', (id) =>
    el('path', { id, d: `M${cx - 400} ${cy}A400 400 0 0 1 ${cx + 400} ${cy}`, fill: 'none' }),
  );
  const parts: string[] = [
    el('circle', { cx, cy, r: outer + 18, fill: 'none', stroke: WHITE, 'stroke-width': 14 }),
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
  const hero = motifs[0];
  if (hero) {
    const colors: Record<PartRole, string> = {
      base: BLACK,
      second: '#4d4d4d',
      accent: '#9a9a9a',
      dark: WHITE,
      light: WHITE,
      line: WHITE,
    };
    const halo: PartPainter = (part) =>
      part.role === 'line' || (part.opacity ?? 1) < 0.6
        ? null
        : paintRole(part, WHITE, { stroke: WHITE, 'stroke-width': (part.stroke ?? 0) + 16, 'stroke-linejoin': 'round' });
    const ink: PartPainter = (part) => {
      if ((part.opacity ?? 1) < 1) return paintRole(part, part.role === 'light' ? WHITE : BLACK, { opacity: 0.3 });
      return paintRole(part, colors[part.role], part.stroke === undefined ? { stroke: BLACK, 'stroke-width': 3 } : {});
    };
    parts.push(
      el('g', { 'clip-path': url(innerClip) }, drawMotif(hero, { x: cx, y: cy + 40, size: 470 }, [halo, ink])),
    );
  }
  // Arched lettering in the black ring: the subline (or the themes) in spaced capitals.
  const ringText = (lettering.subline || motifs[0]?.tagline || '').toUpperCase();
  if (ringText) {
    const font: ArtFont = FONTS.display;
    const size = fitFontSize([ringText], font, 900, 64, 0.25);
    parts.push(
      el('text', { ...fontAttributes(font, size, 0.25), fill: WHITE }, el('textPath', { href: `#${ringPath}`, startOffset: '50%' }, escapeXml(ringText))),
    );
  }
  for (const side of [-1, 1]) parts.push(sparkle(cx + side * 420, cy + 60, 18, { fill: WHITE }));
  motifs.slice(1, 3).forEach((motif, index) => {
    const side = index === 0 ? -1 : 1;
    parts.push(
      drawMotif(motif, { x: cx + side * 440, y: 180, size: 150, rotate: side * 12 }, [
        (part) => (part.role === 'line' ? null : paintRole(part, WHITE, { stroke: WHITE, 'stroke-width': (part.stroke ?? 0) + 20, 'stroke-linejoin': 'round' })),
        (part) => paintRole(part, part.role === 'dark' || part.role === 'light' || part.role === 'line' ? WHITE : BLACK),
      ]),
    );
  });

  // The headline on a black band that breaks out of the badge.
  const lines = breakLines(lettering.headline.toUpperCase(), 18, 2);
  const size = fitFontSize(lines, FONTS.display, 760, 150, 0.04);
  const bandHeight = size * lines.length * 0.98 + 56;
  const bandY = 1160 + bandHeight / 2 - 40;
  const ribbon = ribbonPaths(cx, bandY, 820, bandHeight);
  parts.push(
    el('path', { d: ribbon.tails, fill: BLACK, stroke: WHITE, 'stroke-width': 8, 'stroke-linejoin': 'round' }),
    el('path', { d: ribbon.folds, fill: '#555555' }),
    el('path', { d: ribbon.front, fill: BLACK, stroke: WHITE, 'stroke-width': 8, 'stroke-linejoin': 'round' }),
  );
  parts.push(
    textBlock({
      lines,
      font: FONTS.display,
      x: cx,
      y: bandY - ((lines.length - 1) * size * 0.98) / 2 + size * 0.35,
      maxWidth: 760,
      maxSize: 150,
      lineHeight: 0.98,
      letterSpacingEm: 0.04,
      attributes: { fill: WHITE },
    }).svg,
  );
  return parts.join('');
};
