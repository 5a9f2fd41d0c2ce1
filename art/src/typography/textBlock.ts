/**
 * Lettering as outlines: each line laid out in its box, turned into one path, drawn once per layer
 * (outlines, halos, extrusions under the letters) through <use>, so a layer costs a few bytes.
 */
import { LETTERING_CLASS } from '../ink/contrast';
import { el, type Attributes, type Defs } from '../svg';
import type { ArtFont } from './fonts';
import { linePath, type Arc } from './glyphs';
import { layoutText, type LayoutOptions, type TextBox, type TextLayout } from './layout';

export interface TextLayer {
  dx: number;
  dy: number;
  attributes: Attributes;
}

export interface TextBlockOptions {
  text: string;
  font: ArtFont;
  box: TextBox;
  layout: LayoutOptions;
  /** The letters themselves (fill…); they carry the lettering class the contrast check looks for. */
  face: Attributes;
  /** Copies drawn underneath, first one lowest: outlines, halos, extrusion steps, shadows. */
  layers?: readonly TextLayer[];
  /** Bends every line around this centre (lettering that follows a round badge). */
  arc?: Arc;
}

export interface TextBlock extends TextLayout {
  svg: string;
}

export function textBlock(defs: Defs, options: TextBlockOptions): TextBlock {
  const layout = layoutText(options.text, options.font, options.box, options.layout);
  const letterSpacing = options.layout.letterSpacingEm ?? 0;
  const layers = options.layers ?? [];
  const elements: string[] = [];
  const face = { ...options.face, class: LETTERING_CLASS };
  for (const line of layout.lines) {
    const d = linePath(line.text, options.font, layout.fontSize, line.x, line.baseline, letterSpacing, options.arc);
    if (d === '') continue;
    if (layers.length === 0) {
      elements.push(el('path', { d, ...face }));
      continue;
    }
    const id = defs.add('line', (lineId) => el('path', { id: lineId, d }));
    const copy = (attributes: Attributes, dx = 0, dy = 0) => el('use', { href: `#${id}`, x: dx || undefined, y: dy || undefined, ...attributes });
    for (const layer of layers) elements.push(copy(layer.attributes, layer.dx, layer.dy));
    elements.push(copy(face));
  }
  return { ...layout, svg: elements.join('') };
}

export type { TextBox, LayoutOptions } from './layout';
