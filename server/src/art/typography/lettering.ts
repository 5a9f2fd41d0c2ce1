/** Turns recipient, occasion and themes into shirt lettering, e.g. "Happy Retirement, Grandpa". */
import type { Motif } from '../motifs';

export interface Lettering {
  headline: string;
  /** A smaller line under or over the headline (themes, a name, a tagline); may be empty. */
  subline: string;
}

const MAX_HEADLINE = 34;
const MAX_NAME = 20;

/** Occasions phrased the way a card would say them. */
const GREETINGS: ReadonlyArray<[RegExp, string]> = [
  [/\b(x-?mas|christmas|noel)\b/, 'Merry Christmas'],
  [/\bnew ?year/, 'Happy New Year'],
  [/\bbirth ?day|\bbday\b/, 'Happy Birthday'],
  [/\bretire/, 'Happy Retirement'],
  [/\banniversary\b/, 'Happy Anniversary'],
  [/\bgraduat|\bgrad\b/, 'Congrats, Grad'],
  [/\bfather'?s'? ?day|\bdad'?s ?day/, "Happy Father's Day"],
  [/\bmother'?s'? ?day|\bmom'?s ?day|\bmum'?s ?day/, "Happy Mother's Day"],
  [/\bvalentine/, "Happy Valentine's Day"],
  [/\bhalloween\b/, 'Happy Halloween'],
  [/\bthanksgiving\b/, 'Happy Thanksgiving'],
  [/\beaster\b/, 'Happy Easter'],
  [/\bhanukk?ah|\bchanukah/, 'Happy Hanukkah'],
  [/\bwedding|\bmarried|\bbachelor/, 'Just Married'],
  [/\bget well|\brecover/, 'Get Well Soon'],
  [/\bbaby ?shower|\bnew baby|\bnewborn/, 'Hello, Baby'],
  [/\bnew job|\bpromotion/, 'Congrats On The New Gig'],
  [/\bthank/, 'Thank You'],
  [/\bcongrat/, 'Congratulations'],
];

/** Who-it-is-for words that read well as "World's Best …". */
const RELATIONS = new Set([
  'dad', 'daddy', 'father', 'papa', 'pop', 'pops', 'mom', 'mommy', 'mum', 'mother', 'mama', 'grandpa',
  'grandma', 'granddad', 'grandad', 'granny', 'nana', 'grandmother', 'grandfather', 'gramps', 'husband',
  'wife', 'brother', 'sister', 'uncle', 'aunt', 'auntie', 'son', 'daughter', 'friend', 'bestie', 'boss',
  'teacher', 'coach', 'nurse', 'doctor', 'boyfriend', 'girlfriend', 'partner', 'godfather', 'godmother',
]);

/** Keeps only characters the shipped fonts can draw (no emoji, no control characters). */
export function printableText(text: string): string {
  return (text ?? '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\p{P}\p{Zs}$+=^`|~<>]/gu, ' ')
    .replace(/[\u2000-\u200f\u2028-\u202f\u205f-\u206f]/g, ' ')
    .replace(/[^\u0020-\u024f\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word) => {
      if (word === '') return word;
      const hasInnerCapital = /[a-z].*[A-Z]/.test(word);
      return hasInnerCapital ? word : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
    })
    .join(' ');
}

/** Cuts at a word boundary so lettering stays short enough to be bold. */
export function shorten(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > limit * 0.5 ? cut.slice(0, lastSpace) : text.slice(0, limit)).replace(/[\s,.;:&-]+$/, '');
}

export function greetingFor(occasion: string): string {
  const clean = printableText(occasion);
  if (clean === '') return '';
  const lower = clean.toLowerCase();
  for (const [pattern, greeting] of GREETINGS) if (pattern.test(lower)) return greeting;
  if (/^(happy|merry|congrat|welcome|good ?luck|hello|cheers)/.test(lower)) return titleCase(clean);
  return `Happy ${titleCase(clean)}`;
}

export function recipientName(target: string): string {
  const clean = printableText(target)
    .replace(/^(for|to)\s+/i, '')
    .replace(/^(my|our|the)\s+/i, '')
    .replace(/[.!?]+$/, '');
  return shorten(titleCase(clean), MAX_NAME);
}

function themePhrase(words: readonly string[]): string {
  return words
    .slice(0, 3)
    .map((word) => titleCase(word))
    .join(' · ');
}

/**
 * Headline and subline for one artwork. Themes feed the subline; a motif's tagline is used when
 * the shopper gave no recipient or occasion.
 */
export function composeLettering(
  target: string,
  occasion: string,
  themeWords: readonly string[],
  motifs: readonly Motif[],
): Lettering {
  const greeting = greetingFor(occasion);
  const name = recipientName(target);
  const themes = themePhrase(themeWords.map((word) => printableText(word)).filter((word) => word.length > 1));
  const tagline = motifs[0]?.tagline ?? '';
  let headline: string;
  let subline: string;
  if (greeting && name) {
    headline = `${greeting}, ${name}`;
    subline = themes;
  } else if (greeting) {
    headline = greeting;
    subline = themes || tagline;
  } else if (name) {
    const relation = name.toLowerCase().split(' ').pop() ?? '';
    headline = RELATIONS.has(relation) ? `World's Best ${name}` : tagline || name;
    subline = RELATIONS.has(relation) || !tagline ? themes : name;
  } else {
    headline = tagline || titleCase(themeWords.slice(0, 2).map(printableText).join(' ')) || 'Good Vibes Only';
    subline = tagline ? themes : '';
  }
  return { headline: shorten(headline, MAX_HEADLINE), subline: shorten(subline, 40) };
}

/** Splits a headline into balanced lines of at most `maxLines`. */
export function breakLines(text: string, maxCharsPerLine: number, maxLines = 3): string[] {
  if (text.length <= maxCharsPerLine) return [text];
  const words = text.split(' ');
  const lineCount = Math.min(maxLines, Math.ceil(text.length / maxCharsPerLine));
  const target = text.length / lineCount;
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && candidate.length > target * 1.15 && lines.length < lineCount - 1) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}
