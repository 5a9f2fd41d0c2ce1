/**
 * One library drawing as a motif: its shapes moved into the motifs' 200-unit box, each colour
 * given a role (the largest colour is `base`, near-black `dark`, near-white `light`…) and a shade
 * (its lightness against the role's colour), so every style repaints it in the shopper's colours
 * and keeps the drawing's own shading.
 */
import type { Motif, MotifCategory, MotifPart, MotifPlace, PartRole, Shape } from '../motifs';
import { transformPath } from '../motifs/motif';
import { hexToHsl, luminance } from '../palette/color';

/** Elements a drawing may use; one with anything else (gradients, clips, filters) is left out. */
const UNSUPPORTED = /<(?:defs|use|clipPath|linearGradient|radialGradient|filter|mask|image|text)\b/;

interface RawPart {
  shape: Shape;
  color: string;
  opacity?: number;
  evenOdd: boolean;
  /** Bounding-box area in the icon's units: how much of the drawing this colour covers. */
  area: number;
}

const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];

function normaliseHex(color: string): string | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return undefined;
  const digits = (match[1] as string).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

/** The bounding box of a path's points (control points included: an estimate is enough). */
function pathBox(d: string): [number, number, number, number] {
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (px: number, py: number) => {
    minX = Math.min(minX, px);
    minY = Math.min(minY, py);
    maxX = Math.max(maxX, px);
    maxY = Math.max(maxY, py);
  };
  for (const [, command = '', args = ''] of d.matchAll(/([MLHVCSQTAZmlhvcsqtaz])([^MLHVCSQTAZmlhvcsqtaz]*)/g)) {
    const numbers = (args.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
    const relative = command === command.toLowerCase();
    const upper = command.toUpperCase();
    const step = { M: 2, L: 2, T: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, A: 7, Z: 0 }[upper] ?? 2;
    if (step === 0) {
      [x, y] = [startX, startY];
      continue;
    }
    for (let index = 0; index + step <= numbers.length; index += step) {
      const values = numbers.slice(index, index + step);
      const [baseX, baseY] = relative ? [x, y] : [0, 0];
      if (upper === 'H') x = baseX + (values[0] as number);
      else if (upper === 'V') y = baseY + (values[0] as number);
      else {
        if (upper !== 'A') for (let pair = 0; pair + 2 < step; pair += 2) visit(baseX + (values[pair] as number), baseY + (values[pair + 1] as number));
        [x, y] = [baseX + (values[step - 2] as number), baseY + (values[step - 1] as number)];
      }
      visit(x, y);
      if (upper === 'M' && index === 0) [startX, startY] = [x, y];
    }
  }
  return [minX, minY, maxX, maxY];
}

function readParts(body: string, unit: number): RawPart[] | undefined {
  if (UNSUPPORTED.test(body)) return undefined;
  // Every coordinate goes from the icon's box to the motifs' 200-unit box.
  const scale = 200 / unit;
  const parts: RawPart[] = [];
  // A group's fill is its children's unless they say otherwise.
  const groupFills: Array<string | undefined> = [];
  for (const [, closing, tag = '', attributes = ''] of body.matchAll(/<(\/?)(g|path|circle|ellipse|rect)\b([^>]*)>/g)) {
    if (tag === 'g') {
      if (closing) groupFills.pop();
      else if (!attributes.endsWith('/')) groupFills.push(attribute(attributes, 'fill') ?? groupFills.at(-1));
      continue;
    }
    if (closing) continue;
    const color = normaliseHex(attribute(attributes, 'fill') ?? groupFills.at(-1) ?? '');
    if (!color) continue;
    const opacityText = attribute(attributes, 'opacity') ?? attribute(attributes, 'fill-opacity');
    const opacity = opacityText === undefined ? undefined : Number(opacityText);
    const evenOdd = attribute(attributes, 'fill-rule') === 'evenodd';
    const number = (name: string, fallback = 0) => Number(attribute(attributes, name) ?? fallback);
    // Only an ellipse turned about its own centre is kept from a transform (a highlight's tilt).
    const transform = attribute(attributes, 'transform');
    const turn = transform ? /^rotate\((-?[\d.]+)[ ,]+(-?[\d.]+)[ ,]+(-?[\d.]+)\)$/.exec(transform) : null;
    if (transform && !(tag === 'ellipse' && turn && Number(turn[2]) === number('cx') && Number(turn[3]) === number('cy'))) continue;
    let shape: Shape;
    let area: number;
    if (tag === 'path') {
      const d = attribute(attributes, 'd');
      if (!d) continue;
      const [minX, minY, maxX, maxY] = pathBox(d);
      area = Math.max(0, maxX - minX) * Math.max(0, maxY - minY);
      // transformPath scales about (100, 100): the shift puts the icon's origin at the box's.
      shape = { kind: 'path', d: transformPath(d, { scale, dx: 100 * scale - 100, dy: 100 * scale - 100 }) };
    } else if (tag === 'circle') {
      const r = number('r');
      area = 4 * r * r;
      shape = { kind: 'circle', cx: number('cx') * scale, cy: number('cy') * scale, r: r * scale };
    } else if (tag === 'ellipse') {
      const [rx, ry] = [number('rx'), number('ry')];
      area = 4 * rx * ry;
      shape = { kind: 'ellipse', cx: number('cx') * scale, cy: number('cy') * scale, rx: rx * scale, ry: ry * scale, rotate: turn ? Number(turn[1]) : 0 };
    } else {
      const [width, height] = [number('width'), number('height')];
      area = width * height;
      shape = { kind: 'rect', x: number('x') * scale, y: number('y') * scale, width: width * scale, height: height * scale, rx: number('rx') * scale || undefined };
    }
    parts.push({ shape, color, evenOdd, area, ...(opacity !== undefined && opacity < 1 ? { opacity } : {}) });
  }
  return parts.length > 0 ? parts : undefined;
}

/** How far apart two colours look, for grouping a drawing's colours into roles (0 alike … ~1). */
function colorDistance(first: string, second: string): number {
  const [a, b] = [hexToHsl(first), hexToHsl(second)];
  const hue = Math.min(Math.abs(a.h - b.h), 360 - Math.abs(a.h - b.h)) / 180;
  return hue * Math.min(a.s, b.s) * 1.4 + Math.abs(a.s - b.s) * 0.5 + Math.abs(a.l - b.l) * 0.35;
}

export interface RoleColors {
  /** The drawing's own colour for each role it uses (the natural palette). */
  base: string;
  second?: string;
  accent?: string;
}

/** Roles for the drawing's colours; each part keeps its shade against its role's colour. */
function assignRoles(parts: readonly RawPart[]): { roles: Map<string, { role: PartRole; shade: number }>; own: RoleColors } {
  const areaByColor = new Map<string, number>();
  for (const part of parts) areaByColor.set(part.color, (areaByColor.get(part.color) ?? 0) + part.area);
  const roles = new Map<string, { role: PartRole; shade: number }>();
  const representatives: Array<[PartRole, string]> = [];
  const byArea = [...areaByColor.entries()].sort((a, b) => b[1] - a[1]).map(([color]) => color);
  for (const color of byArea) {
    const { s, l } = hexToHsl(color);
    if (luminance(color) < 0.03 || (l < 0.2 && s < 0.3)) roles.set(color, { role: 'dark', shade: 0 });
    else if (l > 0.93 || (l > 0.86 && s < 0.2)) roles.set(color, { role: 'light', shade: 0 });
    else {
      const nearest = representatives
        .map(([role, hex]) => ({ role, hex, distance: colorDistance(color, hex) }))
        .sort((a, b) => a.distance - b.distance)[0];
      if (nearest && (nearest.distance < 0.22 || representatives.length === 3)) {
        const shade = Math.max(-0.35, Math.min(0.35, l - hexToHsl(nearest.hex).l));
        roles.set(color, { role: nearest.role, shade: Math.round(shade * 100) / 100 });
      } else {
        const role = (['base', 'second', 'accent'] as const)[representatives.length] as PartRole;
        representatives.push([role, color]);
        roles.set(color, { role, shade: 0 });
      }
    }
  }
  const own = Object.fromEntries(representatives) as Partial<RoleColors>;
  return { roles, own: { ...own, base: own.base ?? byArea[0] ?? '#888888' } };
}

export interface LibraryMotif extends Motif {
  /** The library's own colours for the roles: a request with no colours keeps them. */
  ownColors: RoleColors;
}

/** The drawing as a motif, or undefined when it uses what the styles cannot repaint. */
export function emojiMotif(
  id: string,
  icon: { body: string; width?: number; height?: number },
  unit: number,
  details: { name: string; category: MotifCategory; keywords: readonly string[]; place?: MotifPlace },
): LibraryMotif | undefined {
  const raw = readParts(icon.body, icon.width ?? icon.height ?? unit);
  if (!raw) return undefined;
  const { roles, own } = assignRoles(raw);
  const parts: MotifPart[] = raw.map((part) => {
    const { role, shade } = roles.get(part.color) ?? { role: 'base', shade: 0 };
    return {
      role,
      shape: part.shape,
      ...(shade !== 0 ? { shade } : {}),
      ...(part.evenOdd ? { evenOdd: true } : {}),
      ...(part.opacity !== undefined ? { opacity: part.opacity } : {}),
    };
  });
  return {
    id,
    name: details.name,
    category: details.category,
    keywords: details.keywords,
    tagline: '',
    parts,
    ownColors: own,
    ...(details.place ? { place: details.place } : {}),
  };
}
