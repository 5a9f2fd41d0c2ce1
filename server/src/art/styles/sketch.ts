/** Sketch: pencil lines drawn twice, hatching instead of fills, a loose scribbled frame, hand lettering. */
import type { PartRole } from '../motifs';
import { motifById } from '../motifs';
import { adjust, hexToHsl, shirtSafe } from '../palette/color';
import { el, smoothClosedPath, smoothOpenPath, url, wobblyRing } from '../svg';
import { FONTS } from '../typography/fonts';
import { breakLines } from '../typography/lettering';
import { textBlock } from '../typography/textBlock';
import { drawMotif, type PartPainter } from './drawMotif';
import type { StyleRenderer } from './styleTypes';

/** Coloured pencil: mid-dark, slightly muted. */
function pencil(hex: string): string {
  const { s } = hexToHsl(hex);
  return shirtSafe(adjust(hex, { s: Math.min(0.75, Math.max(0.35, s)) }), 0.16, 0.32);
}

export const renderSketch: StyleRenderer = ({ random, palette, motifs, lettering, defs }) => {
  // Ink that shows on dark and light shirts alike: a mid-deep tone of the palette's ink hue.
  const graphite = shirtSafe(adjust(palette.ink, { s: Math.min(0.5, hexToHsl(palette.ink).s + 0.2) }), 0.11, 0.16);
  const hatch = (color: string, angle: number, gap: number, width: number) =>
    defs.add('hatch', (id) =>
      el(
        'pattern',
        { id, width: gap, height: gap, patternUnits: 'userSpaceOnUse', patternTransform: `rotate(${angle})` },
        el('path', { d: `M0 ${gap / 2}H${gap}`, stroke: color, 'stroke-width': width, 'stroke-linecap': 'round' }),
      ),
    );
  const hatchFor: Partial<Record<PartRole, string>> = {
    base: hatch(pencil(palette.primary), 38, 9, 2.2),
    second: hatch(pencil(palette.secondary), -40, 8, 2),
    accent: hatch(pencil(palette.accent), 80, 7, 2.2),
    dark: hatch(graphite, 45, 4, 2.4),
  };
  const wobble = defs.add('wobble', (id) =>
    el('filter', { id, x: '-5%', y: '-5%', width: '110%', height: '110%' }, [
      el('feTurbulence', { type: 'fractalNoise', baseFrequency: 0.035, numOctaves: 1, seed: random.int(1, 99), result: 'grain' }),
      el('feDisplacementMap', { in: 'SourceGraphic', in2: 'grain', scale: 5, xChannelSelector: 'R', yChannelSelector: 'G' }),
    ]),
  );
  const hatchPass: PartPainter = (part) => {
    const pattern = hatchFor[part.role];
    if (!pattern || part.stroke !== undefined || (part.opacity ?? 1) < 0.3) return null;
    return { fill: url(pattern), stroke: 'none' };
  };
  const linePass =
    (width: number, opacity: number): PartPainter =>
    (part) => ({
      fill: 'none',
      stroke: part.role === 'line' || part.stroke === undefined ? graphite : pencil(palette.primary),
      'stroke-width': part.stroke !== undefined ? Math.max(width, Math.min(part.stroke, 5)) : width,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      opacity,
    });

  const cx = 600;
  const cy = 640;
  const parts: string[] = [];
  // A frame scribbled three times, never quite closing on itself.
  const frame: string[] = [];
  for (let pass = 0; pass < 3; pass += 1) {
    const ring = wobblyRing(cx, cy, 430, 430, 12, () => random.range(-0.03, 0.03));
    frame.push(smoothClosedPath(ring));
  }
  parts.push(el('path', { d: frame.join(''), fill: 'none', stroke: graphite, 'stroke-width': 3, opacity: 0.55, 'stroke-linecap': 'round' }));
  // Hatched shadow crescent inside the frame for depth.
  parts.push(
    el('path', {
      d: `M${cx - 300} ${cy + 300}A430 430 0 0 0 ${cx + 300} ${cy + 300}A500 480 0 0 1 ${cx - 300} ${cy + 300}Z`,
      fill: url(hatchFor.dark as string),
      opacity: 0.35,
    }),
  );

  // Laurel of sketched leaves around the bottom of the frame.
  const leaf = motifById('leaf');
  if (leaf) {
    for (const side of [-1, 1]) {
      for (const degrees of [28, 48, 68]) {
        const angle = (degrees * Math.PI) / 180;
        const x = cx + side * Math.cos(angle) * 440;
        const y = cy + Math.sin(angle) * 440;
        parts.push(drawMotif(leaf, { x, y, size: 130, rotate: side * (degrees + 12), flip: side < 0 }, [hatchPass, linePass(3, 0.9)]));
      }
    }
  }

  const hero = motifs[0];
  if (hero) {
    const placement = { x: cx, y: cy + 10, size: 560, rotate: random.range(-4, 4) };
    parts.push(
      el('g', { filter: url(wobble) }, [
        drawMotif(hero, placement, [hatchPass, linePass(2.2, 0.95)]),
        drawMotif(hero, { ...placement, x: placement.x + 4, y: placement.y - 3, rotate: (placement.rotate ?? 0) + 0.8 }, [linePass(1.2, 0.5)]),
      ]),
    );
  }
  motifs.slice(1, 3).forEach((motif, index) => {
    const side = index === 0 ? -1 : 1;
    parts.push(drawMotif(motif, { x: cx + side * 400, y: 200, size: 170, rotate: side * 10 }, [hatchPass, linePass(3, 0.9)]));
  });

  // Hand lettering with a pencil underline swash.
  const lines = breakLines(lettering.headline, 18, 2);
  const headline = textBlock({
    lines,
    font: FONTS.pencil,
    x: cx,
    y: 1230,
    maxWidth: 980,
    maxSize: 128,
    lineHeight: 1.08,
    attributes: { fill: graphite },
  });
  parts.push(headline.svg);
  const swashY = headline.bottom + 46;
  parts.push(
    el('path', {
      d: smoothOpenPath([
        [cx - 330, swashY + 10],
        [cx - 60, swashY - 6],
        [cx + 200, swashY + 4],
        [cx + 340, swashY - 14],
      ]),
      fill: 'none',
      stroke: pencil(palette.primary),
      'stroke-width': 7,
      'stroke-linecap': 'round',
    }),
  );
  if (lettering.subline) {
    parts.push(
      textBlock({
        lines: [lettering.subline],
        font: FONTS.pencil,
        x: cx,
        y: swashY + 96,
        maxWidth: 760,
        maxSize: 62,
        attributes: { fill: pencil(palette.primary) },
      }).svg,
    );
  }
  return parts.join('');
};
