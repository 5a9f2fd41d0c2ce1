/**
 * Fits lettering into a box with the fonts' real measurements: picks the line breaks that allow
 * the largest letters, keeps phrases together where it can, and never lets a line overflow.
 */
import type { ArtFont } from './fonts';
import { fontMetrics, measureLine } from './glyphs';

/** Phrases inside one text are joined with this; a line break there drops it. */
export const PHRASE_SEPARATOR = ' · ';

export interface TextBox {
  /** Horizontal centre. */
  x: number;
  top: number;
  width: number;
  height: number;
}

export interface LayoutOptions {
  maxSize: number;
  maxLines: number;
  /** Below this size long words are hyphenated rather than shrunk further. */
  minSize?: number;
  /** Space between one line's descent and the next line's ascent, in em. */
  lineGapEm?: number;
  letterSpacingEm?: number;
  /** Where the block sits in its box when it is shorter than the box. */
  align?: 'top' | 'middle' | 'bottom';
}

export interface LaidOutLine {
  text: string;
  /** Horizontal centre and baseline. */
  x: number;
  baseline: number;
  width: number;
}

export interface TextLayout {
  lines: LaidOutLine[];
  fontSize: number;
  /** The block's extent: top of the first line's ascent to the bottom of the last line's descent. */
  top: number;
  bottom: number;
  /** Width of the widest line. */
  width: number;
}

interface Token {
  text: string;
  /** The token starts a new phrase (a break before it costs nothing and drops the separator). */
  phraseStart: boolean;
  /** The previous token ends with a comma (a break before it reads naturally). */
  afterComma: boolean;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  text
    .split(PHRASE_SEPARATOR)
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '')
    .forEach((phrase, phraseIndex) => {
      phrase
        .split(/\s+/)
        .filter((word) => word !== '')
        .forEach((word, wordIndex) => {
          const previous = tokens[tokens.length - 1];
          tokens.push({
            text: word,
            phraseStart: phraseIndex > 0 && wordIndex === 0,
            afterComma: previous !== undefined && /[,;:]$/.test(previous.text),
          });
        });
    });
  return tokens;
}

function joinTokens(tokens: readonly Token[]): string {
  return tokens.map((token, index) => (index === 0 ? token.text : `${token.phraseStart ? PHRASE_SEPARATOR.trim() + ' ' : ''}${token.text}`)).join(' ');
}

/** Every way to cut `count` tokens into at most `maxLines` lines, as the indices lines start at. */
function* breakings(count: number, maxLines: number, start = 1, chosen: number[] = [0]): Generator<number[]> {
  yield chosen;
  if (chosen.length >= maxLines) return;
  for (let index = start; index < count; index += 1) yield* breakings(count, maxLines, index + 1, [...chosen, index]);
}

/** Splits words longer than `limit` characters into hyphenated pieces. */
function hyphenate(tokens: readonly Token[], limit: number): Token[] {
  return tokens.flatMap((token) => {
    const characters = [...token.text];
    if (characters.length <= limit) return [token];
    const pieces: Token[] = [];
    for (let start = 0; start < characters.length; start += limit - 1) {
      const last = start + limit - 1 >= characters.length;
      const piece = characters.slice(start, start + limit - 1).join('') + (last ? '' : '-');
      pieces.push({ text: piece, phraseStart: start === 0 && token.phraseStart, afterComma: start === 0 && token.afterComma });
    }
    return pieces;
  });
}

interface Candidate {
  lines: string[];
  size: number;
  score: number;
}

function bestBreaking(tokens: readonly Token[], font: ArtFont, box: TextBox, options: Required<Omit<LayoutOptions, 'align'>>): Candidate {
  const metrics = fontMetrics(font);
  const lineHeight = metrics.ascent + metrics.descent;
  let best: Candidate = { lines: [], size: 0, score: -1 };
  // Past a few dozen words the search is cut short; such text is shortened before it gets here.
  const limit = Math.min(tokens.length, 40);
  let tried = 0;
  for (const starts of breakings(limit, options.maxLines)) {
    if ((tried += 1) > 5000) break;
    const lines = starts.map((start, index) => joinTokens(tokens.slice(start, starts[index + 1] ?? tokens.length)));
    const widest = Math.max(...lines.map((line) => measureLine(line, font, options.letterSpacingEm)));
    const height = lines.length * lineHeight + (lines.length - 1) * options.lineGapEm;
    const size = Math.min(options.maxSize, box.width / Math.max(widest, 0.001), box.height / height);
    // Breaking inside a phrase, or not after a comma, costs a little size; so do lopsided lines.
    let penalty = 1;
    for (const start of starts.slice(1)) {
      const token = tokens[start] as Token;
      if (!token.phraseStart && !token.afterComma) penalty *= 0.93;
    }
    const widths = lines.map((line) => measureLine(line, font, options.letterSpacingEm));
    const balance = Math.min(...widths) / Math.max(...widths, 0.001);
    const score = size * penalty * (0.9 + 0.1 * balance);
    if (score > best.score) best = { lines, size, score };
  }
  return best;
}

/** Lays `text` out in `box`: the largest size (up to maxSize) at which every line fits. */
export function layoutText(text: string, font: ArtFont, box: TextBox, layoutOptions: LayoutOptions): TextLayout {
  const options = {
    minSize: layoutOptions.minSize ?? 0,
    lineGapEm: layoutOptions.lineGapEm ?? 0.06,
    letterSpacingEm: layoutOptions.letterSpacingEm ?? 0,
    maxSize: layoutOptions.maxSize,
    maxLines: Math.max(1, layoutOptions.maxLines),
  };
  let tokens = tokenize(font.capsOnly ? text.toUpperCase() : text);
  if (tokens.length === 0) return { lines: [], fontSize: 0, top: box.top, bottom: box.top, width: 0 };
  let best = bestBreaking(tokens, font, box, options);
  for (let limit = 14; best.size < options.minSize && limit >= 6; limit -= 4) {
    const hyphenated = hyphenate(tokens, limit);
    if (hyphenated.length === tokens.length) continue;
    tokens = hyphenated;
    const candidate = bestBreaking(tokens, font, box, options);
    if (candidate.size > best.size) best = candidate;
  }
  const size = best.size;
  const metrics = fontMetrics(font);
  const blockHeight = size * (best.lines.length * (metrics.ascent + metrics.descent) + (best.lines.length - 1) * options.lineGapEm);
  const free = box.height - blockHeight;
  const align = layoutOptions.align ?? 'middle';
  const top = box.top + (align === 'top' ? 0 : align === 'bottom' ? free : free / 2);
  const lines = best.lines.map((line, index) => ({
    text: line,
    x: box.x,
    baseline: top + size * (metrics.ascent + index * (metrics.ascent + metrics.descent + options.lineGapEm)),
    width: measureLine(line, font, options.letterSpacingEm) * size,
  }));
  return { lines, fontSize: size, top, bottom: top + blockHeight, width: Math.max(...lines.map((line) => line.width)) };
}
