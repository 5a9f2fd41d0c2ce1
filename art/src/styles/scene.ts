/**
 * One scene from the subject: land spread wide along the ground, the sky motif behind, the hero
 * standing on the land (or leaping over it), companions beside it, overlapping, in front. Each
 * style paints the slots its own way and frames the scene (or leaves it unframed) its own way.
 */
import type { Subject } from '../compose/subject';
import type { Motif } from '../motifs';
import type { Random } from '../random';
import type { Attributes } from '../svg';
import { motifOutline, motifReach } from '../motifs/motifOutline';
import { drawMotif, type PartPainter, type Placement } from './drawMotif';
import { CANVAS } from './styleTypes';

export type SceneLayer = 'sky' | 'land' | 'hero' | 'companion';

export interface SceneSlot {
  motif: Motif;
  layer: SceneLayer;
  placement: Placement;
  /** Half the width of the die-cut border the style draws round the drawing, in its 200-unit box. */
  border: number;
}

/** A box on the canvas by its edges. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface SceneArea {
  /** Centre of the scene on the canvas. */
  x: number;
  y: number;
  /** Side of the square the scene fills. */
  size: number;
  /** The highest its drawings may reach when the scene is grown (the page's `sceneTop`). */
  top: number;
  /** Half the width of the die-cut border the style draws round each drawing, in its 200-unit box (0: none). */
  border: number;
}

/**
 * How large the scene's drawings are made at least: this share of the print area's width, or where
 * they cannot be that wide without outgrowing the page (a tulip, a violin), this share of its height.
 * A little over the 60% the picture must span, so rounding and tilts never take it under.
 */
const LEAST_SPAN = { width: 0.62 * CANVAS.width, height: 0.61 * CANVAS.height } as const;

/** The slots in painting order (back to front), grown to span the print area. */
export function layoutScene(subject: Subject, area: SceneArea, random: Random): SceneSlot[] {
  const slots = arrangeScene(subject, area, random).map((slot) => ({ ...slot, border: area.border }));
  return growScene(slots, area);
}

/**
 * Where one slot's drawing and its border reach on the canvas (its outline placed as drawMotif
 * places it); with `faintParts`, its glows and beams too.
 */
function slotBounds(slot: SceneSlot, faintParts = false): Box {
  const { x, y, size, rotate = 0, flip = false, stretch = 1 } = slot.placement;
  const scale = size / 200;
  const border = slot.border * scale;
  const angle = (rotate * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const bounds = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  for (const [px, py] of (faintParts ? motifReach : motifOutline)(slot.motif)) {
    const [sx, sy] = [(px - 100) * scale * stretch * (flip ? -1 : 1), (py - 100) * scale];
    const [cx, cy] = [x + sx * cos - sy * sin, y + sx * sin + sy * cos];
    bounds.left = Math.min(bounds.left, cx - border);
    bounds.right = Math.max(bounds.right, cx + border);
    bounds.top = Math.min(bounds.top, cy - border);
    bounds.bottom = Math.max(bounds.bottom, cy + border);
  }
  return bounds;
}

/** Where the scene's drawings and their borders reach on the canvas, all slots together (with `faintParts`, glows and beams too). */
export function sceneBounds(slots: readonly SceneSlot[], faintParts = false): Box {
  return boxAround(slots.map((slot) => slotBounds(slot, faintParts)));
}

/** The smallest box holding every one of `boxes`. */
export function boxAround(boxes: readonly Box[]): Box {
  return {
    left: Math.min(...boxes.map((box) => box.left)),
    top: Math.min(...boxes.map((box) => box.top)),
    right: Math.max(...boxes.map((box) => box.right)),
    bottom: Math.max(...boxes.map((box) => box.bottom)),
  };
}

/**
 * A scene whose drawings fall short of the span the picture must have (a thin drawing, one with
 * margins in its box, a companion that does not reach the hero's side) grown about the area's
 * centre until they reach it, then centred across the page; a scene already that large keeps its
 * size and place, only moved down if it would reach above the page's top.
 */
function growScene(slots: SceneSlot[], area: SceneArea): SceneSlot[] {
  if (slots.length === 0) return slots;
  const bounds = sceneBounds(slots);
  const [width, height] = [bounds.right - bounds.left, bounds.bottom - bounds.top];
  const large = width >= LEAST_SPAN.width || height >= LEAST_SPAN.height;
  const grow = large ? 1 : Math.min(LEAST_SPAN.width / width, LEAST_SPAN.height / height);
  const dx = large ? 0 : area.x - (area.x + ((bounds.left + bounds.right) / 2 - area.x) * grow);
  // Whether grown or not, its top (and its border) stays on the page and under a headline block.
  const dy = Math.max(0, area.top - (area.y + (bounds.top - area.y) * grow));
  if (grow === 1 && dy === 0) return slots;
  return slots.map((slot) => ({
    ...slot,
    placement: {
      ...slot.placement,
      x: area.x + (slot.placement.x - area.x) * grow + dx,
      y: area.y + (slot.placement.y - area.y) * grow + dy,
      size: slot.placement.size * grow,
    },
  }));
}

function arrangeScene(subject: Subject, area: SceneArea, random: Random): Array<Omit<SceneSlot, 'border'>> {
  const { hero, land, sky, companions } = subject;
  if (!hero) return [];
  const { x, y, size } = area;
  const slots: Array<Omit<SceneSlot, 'border'>> = [];
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

/**
 * The lowest the scene's drawings reach on the canvas: the bottoms of their boxes, or of the drawings
 * with their borders where those reach lower (a tall drawing grown past its box's margin).
 */
export function sceneBottom(slots: readonly SceneSlot[]): number {
  if (slots.length === 0) return 0;
  return Math.max(sceneBounds(slots).bottom, ...slots.map((slot) => slot.placement.y + slot.placement.size / 2));
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
