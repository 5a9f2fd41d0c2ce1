/** Small drawing pieces several styles share (sparkles, drips, rays, ribbons). */
import type { Random } from '../random';
import { el, num, polygonPath, starPoints, type Attributes } from '../svg';

/** A four-point sparkle. */
export function sparkle(x: number, y: number, size: number, attributes: Attributes): string {
  return el('path', { d: polygonPath(starPoints(x, y, size, size * 0.28, 4)), ...attributes });
}

/** Sunburst wedges around a centre, every other one drawn. */
export function sunburstPath(cx: number, cy: number, radius: number, count: number, twist = 0): string {
  let d = '';
  for (let index = 0; index < count; index += 2) {
    const a1 = twist + (index / count) * Math.PI * 2;
    const a2 = twist + ((index + 1) / count) * Math.PI * 2;
    d += `M${num(cx)} ${num(cy)}L${num(cx + Math.cos(a1) * radius)} ${num(cy + Math.sin(a1) * radius)}L${num(cx + Math.cos(a2) * radius)} ${num(cy + Math.sin(a2) * radius)}Z`;
  }
  return d;
}

/** A paint drip hanging from y: a rounded column ending in a drop. */
export function dripPath(x: number, y: number, width: number, length: number): string {
  const half = width / 2;
  const bottom = y + length;
  return (
    `M${num(x - half)} ${num(y)}L${num(x - half)} ${num(bottom)}` +
    `A${num(half * 1.25)} ${num(half * 1.25)} 0 1 0 ${num(x + half)} ${num(bottom)}` +
    `L${num(x + half)} ${num(y)}Z`
  );
}

/** A ribbon banner with folded tails, centred on (cx, cy). */
export function ribbonPaths(cx: number, cy: number, width: number, height: number): { front: string; tails: string; folds: string } {
  const left = cx - width / 2;
  const right = cx + width / 2;
  const top = cy - height / 2;
  const bottom = cy + height / 2;
  const tail = Math.min(height * 0.9, 110);
  const drop = height * 0.32;
  const front = `M${num(left)} ${num(top)}Q${num(cx)} ${num(top - height * 0.16)} ${num(right)} ${num(top)}L${num(right)} ${num(bottom)}Q${num(cx)} ${num(bottom - height * 0.16)} ${num(left)} ${num(bottom)}Z`;
  const tails =
    `M${num(left + tail * 0.4)} ${num(top + drop)}L${num(left - tail)} ${num(top + drop)}L${num(left - tail * 0.55)} ${num(bottom + drop / 2)}L${num(left - tail)} ${num(bottom + drop)}L${num(left + tail * 0.4)} ${num(bottom + drop)}Z` +
    `M${num(right - tail * 0.4)} ${num(top + drop)}L${num(right + tail)} ${num(top + drop)}L${num(right + tail * 0.55)} ${num(bottom + drop / 2)}L${num(right + tail)} ${num(bottom + drop)}L${num(right - tail * 0.4)} ${num(bottom + drop)}Z`;
  const folds = `M${num(left)} ${num(bottom)}L${num(left + tail * 0.4)} ${num(bottom + drop)}L${num(left + tail * 0.4)} ${num(bottom)}ZM${num(right)} ${num(bottom)}L${num(right - tail * 0.4)} ${num(bottom + drop)}L${num(right - tail * 0.4)} ${num(bottom)}Z`;
  return { front, tails, folds };
}

/** Scattered points in a ring, for spray dust and confetti. */
export function scatterRing(
  random: Random,
  count: number,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  spread: [number, number],
): Array<[number, number]> {
  return Array.from({ length: count }, () => {
    const angle = random.range(0, Math.PI * 2);
    const distance = random.range(spread[0], spread[1]);
    return [cx + Math.cos(angle) * rx * distance, cy + Math.sin(angle) * ry * distance] as [number, number];
  });
}
