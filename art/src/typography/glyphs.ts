/**
 * Text turned into outlines with the shipped fonts (fontkit shapes it: kerning, ligatures), so the
 * browser preview and the print file draw the very same letters and every line's size is known.
 */
import type * as fontkit from 'fontkit';
import { num } from '../svg';
import { openFontFile } from './fontFiles';
import type { ArtFont } from './fonts';

const loaded = new Map<string, fontkit.Font>();

function openFont(font: ArtFont): fontkit.Font {
  const cached = loaded.get(font.file);
  if (cached) return cached;
  const opened = openFontFile(font.file);
  if (!('layout' in opened)) throw new Error(`${font.file} is a font collection, not one font`);
  loaded.set(font.file, opened);
  return opened;
}

/** Vertical metrics at size 1 (em units), for stacking lines without collisions. */
export interface FontMetrics {
  /** Height above the baseline of the tallest letters the text uses (capitals, accents). */
  ascent: number;
  /** Depth below the baseline (positive), descenders included. */
  descent: number;
}

export function fontMetrics(font: ArtFont): FontMetrics {
  const face = openFont(font);
  return { ascent: face.ascent / face.unitsPerEm, descent: -face.descent / face.unitsPerEm };
}

/**
 * Characters the face cannot draw become their unaccented letter ("Ø" stays when it exists,
 * "ǅ" becomes "D" + "ž" or is dropped), so no line ever shows a missing-glyph box.
 */
export function drawableText(text: string, font: ArtFont): string {
  const face = openFont(font);
  let result = '';
  for (const character of font.capsOnly ? text.toUpperCase() : text) {
    const codePoint = character.codePointAt(0) as number;
    if (character === ' ' || face.hasGlyphForCodePoint(codePoint)) {
      result += character;
      continue;
    }
    const plain = character.normalize('NFD').replace(/\p{M}/gu, '');
    result += [...plain].filter((part) => face.hasGlyphForCodePoint(part.codePointAt(0) as number)).join('');
  }
  return result;
}

/** One shaped line at size 1, its outline origin at the left end of the baseline. */
interface ShapedLine {
  width: number;
  glyphs: Array<{ glyph: fontkit.Glyph; x: number; y: number }>;
}

const shapedCache = new Map<string, ShapedLine>();

function shape(text: string, font: ArtFont, letterSpacingEm: number): ShapedLine {
  const key = `${font.file}\u0000${letterSpacingEm}\u0000${text}`;
  const cached = shapedCache.get(key);
  if (cached) return cached;
  const face = openFont(font);
  const run = face.layout(drawableText(text, font));
  const unit = 1 / face.unitsPerEm;
  let pen = 0;
  const glyphs: ShapedLine['glyphs'] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index] as fontkit.GlyphPosition;
    glyphs.push({ glyph, x: pen + position.xOffset * unit, y: position.yOffset * unit });
    pen += position.xAdvance * unit + (glyph.isMark ? 0 : letterSpacingEm);
  });
  const width = Math.max(0, pen - (glyphs.length > 0 ? letterSpacingEm : 0));
  const shaped = { width, glyphs };
  if (shapedCache.size > 2000) shapedCache.clear();
  shapedCache.set(key, shaped);
  return shaped;
}

/** Width of a line at size 1 (em), letter spacing included. */
export function measureLine(text: string, font: ArtFont, letterSpacingEm = 0): number {
  return shape(text, font, letterSpacingEm).width;
}

/**
 * SVG path data of a line of text at `size`, its baseline at y and its centre at x. Coordinates
 * are rounded (whole units for large letters, half units for small ones) and written relative,
 * which keeps a headline to a few kilobytes.
 */
/** Bends a line around a centre: the baseline becomes an arc through (x, y) around (cx, cy). */
export interface Arc {
  cx: number;
  cy: number;
}

export function linePath(text: string, font: ArtFont, size: number, x: number, y: number, letterSpacingEm = 0, arc?: Arc): string {
  const face = openFont(font);
  const shaped = shape(text, font, letterSpacingEm);
  const scale = size / face.unitsPerEm;
  const left = x - (shaped.width * size) / 2;
  let d = '';
  // The pen position in tenths of a unit, so relative moves add up exactly to the rounded points.
  let penX = 0;
  let penY = 0;
  let subpathStart: [number, number] = [0, 0];
  // Large letters lose nothing at whole units; small ones keep half units.
  const step = size >= 72 ? 10 : 5;
  const point = (px: number, py: number): [number, number] => [
    Math.round((px * 10) / step) * step,
    Math.round((py * 10) / step) * step,
  ];
  const relative = ([px, py]: [number, number]): string => {
    const text = `${num((px - penX) / 10)} ${num((py - penY) / 10)}`;
    return text.replace(/ -/g, '-');
  };
  for (const { glyph, x: glyphX, y: glyphY } of shaped.glyphs) {
    const originX = left + glyphX * size;
    const originY = y - glyphY * size;
    const at = (fx: number, fy: number) => {
      const flatX = originX + fx * scale;
      const flatY = originY - fy * scale;
      if (!arc) return point(flatX, flatY);
      const angle = (flatX - arc.cx) / (arc.cy - y);
      const radius = arc.cy - flatY;
      return point(arc.cx + radius * Math.sin(angle), arc.cy - radius * Math.cos(angle));
    };
    for (const { command, args } of glyph.path.commands) {
      const values = args as number[];
      switch (command) {
        case 'moveTo':
        case 'lineTo': {
          const target = at(values[0] as number, values[1] as number);
          if (command === 'moveTo' || target[0] !== penX || target[1] !== penY) d += `${command === 'moveTo' ? 'm' : 'l'}${relative(target)}`;
          if (command === 'moveTo') subpathStart = target;
          [penX, penY] = target;
          break;
        }
        case 'quadraticCurveTo': {
          const control = at(values[0] as number, values[1] as number);
          const target = at(values[2] as number, values[3] as number);
          d += `q${relative(control)} ${relative(target)}`;
          [penX, penY] = target;
          break;
        }
        case 'bezierCurveTo': {
          const first = at(values[0] as number, values[1] as number);
          const second = at(values[2] as number, values[3] as number);
          const target = at(values[4] as number, values[5] as number);
          d += `c${relative(first)} ${relative(second)} ${relative(target)}`;
          [penX, penY] = target;
          break;
        }
        case 'closePath':
          // After z the pen is back at the subpath's start, and the next move is relative to it.
          d += 'z';
          [penX, penY] = subpathStart;
          break;
      }
    }
  }
  if (d === '') return '';
  // The first move is relative to the origin, which SVG treats as absolute.
  return `M${d.slice(1)}`;
}
