/**
 * Sketch: an unframed study — pencil lines drawn twice by a slightly wobbly hand (displacement
 * filter), construction lines left in, a scribbled ground, hatching instead of fills, graphite grain (a noise tile that eats into every stroke), hand lettering.
 * On a dark shirt the same drawing is done in chalk-light pencils, on a light one in graphite.
 */
import { contrastRatio, onFabric, TARGET_CONTRAST } from '../ink/contrast';
import type { PartRole } from '../motifs';
import { adjust, hexToHsl, mix } from '../palette/color';
import { el, num, smoothClosedPath, smoothOpenPath, url, wobblyRing } from '../svg';
import { FONTS } from '../typography/fonts';
import { textBlock } from '../typography/textBlock';
import { drawMotif, type PartPainter } from './drawMotif';
import { composePage, headlinePlace, sublinePlace, SUN, sunsetBackdrop } from '../layouts/pageLayout';
import { boxAround, drawScene, layoutScene, sceneBottom, sceneBounds, type Box } from './scene';
import { CANVAS, type StyleRenderer } from './styleTypes';
import { noisePaint } from './textures';

/** How far a motif's drawing may reach past its parts' outline (the centre lines of its strokes; the second, looser pass). */
const SCENE_OVERREACH = 40;
/** The wobbly hand's reach (half the displacement scale) and the widest pencil line's half. */
const PENCIL_REACH = 10;

const grown = (box: Box, by: number): Box => ({ left: box.left - by, top: box.top - by, right: box.right + by, bottom: box.bottom + by });

/** The smallest region holding every box and the pencil's reach past them, on the page's width. */
function pencilRegion(boxes: readonly Box[]): { x: number; y: number; width: number; height: number } {
  if (boxes.length === 0) return { x: 0, y: 80, width: CANVAS.width, height: 1020 };
  const reach = grown(boxAround(boxes), PENCIL_REACH);
  const left = Math.max(0, Math.floor(reach.left));
  const right = Math.min(CANVAS.width, Math.ceil(reach.right));
  const top = Math.max(0, Math.floor(reach.top));
  const bottom = Math.ceil(reach.bottom);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export const renderSketch: StyleRenderer = ({ random, palette, subject, lettering, defs, fabric, page }) => {
  // Coloured pencils: the palette's hues, muted, at whatever lightness shows on this shirt.
  const pencil = (hex: string) => onFabric(adjust(hex, { s: Math.min(0.7, Math.max(0.35, hexToHsl(hex).s)) }), fabric, TARGET_CONTRAST + 0.4);
  const graphite = onFabric(fabric.dark ? mix(palette.light, '#ffffff', 0.5) : adjust(palette.ink, { s: Math.min(0.4, hexToHsl(palette.ink).s) }), fabric, 5);
  const hatch = (color: string, angle: number, gap: number, width: number) =>
    defs.add('hatch', (id) =>
      el(
        'pattern',
        { id, width: gap, height: gap, patternUnits: 'userSpaceOnUse', patternTransform: `rotate(${angle})` },
        el('path', { d: `M0 ${gap / 2}H${gap}`, stroke: color, 'stroke-width': width, 'stroke-linecap': 'round' }),
      ),
    );
  const hatchFor: Partial<Record<PartRole, string>> = {
    base: hatch(pencil(palette.primary), 38, 12, 3.4),
    second: hatch(pencil(palette.secondary), -40, 11, 3.2),
    accent: hatch(pencil(palette.accent), 80, 10, 3.4),
    dark: hatch(graphite, 45, 7, 3.2),
  };
  // One filter does both: a wobbly hand (displacement by a noise tile read through feImage) and
  // graphite grain (a finer noise tile, made an alpha in the tile, that thins the strokes like
  // pencil on paper tooth).
  const wobbleMap = noisePaint(defs, { tile: 200, baseFrequency: [0.02, 0.02], octaves: 2, seed: random.int(1, 99) });
  const toothMap = noisePaint(defs, {
    tile: 96,
    baseFrequency: [0.35, 0.2],
    octaves: 1,
    seed: random.int(1, 99),
    colorMatrix: '0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -1.1 0 0 0 1.45',
  });
  const hatchPass: PartPainter = (part) => {
    const pattern = hatchFor[part.role];
    if (!pattern || part.stroke !== undefined || (part.opacity ?? 1) < 0.3) return null;
    return { fill: url(pattern) };
  };
  const linePass =
    (width: number): PartPainter =>
    (part) => ({
      stroke: part.role === 'line' || part.stroke === undefined ? graphite : pencil(palette.primary),
      'stroke-width': part.stroke !== undefined ? Math.max(width, Math.min(part.stroke, width + 3)) : width,
    });
  // What every pencil line shares is said once, on the motif's group.
  const pencilGroup = { fill: 'none', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' } as const;

  const cx = 600;
  const cy = 590;
  const drawing: string[] = [];
  const frame: string[] = [];
  // No frame: a study on the page, its construction lines, a scribbled ground and a hatched shadow.
  const groundY = cy + 330;
  const ground: string[] = [];
  for (let pass = 0; pass < 3; pass += 1) {
    ground.push(
      smoothOpenPath([
        [cx - 470 + random.range(-20, 20), groundY + random.range(-8, 8)],
        [cx - 150, groundY + random.range(-14, 10)],
        [cx + 160, groundY + random.range(-10, 14)],
        [cx + 470 + random.range(-20, 20), groundY + random.range(-8, 8)],
      ]),
    );
  }
  frame.push(el('path', { d: ground.join(''), fill: 'none', stroke: graphite, 'stroke-width': 5, 'stroke-linecap': 'round' }));
  // The cast shadow, cross-hatched twice, runs the width of the drawing.
  frame.push(el('ellipse', { cx: cx + 10, cy: groundY + 10, rx: 480, ry: 70, fill: url(hatchFor.dark as string) }));
  frame.push(el('rect', { x: cx - 460, y: groundY - 40, width: 920, height: 110, rx: 40, fill: url(hatch(graphite, -45, 12, 7)) }));
  // Tufts of grass flicked in along the ground, one stroke each.
  for (let tuft = 0; tuft < 8; tuft += 1) {
    const x = cx - 420 + tuft * 120 + random.range(-30, 30);
    frame.push(el('path', { d: `M${num(x)} ${num(groundY)}l-10 -34M${num(x + 8)} ${num(groundY)}l4 -40M${num(x + 16)} ${num(groundY)}l14 -30`, fill: 'none', stroke: graphite, 'stroke-width': 4, 'stroke-linecap': 'round' }));
  }
  // Construction lines the artist left in: a centre line and a loose circle blocking in the subject.
  frame.push(
    el('path', {
      d: `M${cx} ${cy - 380}V${cy - 330}M${cx} ${groundY + 40}V${groundY + 80}` + smoothClosedPath(wobblyRing(cx, cy - 10, 360, 340, 10, () => random.range(-0.04, 0.04))),
      fill: 'none',
      stroke: graphite,
      'stroke-width': 2.5,
      'stroke-dasharray': '26 18',
      opacity: 0.8,
    }),
  );
  if (page.frame) drawing.push(...frame);
  if (page.sunset) {
    // The sun hatched and outlined in one pencil (two would blend to the shirt's own tone on a
    // mid-tone shirt where their lines cross); the horizon ruled in graphite.
    const sunPencil = pencil(palette.accent);
    const sunHatch = hatch(sunPencil, 0, 12, 4.5);
    drawing.push(
      sunsetBackdrop(
        () => ({ fill: url(sunHatch), stroke: sunPencil, 'stroke-width': 6 }),
        { fill: 'none', stroke: graphite, 'stroke-width': 5 },
      ),
    );
  }
  if (subject.decoration) {
    drawing.push(drawMotif(subject.decoration, { x: cx + 400, y: cy - 330, size: 170, rotate: 10 }, [hatchPass, linePass(5)], pencilGroup));
  }
  const slots = layoutScene(subject, { x: cx, y: cy, size: 920, top: page.sceneTop, border: 0 }, random);
  // The filter's region: each of its passes costs a print the region's pixels (3 × 3 of them per
  // unit), and whatever lies outside is not drawn at all, so it is fitted to what is drawn here.
  const region = pencilRegion([
    ...(page.frame ? [{ left: cx - 495, top: cy - 390, right: cx + 495, bottom: groundY + 85 }] : []),
    ...(page.sunset ? [{ left: 85, top: SUN.y - SUN.r - 5, right: 1115, bottom: SUN.y + SUN.r }] : []),
    // The decoration, turned 10° in its 170-unit box.
    ...(subject.decoration ? [{ left: cx + 280, top: cy - 450, right: cx + 520, bottom: cy - 210 }] : []),
    // Every part the pencil draws, faint ones (a lighthouse's beam) too.
    ...(slots.length > 0 ? [grown(sceneBounds(slots, true), SCENE_OVERREACH)] : []),
  ]);
  // feImage draws the element it names as `use` would, moved to the corner of the filter's region
  // (resvg and browsers alike): each map is drawn at the origin to cover the region exactly. One
  // drawn at the region's own corner would cover only part of it, and the tooth, whose
  // transparency erases, would cut away the drawing's top and left.
  const mapSize = { x: 0, y: 0, width: region.width, height: region.height };
  const wobbleRect = defs.add('map', (id) => el('rect', { id, ...mapSize, fill: url(wobbleMap) }));
  const toothRect = defs.add('map', (id) => el('rect', { id, ...mapSize, fill: url(toothMap) }));
  const pencilHand = defs.add('pencil', (id) =>
    el('filter', { id, filterUnits: 'userSpaceOnUse', ...region, 'color-interpolation-filters': 'sRGB' }, [
      el('feImage', { href: `#${wobbleRect}`, result: 'map' }),
      el('feDisplacementMap', { in: 'SourceGraphic', in2: 'map', scale: 9, xChannelSelector: 'R', yChannelSelector: 'G', result: 'moved' }),
      el('feImage', { href: `#${toothRect}`, result: 'tooth' }),
      el('feComposite', { in: 'moved', in2: 'tooth', operator: 'in' }),
    ]),
  );
  // On the bare shirt, with no ground around it, the outline is pressed harder.
  // Without its frame, the drawing is on a clean patch of the shirt: the sun's lines, or the words
  // behind it, stop at its outline instead of showing through its hatching.
  const knockOut: PartPainter = (part) => (part.stroke !== undefined || (part.opacity ?? 1) < 0.6 ? null : { fill: fabric.hex, stroke: 'none' });
  const passes = page.frame ? [hatchPass, linePass(6)] : [knockOut, hatchPass, linePass(9)];
  drawing.push(drawScene(slots, () => passes, () => pencilGroup));
  // The second, looser pass of the pencil.
  drawing.push(drawScene(slots.map((slot) => ({ ...slot, placement: { ...slot.placement, x: slot.placement.x + 5, y: slot.placement.y - 4, rotate: (slot.placement.rotate ?? 0) + 1 } })), () => [linePass(3)], () => pencilGroup));

  // Hand lettering with a pencil underline swash.
  const place = headlinePlace(page, { x: cx, top: 1120, width: 1080, height: 220 }, { maxSize: 140, maxLines: 2, lineGapEm: 0 }, sceneBottom(slots));
  const headline = textBlock(defs, {
    text: lettering.headline,
    font: FONTS.marker,
    box: place.box,
    layout: place.layout,
    face: { fill: graphite },
  });
  const swashY = headline.bottom + 26;
  const swashColor = pencil(palette.primary);
  // Below the drawing's filter region, so outside the pencil filter, which would clip it away.
  const swash = el('path', {
    class: 'swash',
    d: smoothOpenPath([
      [cx - 380, swashY + 10],
      [cx - 60, swashY - 6],
      [cx + 220, swashY + 4],
      [cx + 390, swashY - 14],
    ]),
    fill: 'none',
    stroke: swashColor,
    'stroke-width': 9,
    'stroke-linecap': 'round',
  });
  const words = [headline.svg, swash];
  if (lettering.subline) {
    const { top, height } = sublinePlace(page, swashY + 40, 1580);
    words.push(
      textBlock(defs, {
        text: lettering.subline,
        font: FONTS.marker,
        box: { x: cx, top, width: 940, height },
        layout: { maxSize: 64, maxLines: 2, align: 'top' },
        face: { fill: contrastRatio(swashColor, fabric.hex) >= TARGET_CONTRAST ? swashColor : graphite },
      }).svg,
    );
  }
  return composePage(page, el('g', { filter: url(pencilHand) }, drawing), words.join(''));
};
