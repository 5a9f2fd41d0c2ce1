/**
 * Oil Painting: an unframed canvas whose paint stops at a ragged brushed edge. The ground is laid
 * in broad loaded strokes that wander as a loaded brush does, streaked by the brush's bristles; the
 * light is dabbed on thick around an uneven sun. The subject is painted over it in clear, luminous
 * colour with dabs of lighter and darker paint inside a crisp dark contour — no filter touches it,
 * so its silhouette reads at any size. The title is painted in a classical italic.
 */
import { byShowing, contrastRatio, onFabric, showingColor, TARGET_CONTRAST } from '../ink/contrast';
import type { PartRole } from '../motifs';
import { adjust, darken, hexToHsl, lighten, mix } from '../palette/color';
import type { Random } from '../random';
import { el, num, smoothClosedPath, url, type Defs } from '../svg';
import { FONTS } from '../typography/fonts';
import { textBlock } from '../typography/textBlock';
import { paintRole, type PartPainter, shaded } from './drawMotif';
import { composePage, headlinePlace, keylinePass, sublinePlace, sunsetBackdrop } from '../layouts/pageLayout';
import { drawScene, layoutScene, sceneBottom } from './scene';
import type { StyleRenderer } from './styleTypes';

/** The warm white oil painters mix into their lights (a neutral, not a colour nobody asked for). */
const LEAD_WHITE = '#f7eedb';

/** Oil paint is rich but never neon, and luminous rather than muddy: mid-to-light values. */
function pigment(hex: string, lightness?: number): string {
  const { s, l } = hexToHsl(hex);
  return adjust(hex, { s: Math.min(0.7, s), l: lightness ?? Math.min(0.64, Math.max(0.44, l)) });
}

/**
 * One brush and the strokes laid with it: fat dabs that bend one way, then maybe the other, as a
 * hand drags a loaded brush, each leaving the thin light and dark streaks of its bristles along its
 * length. The streaks of every stroke go into two paths, so the texture costs two elements, not a
 * pattern over the whole canvas. The wander is in the strokes' own curves: a displacement filter
 * over the whole ground looks alike and costs seconds of every print render.
 */
class Brush {
  private readonly strokes: string[] = [];
  private lightStreaks = '';
  private darkStreaks = '';

  /** `marks`: light bristle streaks each stroke leaves (0 for none); `wander` gives each stroke its second bend. */
  constructor(
    private readonly random: Random,
    private readonly wander: Random,
    private readonly width: number,
    private readonly marks: number,
  ) {}

  stroke(x: number, y: number, length: number, color: string, angle = 0): void {
    const { random, wander, width, marks } = this;
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    // How far the stroke's first and second thirds swing off its line (sideways, either way).
    const bends = [random.range(-width * 0.5, width * 0.5), wander.range(-width * 0.5, width * 0.5)];
    const curve = (offset: number, share: number) => {
      const half = (length * share) / 2;
      const at = (along: number, side: number) => [x + ux * along - uy * (offset + side), y + uy * along + ux * (offset + side)];
      // Whole canvas units are fine enough for a brush and keep the many strokes small.
      const points = [...at(-half, 0), ...at(-half / 3, bends[0] as number), ...at(half / 3, bends[1] as number), ...at(half, 0)].map(Math.round);
      return `M${points[0]} ${points[1]}C${points[2]} ${points[3]} ${points[4]} ${points[5]} ${points[6]} ${points[7]}`;
    };
    this.strokes.push(el('path', { d: curve(0, 1), stroke: color }));
    if (marks === 0) return;
    for (let mark = 0; mark < marks; mark += 1) {
      const lane = (mark + random.range(0.2, 0.8)) / marks - 0.5;
      this.lightStreaks += curve(width * lane * 0.8, random.range(0.55, 0.9));
    }
    if (random.chance(0.5)) this.darkStreaks += curve(width * random.range(-0.35, 0.35), random.range(0.45, 0.8));
  }

  /** The strokes, then their streaks over them. */
  render(): string {
    const streaks =
      this.marks === 0
        ? []
        : [
            el('path', { d: this.lightStreaks, stroke: '#ffffff', 'stroke-width': 3, opacity: 0.18 }),
            el('path', { d: this.darkStreaks, stroke: '#000000', 'stroke-width': 4, opacity: 0.08 }),
          ];
    return el('g', { fill: 'none', 'stroke-linecap': 'round', 'stroke-width': this.width }, [...this.strokes, ...streaks]);
  }
}

/**
 * A colour as a painter lays it: the flat colour with a few dabs of a lighter and a darker mix
 * of it on top, as a tile in the motif's own units (so a smaller subject gets a smaller brush).
 */
function dabbedPaint(defs: Defs, random: Random, color: string): string {
  const tile = 64;
  // The ground overhangs the tile so its edges never blend into a seam.
  const dabs: string[] = [el('rect', { x: -2, y: -2, width: tile + 4, height: tile + 4, fill: color })];
  const tones = [lighten(color, 0.13), darken(color, 0.08), lighten(color, 0.07), lighten(color, 0.1), darken(color, 0.05)];
  // Jittered on a loose grid, and each dab stays inside the tile, so none is cut at a seam.
  tones.forEach((tone, index) => {
    const width = random.range(6, 9);
    const length = random.range(10, 20);
    const x = width / 2 + 2 + (index % 2) * 30 + random.range(0, 30 - length - width);
    const y = 7 + index * 12 + random.range(-2, 2);
    dabs.push(el('path', { d: `M${num(x)} ${num(y)}h${num(length)}`, stroke: tone, 'stroke-width': num(width), 'stroke-linecap': 'round' }));
  });
  return defs.add('dab', (id) =>
    el('pattern', { id, width: tile, height: tile, patternUnits: 'userSpaceOnUse', patternTransform: `rotate(${num(random.range(-40, -25))})` }, dabs),
  );
}

export const renderOilPainting: StyleRenderer = ({ random, palette, subject, lettering, defs, fabric, page }) => {
  const cx = 600;
  const cy = 560;
  const rx = 450;
  const ry = 460;
  const canvasRegion = { x: cx - rx - 40, y: cy - ry - 40, width: rx * 2 + 80, height: ry * 2 + 80 };
  // The brush's wander draws from a generator of its own: how a stroke wanders never moves the
  // layout, the strokes' places or the subject.
  const wander = random.fork('brush wander');
  // No frame: the paint stops where the brush stopped, a ragged edge around a loose rectangle.
  const edgePoints: Array<[number, number]> = [];
  const corners: Array<[number, number]> = [
    [cx - rx, cy - ry],
    [cx + rx, cy - ry],
    [cx + rx, cy + ry],
    [cx - rx, cy + ry],
  ];
  corners.forEach(([x1, y1], index) => {
    const [x2, y2] = corners[(index + 1) % 4] as [number, number];
    for (let step = 0; step < 6; step += 1) {
      const t = step / 6;
      edgePoints.push([Math.round(x1 + (x2 - x1) * t + random.range(-16, 16)), Math.round(y1 + (y2 - y1) * t + random.range(-16, 16))]);
    }
  });
  // The edge is written once: the clip uses it, and the primed edge below is a copy of it.
  const edge = defs.add('edge', (id) => el('path', { id, d: smoothClosedPath(edgePoints) }));
  const canvasClip = defs.add('canvas', (id) => el('clipPath', { id }, el('use', { href: `#${edge}` })));

  // The ground: a luminous sky lightened with lead white down to a glowing horizon, then land in
  // another colour than the subject's own, so the subject stands clear of it.
  const skyTop = mix(pigment(palette.secondary, 0.52), LEAD_WHITE, 0.22);
  const skyLow = mix(pigment(palette.accent, 0.72), LEAD_WHITE, 0.5);
  const landTop = pigment(palette.secondary, 0.4);
  const landLow = pigment(palette.secondary, 0.28);
  const horizon = 0.66;
  const toneAt = (t: number) => (t < horizon ? mix(skyTop, skyLow, t / horizon) : mix(landTop, landLow, (t - horizon) / (1 - horizon)));
  const top = cy - ry;
  const broad = new Brush(random, wander, 100, 1);
  const rows = 11;
  for (let row = 0; row < rows; row += 1) {
    const t = row / (rows - 1);
    const y = top + t * ry * 2;
    for (let x = cx - rx - 40; x < cx + rx + 40; x += random.range(165, 225)) {
      const tone = adjust(toneAt(t), { dl: random.range(-0.05, 0.05), dh: random.range(-5, 5) });
      broad.stroke(x, y + random.range(-12, 12), random.range(200, 280), tone, random.range(-0.1, 0.1));
    }
  }
  // Shorter strokes laid across the ground, lighter and darker than where they land: the brushwork one sees.
  const small = new Brush(random, wander, 28, 1);
  for (let index = 0; index < 24; index += 1) {
    const t = random.range(0, 1);
    const x = cx + random.range(-rx, rx);
    const y = top + t * ry * 2;
    const tone = adjust(toneAt(t), { dl: random.chance(0.6) ? random.range(0.06, 0.12) : random.range(-0.1, -0.05), dh: random.range(-6, 6) });
    const angle = t < horizon ? random.range(-0.35, 0.35) : random.range(-0.15, 0.15);
    small.stroke(x, y, random.range(60, 120), tone, angle);
  }
  // The light source, dabbed in thick with short strokes around a bright core (unless the subject
  // brings its own sky: a moon or a planet is the light then).
  const sunX = cx + random.range(-200, 200);
  const sunY = cy - ry * 0.6;
  const sunLight = mix(skyLow, LEAD_WHITE, 0.6);
  const rays = new Brush(random, wander, 15, 0);
  for (let index = 0; index < 12; index += 1) {
    const angle = (index / 12) * Math.PI * 2 + random.range(-0.15, 0.15);
    const distance = random.range(66, 90);
    rays.stroke(sunX + Math.cos(angle) * distance, sunY + Math.sin(angle) * distance, random.range(26, 46), mix(sunLight, skyLow, random.range(0.35, 0.65)), angle);
  }
  // The sun dabbed round, never compass-true: a ring of points a little in and out.
  const dabbedDisc = (radius: number) =>
    smoothClosedPath(
      Array.from({ length: 9 }, (_, index) => {
        const angle = (index / 9) * Math.PI * 2;
        const reach = radius * wander.range(0.9, 1.08);
        return [sunX + Math.cos(angle) * reach, sunY + Math.sin(angle) * reach] as const;
      }),
    );
  const ground = el('g', { class: 'brushwork' }, [
    el('rect', { ...canvasRegion, fill: mix(skyTop, skyLow, 0.5) }),
    broad.render(),
    small.render(),
    ...(subject.sky
      ? []
      : [el('path', { d: dabbedDisc(110), fill: mix(sunLight, skyLow, 0.55), opacity: 0.7 }), rays.render(), el('path', { d: dabbedDisc(58), fill: sunLight })]),
  ]);

  const colors: Record<PartRole, string> = {
    base: pigment(palette.primary),
    second: pigment(palette.secondary),
    accent: pigment(palette.accent),
    dark: adjust(palette.ink, { l: 0.15, s: 0.3 }),
    light: mix(palette.light, LEAD_WHITE, 0.6),
    line: adjust(palette.ink, { l: 0.16, s: 0.3 }),
  };
  const dabbed = new Map<string, string>();
  const paintFor = (role: PartRole): string => {
    const color = colors[role];
    if (role === 'line' || role === 'dark') return color;
    let id = dabbed.get(color);
    if (!id) {
      id = dabbedPaint(defs, random, color);
      dabbed.set(color, id);
    }
    return url(id);
  };
  // A contour in the darkest paint, drawn under the colour so only its outer half shows.
  const contour: PartPainter = (part) =>
    part.role === 'line' || (part.opacity ?? 1) < 0.6
      ? null
      : paintRole(part, colors.dark, { stroke: colors.dark, 'stroke-width': part.stroke !== undefined ? part.stroke + 7 : 7, 'stroke-linejoin': 'round' });
  const colour: PartPainter = (part) =>
    part.stroke !== undefined || (part.opacity ?? 1) < 1
      ? paintRole(part, shaded(part, colors[part.role]))
      : part.shade
        ? // A drawing's own shading (mostly small lights and shadows) laid flat in its shade: one
          // brush pattern per colour, however many shades, and a print no slower than before.
          paintRole(part, shaded(part, colors[part.role]))
        : paintRole(part, paintFor(part.role));
  const painted: string[] = [ground];
  const slots = layoutScene(subject, { x: cx, y: cy + 40, size: 900, top: page.sceneTop, border: page.frame ? 0 : 15 }, random);
  // Where the paint meets the shirt, a primed canvas edge in the asked-for colour that shows most.
  const primer = showingColor([palette.light, ...palette.colors], fabric, TARGET_CONTRAST + 0.4);
  const parts: string[] = [];
  if (page.frame) {
    if (slots.length > 0) {
      painted.push(el('ellipse', { cx, cy: cy + 330, rx: 250, ry: 36, fill: colors.dark, opacity: 0.3 }));
      painted.push(drawScene(slots, () => [contour, colour]));
    }
    parts.push(
      el('use', { href: `#${edge}`, fill: primer, stroke: primer, 'stroke-width': 36, 'stroke-linejoin': 'round' }),
      el('g', { 'clip-path': url(canvasClip) }, painted),
    );
  } else {
    if (page.sunset) {
      // The sun laid in dabbed paint, warm at the top and cooler toward the horizon.
      const [warm, cool] = [mix(sunLight, skyLow, 0.3), pigment(palette.primary)];
      parts.push(sunsetBackdrop((index, count) => ({ fill: onFabric(mix(warm, cool, index / Math.max(1, count - 1)), fabric) }), { fill: primer }));
    }
    // On the bare shirt the painted subject keeps a primed edge, as the canvas gives it.
    parts.push(drawScene(slots, () => [keylinePass(primer, 30), contour, colour]));
  }

  // The title is signed in paint on the shirt itself, in a classical italic.
  const titleColor = showingColor(palette.colors, fabric, TARGET_CONTRAST + 0.4);
  const place = headlinePlace(page, { x: cx, top: cy + ry + 70, width: 1000, height: 200 }, { maxSize: 130, maxLines: 2, lineGapEm: -0.05 }, sceneBottom(slots));
  const title = textBlock(defs, {
    text: lettering.headline,
    font: FONTS.serifItalic,
    box: place.box,
    layout: place.layout,
    face: { fill: titleColor },
  });
  const words: string[] = [title.svg];
  if (lettering.subline) {
    const { top: sublineTop, height } = sublinePlace(page, title.bottom + 30, 1580);
    const sublineColor = showingColor(byShowing(palette.colors, fabric).slice(1), fabric, TARGET_CONTRAST + 0.4);
    words.push(
      textBlock(defs, {
        text: lettering.subline,
        font: FONTS.serifItalic,
        box: { x: cx, top: sublineTop, width: 920, height },
        layout: { maxSize: 66, maxLines: 2, align: 'top', lineGapEm: -0.05 },
        face: { fill: contrastRatio(sublineColor, fabric.hex) >= TARGET_CONTRAST ? sublineColor : titleColor },
      }).svg,
    );
  }
  return composePage(page, parts.join(''), words.join(''));
};
