/** Turns recipient, occasion and themes into shirt lettering, e.g. "Happy Retirement, Grandpa". */
import type { Motif } from '../motifs';
import { PHRASE_SEPARATOR } from './layout';

export interface Lettering {
  headline: string;
  /** A smaller line under or over the headline (themes, a name, a tagline); may be empty. */
  subline: string;
}

/** Long enough for a greeting and a full name; the layout fits any of it into three lines. */
const MAX_HEADLINE = 48;
const MAX_NAME = 32;
/** The theme line: whole phrases only, as many as fit. */
const MAX_SUBLINE = 48;

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

/** Words that only glue a theme list together ("golf and fishing", "cats & coffee"). */
const PHRASE_BREAKS = /\s*(?:[,;/|+\n]|\s&\s|\band\b|\bplus\b)\s*/i;
const LEADING_FILLER = /^(?:(?:my|our|his|her|their|the|a|an|loves?|likes?|into|enjoys?|fan of|lots of)\s+)+/i;

/**
 * The shopper's themes as whole phrases: "jazz saxophone, new orleans" gives
 * ["Jazz Saxophone", "New Orleans"], never a word cut off from its phrase.
 */
export function themePhrases(interests: string): string[] {
  const phrases: string[] = [];
  for (const part of printableText(interests).split(PHRASE_BREAKS)) {
    const phrase = titleCase(part.replace(LEADING_FILLER, '').replace(/[.!?]+$/, '').trim());
    if (phrase.length > 1 && !phrases.includes(phrase)) phrases.push(phrase);
  }
  return phrases;
}

/** As many whole phrases as fit `limit`, joined; a first phrase too long alone is cut at a word. */
export function joinPhrases(phrases: readonly string[], limit = MAX_SUBLINE): string {
  let joined = '';
  for (const phrase of phrases) {
    const candidate = joined === '' ? phrase : `${joined}${PHRASE_SEPARATOR}${phrase}`;
    if (candidate.length <= limit) joined = candidate;
    else if (joined === '') return shorten(phrase, limit);
    if (phrases.indexOf(phrase) >= 2) break;
  }
  return joined;
}

/**
 * Headline and subline for one artwork. Themes feed the subline; a motif's tagline is used when
 * the shopper gave no recipient or occasion.
 */
export function composeLettering(target: string, occasion: string, interests: string, motifs: readonly Motif[]): Lettering {
  const greeting = greetingFor(occasion);
  const name = recipientName(target);
  const phrases = themePhrases(interests);
  const themes = joinPhrases(phrases);
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
    headline = tagline || phrases[0] || 'Good Vibes Only';
    subline = tagline ? themes : joinPhrases(phrases.slice(1));
  }
  return { headline: shorten(headline, MAX_HEADLINE), subline };
}
