/**
 * Where a motif's drawing actually reaches inside its 200-unit box: the convex hull of its shapes'
 * outlines (curves and arcs sampled). A drawing rarely fills its box (a tulip is
 * tall and thin, a boxing glove leaves a margin), so a scene sized by boxes alone can come out small.
 */
import type { Motif, Shape } from './motif';

export type Point = readonly [number, number];

/** Points along a path's outline: every end point, and curves and arcs sampled along their length. */
function pathPoints(d: string, out: Point[]): void {
  const tokens = d.match(/[MLHVCSQTAZmlhvcsqtaz]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? [];
  let at = 0;
  let command = 'M';
  let [x, y, startX, startY] = [0, 0, 0, 0];
  // The last control point, for S and T's reflection.
  let [controlX, controlY] = [0, 0];
  let previous = '';
  const next = () => Number(tokens[at++]);
  const curve = (points: readonly Point[]) => {
    for (let step = 1; step <= 8; step += 1) {
      const t = step / 8;
      // de Casteljau: the point at t on the Bézier curve through these control points.
      let row = points.map(([px, py]) => [px, py] as [number, number]);
      while (row.length > 1) row = row.slice(1).map(([px, py], index) => [row[index]![0] + (px - row[index]![0]) * t, row[index]![1] + (py - row[index]![1]) * t]);
      out.push(row[0]!);
    }
  };
  while (at < tokens.length) {
    if (/^[a-z]$/i.test(tokens[at]!)) command = tokens[at++]!;
    const upper = command.toUpperCase();
    const [baseX, baseY] = command === upper ? [0, 0] : [x, y];
    if (upper === 'Z') {
      [x, y] = [startX, startY];
      previous = 'Z';
      continue;
    }
    if (at >= tokens.length || /^[a-z]$/i.test(tokens[at]!)) continue;
    switch (upper) {
      case 'M':
      case 'L':
      case 'T': {
        const [nx, ny] = [baseX + next(), baseY + next()];
        if (upper === 'T') {
          const [cx, cy] = previous === 'Q' || previous === 'T' ? [2 * x - controlX, 2 * y - controlY] : [x, y];
          curve([[x, y], [cx, cy], [nx, ny]]);
          [controlX, controlY] = [cx, cy];
        }
        [x, y] = [nx, ny];
        if (upper === 'M') {
          [startX, startY] = [x, y];
          // Further pairs after a move are lines.
          command = command === 'M' ? 'L' : 'l';
        }
        break;
      }
      case 'H':
        x = (command === 'H' ? 0 : x) + next();
        break;
      case 'V':
        y = (command === 'V' ? 0 : y) + next();
        break;
      case 'C':
      case 'S': {
        const [c1x, c1y] = upper === 'C' ? [baseX + next(), baseY + next()] : previous === 'C' || previous === 'S' ? [2 * x - controlX, 2 * y - controlY] : [x, y];
        const [c2x, c2y, nx, ny] = [baseX + next(), baseY + next(), baseX + next(), baseY + next()];
        curve([[x, y], [c1x, c1y], [c2x, c2y], [nx, ny]]);
        [controlX, controlY, x, y] = [c2x, c2y, nx, ny];
        break;
      }
      case 'Q': {
        const [cx, cy, nx, ny] = [baseX + next(), baseY + next(), baseX + next(), baseY + next()];
        curve([[x, y], [cx, cy], [nx, ny]]);
        [controlX, controlY, x, y] = [cx, cy, nx, ny];
        break;
      }
      case 'A': {
        const [rx, ry, turn, large, sweep] = [next(), next(), next(), next(), next()];
        const [nx, ny] = [baseX + next(), baseY + next()];
        arcPoints(x, y, rx, ry, turn, large !== 0, sweep !== 0, nx, ny, out);
        [x, y] = [nx, ny];
        break;
      }
      default:
        at += 1;
    }
    previous = upper;
    out.push([x, y]);
  }
}

/** Points along an SVG arc (endpoint form converted to its centre, as the SVG spec's appendix does). */
function arcPoints(x1: number, y1: number, rx: number, ry: number, turn: number, large: boolean, sweep: boolean, x2: number, y2: number, out: Point[]): void {
  if (rx === 0 || ry === 0 || (x1 === x2 && y1 === y2)) return;
  const phi = (turn * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const [dx, dy] = [(x1 - x2) / 2, (y1 - y2) / 2];
  const [px, py] = [cos * dx + sin * dy, -sin * dx + cos * dy];
  let [arx, ary] = [Math.abs(rx), Math.abs(ry)];
  const lambda = (px * px) / (arx * arx) + (py * py) / (ary * ary);
  if (lambda > 1) [arx, ary] = [arx * Math.sqrt(lambda), ary * Math.sqrt(lambda)];
  const numerator = arx * arx * ary * ary - arx * arx * py * py - ary * ary * px * px;
  const factor = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / (arx * arx * py * py + ary * ary * px * px)));
  const [cxp, cyp] = [(factor * arx * py) / ary, (-factor * ary * px) / arx];
  const [cx, cy] = [cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2];
  const angle = (ux: number, uy: number) => Math.atan2(uy, ux);
  const start = angle((px - cxp) / arx, (py - cyp) / ary);
  let delta = angle((-px - cxp) / arx, (-py - cyp) / ary) - start;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  for (let step = 1; step <= 16; step += 1) {
    const theta = start + (delta * step) / 16;
    const [ex, ey] = [arx * Math.cos(theta), ary * Math.sin(theta)];
    out.push([cos * ex - sin * ey + cx, sin * ex + cos * ey + cy]);
  }
}

function shapePoints(shape: Shape, out: Point[]): void {
  const around = (cx: number, cy: number, rx: number, ry: number, rotate = 0) => {
    const phi = (rotate * Math.PI) / 180;
    for (let step = 0; step < 24; step += 1) {
      const theta = (step / 24) * 2 * Math.PI;
      const [ex, ey] = [rx * Math.cos(theta), ry * Math.sin(theta)];
      out.push([cx + ex * Math.cos(phi) - ey * Math.sin(phi), cy + ex * Math.sin(phi) + ey * Math.cos(phi)]);
    }
  };
  switch (shape.kind) {
    case 'circle':
      return around(shape.cx, shape.cy, shape.r, shape.r);
    case 'ellipse':
      return around(shape.cx, shape.cy, shape.rx, shape.ry, shape.rotate);
    case 'rect': {
      const [cx, cy, phi] = [shape.x + shape.width / 2, shape.y + shape.height / 2, ((shape.rotate ?? 0) * Math.PI) / 180];
      for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const) {
        const [ex, ey] = [(sx * shape.width) / 2, (sy * shape.height) / 2];
        out.push([cx + ex * Math.cos(phi) - ey * Math.sin(phi), cy + ex * Math.sin(phi) + ey * Math.cos(phi)]);
      }
      return;
    }
    case 'path':
      return pathPoints(shape.d, out);
  }
}

/** The convex hull of the points (Andrew's monotone chain), counter-clockwise. */
function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: readonly Point[]) => {
    const chain: Point[] = [];
    for (const point of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2]!, chain[chain.length - 1]!, point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

const outlines = new WeakMap<Motif, Point[]>();
const reaches = new WeakMap<Motif, Point[]>();

function hullOf(motif: Motif, withFaintParts: boolean): Point[] {
  const points: Point[] = [];
  for (const part of motif.parts) {
    if (!withFaintParts && (part.opacity ?? 1) < 0.6) continue;
    const own: Point[] = [];
    shapePoints(part.shape, own);
    for (const point of own) if (Number.isFinite(point[0]) && Number.isFinite(point[1])) points.push(point);
  }
  return points.length > 0 ? convexHull(points) : [[0, 0], [200, 0], [200, 200], [0, 200]];
}

/** The hull `cache` keeps for `motif`, worked out on the first ask. */
function cachedHull(cache: WeakMap<Motif, Point[]>, motif: Motif, withFaintParts: boolean): readonly Point[] {
  let hull = cache.get(motif);
  if (!hull) {
    hull = hullOf(motif, withFaintParts);
    cache.set(motif, hull);
  }
  return hull;
}

/**
 * The hull of what the motif draws in its 200-unit box: a stroked part by its centre line, as the
 * styles draw strokes thinner or thicker than the drawing's own. Faint parts (a glow, a beam) some
 * styles leave out do not count.
 */
export function motifOutline(motif: Motif): readonly Point[] {
  return cachedHull(outlines, motif, false);
}

/** The hull of every part the motif may draw, faint ones included: how far any style's drawing of it reaches. */
export function motifReach(motif: Motif): readonly Point[] {
  return cachedHull(reaches, motif, true);
}
