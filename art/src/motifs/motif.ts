/**
 * A motif is a small drawing in a 200 × 200 box made of parts with colour roles, not colours:
 * each art style decides how a role is painted (flat, outlined, hatched, shaded, greyed).
 */

export type PartRole = 'base' | 'second' | 'accent' | 'dark' | 'light' | 'line';

export type Shape =
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; rotate?: number }
  | { kind: 'rect'; x: number; y: number; width: number; height: number; rx?: number; rotate?: number }
  | { kind: 'path'; d: string };

export interface MotifPart {
  role: PartRole;
  shape: Shape;
  /** When set, the part is a stroke of this width in its role's colour instead of a fill. */
  stroke?: number;
  opacity?: number;
  /** Lightness against its role's colour (-0.35…0.35): a library drawing's own shading. */
  shade?: number;
  /** Holes by the even-odd rule (a library drawing's rings and cut-outs). */
  evenOdd?: boolean;
}

export type MotifCategory =
  | 'animals'
  | 'nature'
  | 'sports'
  | 'music'
  | 'food'
  | 'travel'
  | 'space'
  | 'hobbies'
  | 'holidays'
  | 'vehicles'
  | 'work';

/**
 * Where a motif sits when it shares a scene: `land` spreads wide along the ground behind the
 * others (mountains, waves, a road), `sky` hangs behind and above them (sun, moon, planet);
 * anything else is a subject that stands in front.
 */
export type MotifPlace = 'land' | 'sky';

export interface Motif {
  id: string;
  category: MotifCategory;
  /** What the description calls it ("a fish", "mountains"); "a <id>" when omitted. */
  name?: string;
  place?: MotifPlace;
  /** Swimmers and fliers leap or soar over the land instead of standing on it. */
  airborne?: boolean;
  /** Words (singular, lower case) that call this motif up. */
  keywords: readonly string[];
  /** A shirt-worthy line used when the shopper gives no recipient or occasion. */
  tagline: string;
  parts: readonly MotifPart[];
}

/** The motif as a description names it. */
export function motifName(motif: Motif): string {
  if (motif.name) return motif.name;
  const words = motif.id.replace(/-/g, ' ');
  // "an owl", "a unicorn", "a ukulele": by the sound, as far as a first letter or two tells it.
  return `${/^(?:[aeio]|u(?!ni|ku|s[aeiu]|ro))/.test(words) && !/^one\b/.test(words) ? 'an' : 'a'} ${words}`;
}

type Extra = Pick<MotifPart, 'stroke' | 'opacity'>;

export const circle = (role: PartRole, cx: number, cy: number, r: number, extra: Extra = {}): MotifPart => ({
  role,
  shape: { kind: 'circle', cx, cy, r },
  ...extra,
});

export const ellipse = (
  role: PartRole,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  rotate = 0,
  extra: Extra = {},
): MotifPart => ({ role, shape: { kind: 'ellipse', cx, cy, rx, ry, rotate }, ...extra });

export const rect = (
  role: PartRole,
  x: number,
  y: number,
  width: number,
  height: number,
  rx = 0,
  rotate = 0,
  extra: Extra = {},
): MotifPart => ({ role, shape: { kind: 'rect', x, y, width, height, rx, rotate }, ...extra });

export const path = (role: PartRole, d: string, extra: Extra = {}): MotifPart => ({
  role,
  shape: { kind: 'path', d },
  ...extra,
});

/** Thin detail lines (whiskers, seams, strings), drawn in the style's line colour. */
export const line = (d: string, width = 4): MotifPart => ({ role: 'line', shape: { kind: 'path', d }, stroke: width });

/** A filled ring (donut, record label) as one path whose inner circle winds the other way. */
export function ringPath(cx: number, cy: number, outer: number, inner: number): string {
  return (
    `M${cx - outer} ${cy}A${outer} ${outer} 0 1 1 ${cx + outer} ${cy}A${outer} ${outer} 0 1 1 ${cx - outer} ${cy}Z` +
    `M${cx - inner} ${cy}A${inner} ${inner} 0 1 0 ${cx + inner} ${cy}A${inner} ${inner} 0 1 0 ${cx - inner} ${cy}Z`
  );
}

export function starPath(cx: number, cy: number, outer: number, inner: number, spikes: number): string {
  let d = '';
  for (let index = 0; index < spikes * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (index / (spikes * 2)) * Math.PI * 2;
    d += `${index === 0 ? 'M' : 'L'}${(cx + Math.cos(angle) * radius).toFixed(1)} ${(cy + Math.sin(angle) * radius).toFixed(1)}`;
  }
  return d + 'Z';
}

/** Parts repeated around a centre (petals, rays, fronds). */
export function around(count: number, build: (angleDegrees: number, index: number) => MotifPart): MotifPart[] {
  return Array.from({ length: count }, (_, index) => build((index * 360) / count, index));
}

export function polar(cx: number, cy: number, radius: number, angleDegrees: number): [number, number] {
  const angle = (angleDegrees * Math.PI) / 180;
  return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius];
}

export interface PartsTransform {
  /** Degrees, clockwise, about the box's centre (100, 100). */
  rotate?: number;
  /** About the box's centre. */
  scale?: number;
  dx?: number;
  dy?: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A path's coordinates moved, turned and scaled (absolute and relative commands alike). H and V
 * cannot turn, so a path that is turned must not use them.
 */
export function transformPath(d: string, { rotate = 0, scale = 1, dx = 0, dy = 0 }: PartsTransform): string {
  const angle = (rotate * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const vector = (x: number, y: number): [number, number] => [(x * cos - y * sin) * scale, (x * sin + y * cos) * scale];
  const point = (x: number, y: number): [number, number] => {
    const [vx, vy] = vector(x - 100, y - 100);
    return [vx + 100 + dx, vy + 100 + dy];
  };
  let out = '';
  for (const [, command = '', args = ''] of d.matchAll(/([MLHVCSQTAZmlhvcsqtaz])([^MLHVCSQTAZmlhvcsqtaz]*)/g)) {
    const numbers = (args.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number);
    const absolute = command === command.toUpperCase();
    const upper = command.toUpperCase();
    const mapped: number[] = [];
    if (upper === 'H' || upper === 'V') {
      if (rotate !== 0) throw new Error('transformPath: H and V cannot be turned');
      for (const value of numbers) mapped.push(value * scale + (absolute ? (upper === 'H' ? 100 * (1 - scale) + dx : 100 * (1 - scale) + dy) : 0));
    } else if (upper === 'A') {
      for (let index = 0; index + 6 < numbers.length; index += 7) {
        const [rx, ry, turn, large, sweep, x, y] = numbers.slice(index, index + 7) as [number, number, number, number, number, number, number];
        const [ex, ey] = absolute ? point(x, y) : vector(x, y);
        mapped.push(rx * scale, ry * scale, turn + rotate, large, sweep, ex, ey);
      }
    } else {
      for (let index = 0; index + 1 < numbers.length; index += 2) {
        const [x, y] = absolute ? point(numbers[index] as number, numbers[index + 1] as number) : vector(numbers[index] as number, numbers[index + 1] as number);
        mapped.push(x, y);
      }
    }
    out += command + mapped.map(round1).join(' ');
  }
  return out;
}

/** Parts moved, turned and scaled together (a drawing laid out upright, then tilted or fitted). */
export function transformParts(parts: readonly MotifPart[], transform: PartsTransform): MotifPart[] {
  const { rotate = 0, scale = 1, dx = 0, dy = 0 } = transform;
  const angle = (rotate * Math.PI) / 180;
  const point = (x: number, y: number): [number, number] => [
    round1(((x - 100) * Math.cos(angle) - (y - 100) * Math.sin(angle)) * scale + 100 + dx),
    round1(((x - 100) * Math.sin(angle) + (y - 100) * Math.cos(angle)) * scale + 100 + dy),
  ];
  return parts.map((part) => {
    const { shape } = part;
    const moved: MotifPart = part.stroke === undefined ? { ...part } : { ...part, stroke: round1(part.stroke * scale) };
    switch (shape.kind) {
      case 'circle': {
        const [cx, cy] = point(shape.cx, shape.cy);
        return { ...moved, shape: { kind: 'circle', cx, cy, r: round1(shape.r * scale) } };
      }
      case 'ellipse': {
        const [cx, cy] = point(shape.cx, shape.cy);
        return { ...moved, shape: { kind: 'ellipse', cx, cy, rx: round1(shape.rx * scale), ry: round1(shape.ry * scale), rotate: round1((shape.rotate ?? 0) + rotate) } };
      }
      case 'rect': {
        const [cx, cy] = point(shape.x + shape.width / 2, shape.y + shape.height / 2);
        const [width, height] = [round1(shape.width * scale), round1(shape.height * scale)];
        return {
          ...moved,
          shape: { kind: 'rect', x: round1(cx - width / 2), y: round1(cy - height / 2), width, height, rx: shape.rx === undefined ? undefined : round1(shape.rx * scale), rotate: round1((shape.rotate ?? 0) + rotate) },
        };
      }
      case 'path':
        return { ...moved, shape: { kind: 'path', d: transformPath(shape.d, transform) } };
    }
  });
}
