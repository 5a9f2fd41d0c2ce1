/** Turns recipient, occasion and themes into shirt lettering, e.g. "Happy Retirement, Grandpa". */
import { motifForWord, motifName, type Motif } from '../motifs';
import { detectLanguage, ENGLISH_PAIR_SLOGANS, ENGLISH_SLOGANS, LANGUAGES, type LanguageWords, type LetteringLanguage } from './language';
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

/** Stand-ins for the "&" and "and" inside one theme ("rock & roll"), so the split passes over them. */
const KEPT_CONJUNCTIONS: ReadonlyArray<[RegExp, string, string]> = [
  [/\s+&\s+/g, ' \uE000 ', ' & '],
  [/\s+and\s+/gi, ' \uE001 ', ' and '],
];

/**
 * The shopper's themes as whole phrases: "jazz saxophone, new orleans" gives
 * ["Jazz Saxophone", "New Orleans"], never a word cut off from its phrase. "And" and "&" part two
 * themes, except inside one the drawing found whole (`wholeThemes`: "rock & roll" is one love).
 */
export function themePhrases(interests: string, wholeThemes: readonly string[] = []): string[] {
  let text = printableText(interests);
  for (const theme of wholeThemes) {
    const words = theme.trim().split(/\s+/);
    if (words.length < 3) continue;
    const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
    const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])(${escaped})(?=$|[^\\p{L}\\p{N}])`, 'giu');
    text = text.replace(pattern, (_, before: string, phrase: string) => before + KEPT_CONJUNCTIONS.reduce((kept, [conjunction, standIn]) => kept.replace(conjunction, standIn), phrase));
  }
  const phrases: string[] = [];
  for (const part of text.split(PHRASE_BREAKS)) {
    const cased = titleCase(part.replace(LEADING_FILLER, '').replace(/[.!?]+$/, '').trim());
    const phrase = KEPT_CONJUNCTIONS.reduce((restored, [, standIn, conjunction]) => restored.split(standIn).join(conjunction), cased);
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

/** A clause's first words that only say they like it: "who loves pizza", "who plays golf". */
const CLAUSE_FILLER = /^(?:(?:loves?|likes?|enjoys?|adores?|is|has|plays?|does|goes|really|also|always|totally|into|crazy about|obsessed with)\s+)+/i;

/** "skates" → "skating": what someone who does it does, as a theme. */
function gerund(verb: string): string {
  const stem = verb.replace(/(?<=[sxz]|ch|sh)es$|s$/i, '');
  if (/[^e]e$/i.test(stem)) return `${stem.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/i.test(stem)) return `${stem}${stem.slice(-1)}ing`;
  return `${stem}ing`;
}

/** "swims and loves pizza" → "swimming, pizza": the themes a who-clause names. */
function clauseThemes(clause: string): string {
  return clause
    .split(PHRASE_BREAKS)
    .map((part) => {
      const trimmed = part.trim();
      const themes = trimmed.replace(CLAUSE_FILLER, '');
      // A verb on its own ("swims") is the activity ("swimming"); after a filler it is a thing.
      const verb = themes === trimmed && /^\p{L}+s$/iu.test(themes) && !/^(?:is|has|was|does)$/i.test(themes);
      return verb ? gerund(themes) : themes;
    })
    .filter(Boolean)
    .join(', ');
}

const WHO_CLAUSE = /^(.*?\S)\s+(?:who|that|which)(?:'s|\s+is)?\s+(.+)$/i;

/**
 * Who it is for and what they love, each in its own field, however the shopper typed it: "my son
 * who loves space" as the recipient gives "my son" and the theme "space"; "a brother who skates
 * and loves pizza" as the themes (no recipient given) gives "a brother" and "skating, pizza".
 */
export function separateWhoClauses(target: string, interests: string): { target: string; interests: string } {
  const joined = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join(', ');
  const inTarget = WHO_CLAUSE.exec(target);
  if (inTarget) return { target: inTarget[1] as string, interests: joined(clauseThemes(inTarget[2] as string), interests) };
  const inInterests = target.trim() === '' ? WHO_CLAUSE.exec(interests) : null;
  const who = inInterests?.[1]?.split(/\s+/) ?? [];
  const relation = who[who.length - 1]?.toLowerCase() ?? '';
  if (inInterests && who.length <= 3 && RELATIONS.has(relation)) {
    return { target: inInterests[1] as string, interests: clauseThemes(inInterests[2] as string) };
  }
  return { target, interests };
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

/** A line that sells the theme: the motif's own tagline, else a slogan on the theme's words. */
function taglineOf(motif: Motif | undefined): string {
  if (!motif) return '';
  if (motif.tagline) return motif.tagline;
  // A library drawing borrows the tagline of the engine's own drawing of the same thing.
  for (const word of [motif.id, motif.id.replace(/-/g, '')]) {
    const own = motifForWord(word);
    if (own?.tagline) return own.tagline;
  }
  return '';
}

/** Words that start what a theme is about, where, or with whom ("camping under the stars"). */
const PHRASE_QUALIFIER = /\s+(?:under|in|on|at|with|by|from|of|for|to|around|near|across|who|that|which)\s+/i;

/**
 * A theme as short as a slogan wants it: "Camping Under The Stars" is "Camping" when "camping" is
 * something the engine draws ("Camping Is My Therapy"); a title ("Lord Of The Rings") stays whole.
 */
function shortTheme(phrase: string): string {
  if (phrase.split(' ').length <= 2) return phrase;
  const [head = ''] = phrase.split(PHRASE_QUALIFIER);
  const knownHead = head !== phrase && head.split(' ').some((word) => motifForWord(word.toLowerCase()) !== undefined);
  return knownHead ? head : phrase;
}

/** One word's singular when the engine reads both as the same subject: "Dinosaurs" → "Dinosaur". */
function singularWord(word: string): string {
  const lower = word.toLowerCase();
  if (!/[^s]s$/.test(lower)) return word;
  const motif = motifForWord(lower);
  if (motif === undefined) return word;
  for (const stem of [word.slice(0, -1), word.replace(/ies$/, 'y'), word.replace(/es$/, '')]) {
    if (stem !== word && motifForWord(stem.toLowerCase()) === motif) return stem;
  }
  return word;
}

/** The theme as a noun before another word: the last word singular ("Board Games" → "Board Game"). */
function asModifier(name: string): string {
  const words = name.split(' ');
  return [...words.slice(0, -1), singularWord(words[words.length - 1] as string)].join(' ');
}

/** The theme as the lettering names it: the shopper's phrase, else the drawing's English name. */
function themeNames(allPhrases: readonly string[], motifs: readonly Motif[]): string[] {
  // "Grandpa" typed among the interests is who it is for, not a theme.
  const phrases = allPhrases.filter((phrase) => !RELATIONS.has(phrase.toLowerCase())).map(shortTheme);
  if (phrases.length > 0) return [...new Set(phrases)].slice(0, 2);
  // A drawing's own name: animals in the plural, as a shopper would say it ("Life Is Better with Cats").
  return motifs.slice(0, 2).map((motif) => {
    const name = titleCase(motifName(motif).replace(/^(a|an) /, ''));
    return motif.category === 'animals' && !/s$/.test(name) ? `${name}s` : name;
  });
}

function fill(template: string, names: readonly string[]): string {
  // "Rock & Roll and Tacos", not "Rock & Roll & Tacos": the "&" inside a theme stays its own.
  const joined = names.some((name) => name.includes('&')) ? template.replace('{X} & {Y}', '{X} and {Y}') : template;
  const first = names[0] ?? '';
  const one = asModifier(first);
  return joined
    .replace('{X:one}', one)
    .replace('{X}', first)
    .replace('{Is}', one !== first ? 'Are' : 'Is')
    .replace('{Y}', names[1] ?? '');
}

/** The slogans a request may be lettered with; the design number picks one. */
function slogans(language: LetteringLanguage, names: readonly string[], tagline: string): string[] {
  if (names.length === 0) return tagline ? [tagline] : [];
  const words = language === 'en' ? undefined : LANGUAGES[language];
  const templates = names.length > 1 ? (words?.pairSlogans ?? ENGLISH_PAIR_SLOGANS) : (words?.slogans ?? ENGLISH_SLOGANS);
  const lines = templates.map((template) => fill(template, names)).filter((line) => line.length <= MAX_HEADLINE);
  return language === 'en' && tagline ? [tagline, ...lines] : lines;
}

function foreignRecipient(target: string, words: LanguageWords): { relation: string; gender: 'm' | 'f'; name: string; phrase: string } {
  const clean = printableText(target).replace(/[.!?]+$/, '');
  const tokens = clean.split(' ').filter(Boolean);
  const relationIndex = tokens.findIndex((token) => words.relations[token.toLowerCase()] !== undefined);
  const relationWord = relationIndex >= 0 ? (tokens[relationIndex] as string) : '';
  const gender = words.relations[relationWord.toLowerCase()] ?? 'm';
  const relation = titleCase(relationWord);
  const possessive = tokens.find((token) => words.possessives.includes(token.toLowerCase()));
  const name = shorten(titleCase(tokens.filter((token, index) => index !== relationIndex && !words.possessives.includes(token.toLowerCase())).join(' ')), MAX_NAME);
  const phrase = [possessive?.toLowerCase(), relationWord ? relation : '', name].filter(Boolean).join(' ');
  return { relation, gender, name, phrase };
}

/** Lettering in Spanish, German, French or Portuguese: every word of it in that language. */
function foreignLettering(language: Exclude<LetteringLanguage, 'en'>, target: string, occasion: string, slogan: string): Lettering {
  const words = LANGUAGES[language];
  const lower = printableText(occasion).toLowerCase();
  const greeting = lower === '' ? '' : (words.greetings.find(([pattern]) => pattern.test(lower))?.[1] ?? titleCase(printableText(occasion)));
  const recipient = foreignRecipient(target, words);
  let headline: string;
  let subline: string;
  if (greeting && (recipient.name || recipient.relation)) {
    headline = `${greeting}, ${recipient.name || recipient.relation}`;
    subline = slogan;
  } else if (greeting) {
    headline = greeting;
    subline = slogan;
  } else if (recipient.relation && !recipient.name) {
    headline = words.best(recipient.relation, recipient.gender);
    subline = slogan;
  } else if (recipient.phrase) {
    headline = slogan || recipient.phrase;
    subline = slogan ? `${words.forWord} ${recipient.phrase}` : '';
  } else {
    headline = slogan;
    subline = '';
  }
  headline = shorten(headline, MAX_HEADLINE);
  return { headline, subline: joinPhrases(notRepeating([subline].filter(Boolean), headline)) };
}

/**
 * Headline and subline for one artwork, phrased as a person would, in the request's language:
 * "Happy Birthday, Leo" over a slogan; "World's Best Grandpa"; a tagline over "For my son Leo".
 * The subline never only repeats the words typed, nor any word of the headline; `design` picks
 * the slogan, so another design of the same request is lettered another way; `wholeThemes` are the
 * shopper's words drawn as one subject ("rock & roll"), kept one theme.
 */
export function composeLettering(target: string, occasion: string, interests: string, motifs: readonly Motif[], design = 0, wholeThemes: readonly string[] = []): Lettering {
  const language = detectLanguage(target, occasion, interests);
  const phrases = themePhrases(interests, wholeThemes);
  const options = slogans(language, themeNames(phrases, motifs), taglineOf(motifs[0]));
  const slogan = options.length > 0 ? (options[Math.abs(Math.floor(design)) % options.length] as string) : '';
  if (language !== 'en') return foreignLettering(language, target, occasion, slogan);
  const greeting = greetingFor(occasion);
  const recipient = readRecipient(target);
  let headline: string;
  let sublineParts: string[];
  if (greeting && !recipient.name && recipient.relation && !ADDRESSED.has(recipient.relation.toLowerCase())) {
    // "Happy Anniversary, Husband" is not how anyone says it: "Happy Anniversary to My Husband"
    // over a slogan, as a card would; a greeting that takes no "to" ("Get Well Soon"), "For my …".
    const toThem = `${greeting} to My ${recipient.relation}`;
    const takesTo = /^(happy|merry)\b/i.test(greeting) && toThem.length <= MAX_HEADLINE;
    headline = takesTo ? toThem : greeting;
    sublineParts = takesTo ? [slogan] : [`For ${recipient.phrase}`];
  } else if (greeting && (recipient.name || recipient.relation)) {
    headline = `${greeting}, ${recipient.name || recipient.relation}`;
    sublineParts = [slogan];
  } else if (greeting) {
    headline = greeting;
    sublineParts = [slogan];
  } else if (recipient.name) {
    headline = slogan || recipient.name;
    sublineParts = headline === recipient.name ? [] : [`For ${recipient.phrase}`];
  } else if (recipient.relation) {
    headline = `World's Best ${recipient.relation}`;
    sublineParts = [slogan];
  } else {
    headline = slogan || 'Good Vibes Only';
    sublineParts = [];
  }
  headline = shorten(headline, MAX_HEADLINE);
  const subline = joinPhrases(notRepeating(sublineParts.filter(Boolean), headline));
  return { headline, subline };
}
