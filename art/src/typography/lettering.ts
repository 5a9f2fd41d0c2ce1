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

/** Relations people are greeted by ("Happy Retirement, Grandpa"); others read "For my husband". */
const ADDRESSED = new Set([
  'dad', 'daddy', 'papa', 'pop', 'pops', 'mom', 'mommy', 'mum', 'mama', 'grandpa', 'grandma', 'granddad',
  'grandad', 'granny', 'nana', 'gramps', 'uncle', 'aunt', 'auntie', 'coach', '',
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

/** Who the shirt is for, read the way a person would say it. */
export interface Recipient {
  /** A name ("Leo"), if one was given. */
  name: string;
  /** A relation ("Son", "Grandpa"), if one was given. */
  relation: string;
  /** The whole phrase for "For …": "my son Leo", "Grandpa", "Sarah". */
  phrase: string;
}

export function readRecipient(target: string): Recipient {
  const clean = printableText(target).replace(/^(for|to)\s+/i, '').replace(/[.!?]+$/, '');
  const words = clean.split(' ').filter(Boolean);
  const relationIndex = words.findIndex((word) => RELATIONS.has(word.toLowerCase().replace(/[^a-z]/g, '')));
  const relation = relationIndex >= 0 ? titleCase(words[relationIndex] as string) : '';
  const nameWords = words.filter((word, index) => index !== relationIndex && !/^(my|our|the|a|dear|beloved|favorite|favourite|best)$/i.test(word));
  const name = shorten(titleCase(nameWords.join(' ')), MAX_NAME);
  const possessive = /^(my|our)$/i.test(words[0] ?? '') ? `${(words[0] as string).toLowerCase()} ` : '';
  const phrase = relation && name ? `${possessive}${relation.toLowerCase()} ${name}` : relation ? `${possessive}${possessive ? relation.toLowerCase() : relation}` : name;
  return { name, relation, phrase: shorten(phrase, MAX_NAME + 10) };
}

/** Words that say something (not "the", "of", a separator). */
function contentWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((word) => word.length > 2 && !['the', 'and', 'for', 'our'].includes(word)));
}

/** The phrases whose words the headline does not already say. */
function notRepeating(phrases: readonly string[], headline: string): string[] {
  const said = contentWords(headline);
  return phrases.filter((phrase) => [...contentWords(phrase)].every((word) => !said.has(word) && !said.has(word.replace(/s$/, ''))));
}

/**
 * Headline and subline for one artwork, phrased as a person would: "Happy Birthday, Leo" over the
 * themes; "World's Best Grandpa"; a motif's tagline over "For my son Leo". No word of the headline
 * is repeated in the subline.
 */
export function composeLettering(target: string, occasion: string, interests: string, motifs: readonly Motif[]): Lettering {
  const greeting = greetingFor(occasion);
  const recipient = readRecipient(target);
  const phrases = themePhrases(interests);
  const tagline = motifs[0]?.tagline ?? '';
  let headline: string;
  let sublineParts: string[];
  if (greeting && !recipient.name && !ADDRESSED.has(recipient.relation.toLowerCase())) {
    // "Happy Anniversary, Husband" is not how anyone says it: the greeting, then "For my husband".
    headline = greeting;
    sublineParts = [`For ${recipient.phrase}`, ...phrases];
  } else if (greeting && (recipient.name || recipient.relation)) {
    headline = `${greeting}, ${recipient.name || recipient.relation}`;
    sublineParts = phrases;
  } else if (greeting) {
    headline = greeting;
    sublineParts = phrases.length > 0 ? phrases : [tagline];
  } else if (recipient.name) {
    headline = tagline || phrases[0] || recipient.name;
    sublineParts = headline === recipient.name ? phrases.slice(1) : [`For ${recipient.phrase}`];
  } else if (recipient.relation) {
    headline = `World's Best ${recipient.relation}`;
    sublineParts = phrases;
  } else {
    headline = tagline || phrases[0] || 'Good Vibes Only';
    sublineParts = tagline ? phrases : phrases.slice(1);
  }
  headline = shorten(headline, MAX_HEADLINE);
  const subline = joinPhrases(notRepeating(sublineParts.filter(Boolean), headline));
  return { headline, subline };
}
