/**
 * One scene from the subject: land spread wide along the ground, the sky motif behind, the hero
 * standing on the land (or leaping over it), companions beside it, overlapping, in front. Each
 * style paints the slots its own way and frames the scene (or leaves it unframed) its own way.
 */
import type { Subject } from '../compose/subject';
import type { Motif } from '../motifs';
import type { Random } from '../random';
import type { Attributes } from '../svg';
import { drawMotif, type PartPainter, type Placement } from './drawMotif';

export type SceneLayer = 'sky' | 'land' | 'hero' | 'companion';

export interface SceneSlot {
  motif: Motif;
  layer: SceneLayer;
  placement: Placement;
}

export interface SceneArea {
  /** Centre of the scene on the canvas. */
  x: number;
  y: number;
  /** Side of the square the scene fills. */
  size: number;
}

/** The slots in painting order (back to front). */
export function layoutScene(subject: Subject, area: SceneArea, random: Random): SceneSlot[] {
  const { hero, land, sky, companions } = subject;
  if (!hero) return [];
  const { x, y, size } = area;
  const slots: SceneSlot[] = [];
  const crowded = land !== undefined || sky !== undefined || companions.length > 0;
  if (sky) slots.push({ motif: sky, layer: 'sky', placement: { x: x + size * 0.27, y: y - size * 0.24, size: size * 0.5 } });
  if (land) {
    slots.push({ motif: land, layer: 'land', placement: { x, y: y + size * 0.25, size: size * 0.56, stretch: 1.75 } });
  }
  // The hero fills the scene; companions overlap its corners rather than shrink it.
  const heroSize = companions.length > 0 ? size * 0.8 : crowded ? size * 0.86 : size;
  const leaping = hero.airborne === true;
  const flip = random.chance(0.5);
  const side = flip ? -1 : 1;
  const heroPlacement: Placement = {
    x: companions.length > 0 ? x - side * size * 0.14 : x,
    y: land ? y - size * (leaping ? 0.15 : 0.06) : companions.length > 0 ? y - size * 0.06 : y,
    size: heroSize,
    rotate: leaping && land ? -18 : random.range(-3, 3),
  };
  // With company, the seed arranges the scene: the hero with companions at its feet, a row of
  // equals (a sticker sheet), or the hero as an emblem flanked by smaller companions.
  const arrangement = companions.length > 0 && !land ? random.pick(['overlap', 'row', 'emblem'] as const) : 'overlap';
  if (arrangement === 'row') {
    const row = [hero, ...companions];
    const step = (size * 1.04) / row.length;
    // Three in a row overlap a little and stagger, so each stays large.
    const each = Math.min(size * 0.6, step * (row.length > 2 ? 1.3 : 1.05));
    row.forEach((motif, index) => {
      slots.push({
        motif,
        layer: index === 0 ? 'hero' : 'companion',
        placement: { x: x - side * (size * 0.52 - step * (index + 0.5)), y: y + (index % 2 === 0 ? -size * 0.04 : size * 0.1), size: each, rotate: random.range(-6, 6) },
      });
    });
    return slots;
  }
  if (arrangement === 'emblem') {
    slots.push({ motif: hero, layer: 'hero', placement: { x, y: y - size * 0.04, size: size * 0.8, rotate: random.range(-3, 3) } });
    companions.slice(0, 2).forEach((motif, index) => {
      const across = index === 0 ? side : -side;
      slots.push({ motif, layer: 'companion', placement: { x: x + across * size * 0.38, y: y + size * 0.3, size: size * 0.34, rotate: across * random.range(6, 12) } });
    });
    if (companions.length === 1) {
      // One companion: the emblem stays balanced with the same drawing mirrored on the other side.
      const [only] = companions as [Motif];
      slots.push({ motif: only, layer: 'companion', placement: { x: x - side * size * 0.38, y: y + size * 0.3, size: size * 0.34, flip: true, rotate: -side * random.range(6, 12) } });
    }
    return slots;
  }
  slots.push({ motif: hero, layer: 'hero', placement: heroPlacement });
  companions.forEach((motif, index) => {
    const across = index === 0 ? side : -side;
    slots.push({
      motif,
      layer: 'companion',
      placement: {
        x: x + across * size * (index === 0 ? 0.34 : 0.32),
        y: y + size * (index === 0 ? 0.24 : 0.2),
        size: size * (index === 0 ? 0.46 : 0.38),
        rotate: across * random.range(4, 10),
      },
    });
  });
  return slots;
}

/** The lowest the scene's drawings reach on the canvas (the bottoms of their boxes). */
export function sceneBottom(slots: readonly SceneSlot[]): number {
  return Math.max(0, ...slots.map((slot) => slot.placement.y + slot.placement.size / 2));
}

/** Draws every slot with the painters a style chooses for its layer. */
export function drawScene(
  slots: readonly SceneSlot[],
  passesFor: (slot: SceneSlot) => readonly PartPainter[],
  attributesFor: (slot: SceneSlot) => Attributes = () => ({}),
): string {
  // data-layer marks the subject's drawings, so the benchmark can measure the room they take.
  return slots.map((slot) => drawMotif(slot.motif, slot.placement, passesFor(slot), { 'data-layer': slot.layer, ...attributesFor(slot) })).join('');
}
