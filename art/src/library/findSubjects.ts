/**
 * Finds what to draw in the shopper's words, in any language the library's keywords cover: the
 * longest phrase first ("ice cream", "t rex", "rock & roll"), then each word and its plain plural or verb forms;
 * text written without spaces (猫とサッカー) is read by its longest keywords. A phrase between commas
 * or "and" that nothing draws is reported as not understood, never swapped for an invented subject.
 */
import { findMotifs, motifForWord, type Motif } from '../motifs';
import { CAT_BREED_MOTIFS } from '../motifs/library/catBreeds';
import { DOG_BREED_MOTIFS } from '../motifs/library/dogBreeds';
import { emojiLibrary, foldKey, LEAST_SCORE, type EmojiLibrary, type KeywordHit } from './emojiIndex';
import { THEME_ICONS } from './themeWords';

/** Words that carry no subject, in the languages shoppers write most. */
const FILLER_WORDS = new Set([
  'a', 'an', 'and', 'the', 'of', 'for', 'with', 'my', 'our', 'his', 'her', 'their', 'in', 'on', 'at', 'to',
  'is', 'are', 'who', 'that', 'this', 'loves', 'love of', 'likes', 'like', 'enjoys', 'into', 'very', 'really', 'lot', 'lots',
  'some', 'all', 'any', 'or', 'but', 'so', 'it', 'its', 'be', 'by', 'from', 'as', 'he', 'she', 'they', 'i',
  'me', 'we', 'you', 'your', 'plus', 'also', 'too', 'big', 'fan', 'fans', 'lover', 'lovers', 'stuff', 'things',
  'thing', 'style', 'theme', 'art', 'shirt', 'tshirt', 't', 'design', 'cool', 'awesome', 'nice', 'please', 'obsessed',
  'y', 'e', 'o', 'el', 'la', 'los', 'las', 'un', 'una', 'de', 'del', 'con', 'por', 'para', 'mi', 'mis', 'su', 'sus',
  'und', 'der', 'die', 'das', 'ein', 'eine', 'mit', 'von', 'fur', 'mein', 'meine', 'oder',
  'et', 'le', 'les', 'une', 'des', 'du', 'avec', 'pour', 'mon', 'ma', 'mes', 'ou',
  'os', 'as', 'um', 'uma', 'do', 'da', 'dos', 'das', 'com', 'meu', 'minha', 'ed', 'il', 'lo', 'gli', 'di',
  'under', 'over', 'above', 'below', 'about', 'around', 'through', 'after', 'before', 'when', 'where', 'while',
  'love', 'adores', 'adore', 'play', 'plays', 'playing', 'go', 'goes', 'going', 'enjoy', 'enjoying', 'has', 'have',
  'favorite', 'favourite', 'good', 'great', 'best', 'old', 'new', 'little', 'vibes', 'life', 'time', 'day', 'night',
  'crazy', 'funny', 'cute', 'happy', 'retro', 'vintage', 'lady', 'guy', 'man', 'woman', 'men', 'women', 'people',
]);

/** Words between which one interest ends and the next begins. */
const CONJUNCTIONS = new Set(['and', 'y', 'e', 'und', 'et', 'or', 'o', 'oder', 'ou', 'en', 'og', 'och', 'i', 'plus', 'with', 'con', 'mit', 'avec', 'com']);

/** Scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

export interface FoundSubject {
  /** The shopper's words that called it up, as typed. */
  words: string;
  /** What to draw for them (the best first; a second when the subject takes two, e.g. k-pop). */
  motifs: Motif[];
  /** Other drawings as right for these words (another variant for a re-generation). */
  variants: Motif[];
}

export interface SubjectSearch {
  found: FoundSubject[];
  /** Words, as typed, of each phrase that nothing could draw. */
  notUnderstood: string[];
}

/** The spellings a word might be listed under: itself, then its likely singular or stem. */
function wordForms(word: string): string[] {
  const forms = [word];
  const add = (...candidates: string[]) => {
    for (const form of candidates) if (form.length >= 3 && !forms.includes(form)) forms.push(form);
  };
  if (word.endsWith('ies') && word.length > 4) add(`${word.slice(0, -3)}y`);
  if (word.endsWith('ves')) add(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith('es')) add(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) add(word.slice(0, -1));
  if (word.endsWith('x')) add(word.slice(0, -1));
  if (word.endsWith('ing') && word.length > 5) {
    const stem = word.slice(0, -3);
    add(stem);
    add(`${stem}e`);
    add(`${stem}er`);
    if (/(.)\1$/.test(stem)) add(stem.slice(0, -1));
  }
  if (word.endsWith('ers') && word.length > 5) add(word.slice(0, -3), word.slice(0, -1));
  if (word.endsWith('er') && word.length > 4) add(word.slice(0, -2), `${word.slice(0, -2)}ing`);
  if (word.endsWith('en') && word.length > 4) add(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith('n') && word.length > 4) add(word.slice(0, -1));
  if (word.endsWith('e') && word.length > 4) add(word.slice(0, -1));
  // An adjective's noun: "stormy" sea, "windy" day.
  if (word.endsWith('y') && word.length > 4) add(word.slice(0, -1));
  return forms;
}

function motifsFor(library: EmojiLibrary, icons: readonly string[]): Motif[] {
  return icons.flatMap((icon) => library.motif(icon) ?? []);
}

/**
 * Breeds the library has no drawing of (it has one dog, one cat): the engine's own breed drawings,
 * by their keywords written without spaces ("goldenretriever", "mainecoon").
 */
const BREEDS: ReadonlyMap<string, Motif> = new Map(
  [...DOG_BREED_MOTIFS, ...CAT_BREED_MOTIFS]
    .filter((motif) => motif.id !== 'poodle')
    .flatMap((motif) => [motif.id.replace(/-/g, ''), ...motif.keywords].map((keyword) => [keyword, motif] as const)),
);

/** The curated table by folded key ("new year's eve" is looked up as "new year s eve"). */
const THEMES_BY_KEY: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(THEME_ICONS).flatMap(([phrase, icons]) => [
    [foldKey(phrase), icons],
    [foldKey(phrase).replace(/ /g, ''), icons],
  ]),
);

/** What a phrase (folded) draws, or undefined. */
function lookUp(library: EmojiLibrary, phrase: string, single: boolean): Omit<FoundSubject, 'words'> | undefined {
  // A phrase's last word may be plural too: "hot peppers" is listed as "hot pepper".
  const lastSpace = phrase.lastIndexOf(' ');
  const forms = single
    ? wordForms(phrase)
    : [phrase, phrase.replace(/ /g, ''), ...wordForms(phrase.slice(lastSpace + 1)).slice(1).map((last) => `${phrase.slice(0, lastSpace)} ${last}`)];
  const breed = BREEDS.get(phrase.replace(/ /g, ''));
  if (breed) return { motifs: [breed], variants: [] };
  for (const form of forms) {
    const curated = THEMES_BY_KEY.get(form);
    if (curated) {
      const motifs = motifsFor(library, curated);
      if (motifs.length > 0) return { motifs, variants: [] };
    }
  }
  // Every form competes, the word as typed ahead, a plain plural's singular close behind ("llamas"
  // is a llama, not Spanish flames), a cut-off ending far behind ("ramen" is no ram).
  let best: { hits: readonly KeywordHit[]; score: number } | undefined;
  forms.forEach((form, index) => {
    const hits = library.lookup(form).filter((hit) => library.motif(hit.icon) !== undefined);
    const plural = form.length >= phrase.length - 3 && /(?:s|es|ies)$/.test(phrase) && phrase.startsWith(form.slice(0, -1));
    const score = (hits[0]?.score ?? 0) * (index === 0 ? 1 : plural ? 0.9 : 0.45);
    if (score >= LEAST_SCORE && score > (best?.score ?? 0)) best = { hits, score };
  });
  if (!best) return undefined;
  const [first, ...others] = best.hits as [KeywordHit, ...KeywordHit[]];
  return { motifs: motifsFor(library, [first.icon]), variants: motifsFor(library, others.slice(0, 2).map((hit) => hit.icon)) };
}

/** Keywords found inside a run of unspaced script, longest first. */
function lookUpUnspaced(library: EmojiLibrary, run: string): Array<Omit<FoundSubject, 'words'> & { words: string }> {
  const characters = [...run];
  const found: Array<Omit<FoundSubject, 'words'> & { words: string }> = [];
  let index = 0;
  while (index < characters.length) {
    let matched = 0;
    for (let length = Math.min(library.longestKey, characters.length - index); length >= 1 && matched === 0; length -= 1) {
      const piece = characters.slice(index, index + length).join('');
      // A lone kana is a particle (の, と, が), not a word.
      if (length === 1 && !/\p{Script=Han}/u.test(piece)) continue;
      const hit = lookUp(library, foldKey(piece), false);
      if (hit) {
        found.push({ words: piece, ...hit });
        matched = length;
      }
    }
    index += Math.max(matched, 1);
  }
  return found;
}

/** The folded key, "&" read as the word "and". */
function foldAmpersand(text: string): string {
  return foldKey(text.replace(/&/g, ' and '));
}

function searchLibrary(library: EmojiLibrary, text: string): SubjectSearch {
  const found: FoundSubject[] = [];
  const notUnderstood: string[] = [];
  for (const segment of text.split(/[,;/+\n、，・]+/)) {
    // "&" is a word, read as "and": a phrase across it ("rock & roll", "mac & cheese") is tried whole
    // before its words, and where none is, it still parts one interest from the next.
    const tokens = segment.match(/[\p{L}\p{N}][\p{L}\p{N}'’\-]*|&/gu) ?? [];
    let groupFound = false;
    let groupWords: string[] = [];
    const endGroup = () => {
      if (!groupFound) notUnderstood.push(...groupWords);
      groupFound = false;
      groupWords = [];
    };
    for (let index = 0; index < tokens.length; ) {
      let matched = 0;
      for (let length = Math.min(4, tokens.length - index); length >= 1 && matched === 0; length -= 1) {
        const words = tokens.slice(index, index + length);
        const phrase = foldAmpersand(words.join(' '));
        // A lone Latin letter or a number names nothing ("x", "#1"); a lone Han character may ("猫").
        if (length === 1 && (FILLER_WORDS.has(phrase) || /^\d+$/.test(phrase) || (phrase.length < 2 && !UNSPACED.test(phrase)))) break;
        const hit = lookUp(library, phrase, length === 1);
        if (hit) {
          found.push({ words: words.join(' '), ...hit });
          groupFound = true;
          matched = length;
        }
      }
      if (matched > 0) {
        index += matched;
        continue;
      }
      const token = tokens[index] as string;
      const folded = foldAmpersand(token);
      if (CONJUNCTIONS.has(folded)) endGroup();
      else if (UNSPACED.test(token)) {
        const pieces = lookUpUnspaced(library, token);
        found.push(...pieces);
        if (pieces.length > 0) groupFound = true;
        else groupWords.push(token);
      } else if (!FILLER_WORDS.has(folded) && folded.length > 1 && !/^\d+$/.test(folded)) {
        // The engine's own keywords reach further ("beekeeping" → a bee, "maine" → a lighthouse):
        // the library's drawing of that subject where it has one, else the engine's own.
        const own = motifForWord(folded);
        const drawing = own && (lookUp(library, foldKey(own.id.replace(/-/g, ' ')), true) ?? { motifs: [own], variants: [] });
        if (drawing) {
          found.push({ words: token, ...drawing });
          groupFound = true;
        } else groupWords.push(token);
      }
      index += 1;
    }
    endGroup();
  }
  return { found, notUnderstood };
}

/** The engine's own small motif set: the search where the library is not installed (a browser). */
function searchOwnMotifs(text: string): SubjectSearch {
  const match = findMotifs(text);
  return {
    found: match.motifs.map((motif) => ({ words: motif.id, motifs: [motif], variants: [] })),
    notUnderstood: match.unknownWords,
  };
}

/** What the words draw, in the order typed, and the words nothing draws. */
export function searchSubjects(text: string): SubjectSearch {
  const library = emojiLibrary();
  return library ? searchLibrary(library, text) : searchOwnMotifs(text);
}
