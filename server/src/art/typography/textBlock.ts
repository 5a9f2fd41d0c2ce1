/** Multi-line lettering elements; every string goes through the escaping text builder. */
import { textEl, type Attributes } from '../svg';
import type { ArtFont } from './fonts';
import { fitFontSize } from './fitText';

export interface TextBlockOptions {
  lines: readonly string[];
  font: ArtFont;
  x: number;
  /** Baseline of the first line. */
  y: number;
  maxWidth: number;
  maxSize: number;
  lineHeight?: number;
  letterSpacingEm?: number;
  /** Attributes shared by every line (fill, stroke, filters…). */
  attributes: Attributes;
  /** Extra copies drawn underneath, e.g. shadows: each gets its own attributes and offset. */
  layers?: ReadonlyArray<{ dx: number; dy: number; attributes: Attributes }>;
}

export interface TextBlock {
  svg: string;
  fontSize: number;
  /** Baseline of the last line. */
  bottom: number;
}

export function fontAttributes(font: ArtFont, fontSize: number, letterSpacingEm = 0): Attributes {
  return {
    'font-family': font.stack,
    'font-size': fontSize,
    'font-style': 'style' in font ? font.style : undefined,
    'font-weight': font.family === 'League Spartan' || font.family === 'Bebas Neue' ? 'bold' : undefined,
    'letter-spacing': letterSpacingEm ? Math.round(letterSpacingEm * fontSize * 10) / 10 : undefined,
    'text-anchor': 'middle',
  };
}

export function textBlock(options: TextBlockOptions): TextBlock {
  const letterSpacingEm = options.letterSpacingEm ?? 0;
  const fontSize = fitFontSize(options.lines, options.font, options.maxWidth, options.maxSize, letterSpacingEm);
  const lineHeight = options.lineHeight ?? 1.05;
  const base = fontAttributes(options.font, fontSize, letterSpacingEm);
  const elements: string[] = [];
  const layers = [...(options.layers ?? []), { dx: 0, dy: 0, attributes: options.attributes }];
  for (const layer of layers) {
    options.lines.forEach((line, index) => {
      elements.push(
        textEl(options.font.capsOnly ? line.toUpperCase() : line, {
          x: options.x + layer.dx,
          y: options.y + index * fontSize * lineHeight + layer.dy,
          ...base,
          ...layer.attributes,
        }),
      );
    });
  }
  return {
    svg: elements.join(''),
    fontSize,
    bottom: options.y + (options.lines.length - 1) * fontSize * lineHeight,
  };
}
