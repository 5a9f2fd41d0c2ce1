/** Renders a motif's parts at a place on the canvas, letting a style paint each part. */
import type { Motif, MotifPart, Shape } from '../motifs';
import { adjust } from '../palette/color';
import { el, num, type Attributes } from '../svg';

export interface Placement {
  /** Centre of the motif on the canvas. */
  x: number;
  y: number;
  /** Width and height the 200-unit motif box is scaled to. */
  size: number;
  rotate?: number;
  flip?: boolean;
  /** Widens the motif by this factor (land spread along the ground); 1 when omitted. */
  stretch?: number;
}

/** Attributes for one part, or null to leave the part out of this pass. */
export type PartPainter = (part: MotifPart, index: number) => Attributes | null;

export function shapeElement(shape: Shape, attributes: Attributes): string {
  switch (shape.kind) {
    case 'circle':
      return el('circle', { cx: shape.cx, cy: shape.cy, r: shape.r, ...attributes });
    case 'ellipse':
      return el('ellipse', {
        cx: shape.cx,
        cy: shape.cy,
        rx: shape.rx,
        ry: shape.ry,
        transform: shape.rotate ? `rotate(${num(shape.rotate)} ${num(shape.cx)} ${num(shape.cy)})` : undefined,
        ...attributes,
      });
    case 'rect':
      return el('rect', {
        x: shape.x,
        y: shape.y,
        width: shape.width,
        height: shape.height,
        rx: shape.rx || undefined,
        transform: shape.rotate
          ? `rotate(${num(shape.rotate)} ${num(shape.x + shape.width / 2)} ${num(shape.y + shape.height / 2)})`
          : undefined,
        ...attributes,
      });
    case 'path':
      return el('path', { d: shape.d, ...attributes });
  }
}

export function motifTransform(placement: Placement): string {
  const scale = Math.round((placement.size / 200) * 1000) / 1000;
  const rotate = placement.rotate ? ` rotate(${num(placement.rotate)})` : '';
  const scaleX = Math.round(scale * (placement.stretch ?? 1) * 1000) / 1000;
  return `translate(${num(placement.x)} ${num(placement.y)})${rotate} scale(${placement.flip ? -scaleX : scaleX} ${scale}) translate(-100 -100)`;
}

/** Draws the motif once per painter (e.g. an outline pass, then a colour pass). */
export function drawMotif(
  motif: Motif,
  placement: Placement,
  passes: readonly PartPainter[],
  groupAttributes: Attributes = {},
): string {
  const children: string[] = [];
  for (const paint of passes) {
    motif.parts.forEach((part, index) => {
      const attributes = paint(part, index);
      if (attributes) children.push(shapeElement(part.shape, part.evenOdd ? { 'fill-rule': 'evenodd', ...attributes } : attributes));
    });
  }
  // The class names what is drawn, for the tests and for anyone reading the SVG.
  return el('g', { class: `motif-${motif.id}`, transform: motifTransform(placement), ...groupAttributes }, children);
}

/** A role's colour with the part's own shading (a library drawing's lighter and darker areas). */
export function shaded(part: MotifPart, color: string): string {
  return part.shade ? adjust(color, { dl: part.shade }) : color;
}

/** The common case: a filled part gets `fill`, a stroked part gets `stroke` of its width. */
export function paintRole(part: MotifPart, color: string, extra: Attributes = {}): Attributes {
  if (part.stroke !== undefined) {
    return {
      fill: 'none',
      stroke: color,
      'stroke-width': part.stroke,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      opacity: part.opacity,
      ...extra,
    };
  }
  return { fill: color, opacity: part.opacity, ...extra };
}
