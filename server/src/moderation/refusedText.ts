/**
 * Whether a piece of text holds words a print shop would refuse to print: obscene, hateful or
 * violent words, slurs and hate codes, however spelled (leetspeak, look-alike letters, repeated,
 * masked or spaced letters). The filter library (obscenity, with its English list) does the
 * matching; the store adds its own list (./storeWordList) and the spellings the library does not
 * undo: letters spaced or dotted apart, and masks standing for more than one letter.
 */
import {
  DataSet,
  RegExpMatcher,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
} from 'obscenity';
import {
  ALLOWED_TERMS,
  EIGHTY_EIGHT,
  HATE_CONTEXT_OF_88,
  LIBRARY_WORDS_ALLOWED,
  REFUSED_CODES,
  REFUSED_PATTERNS,
} from './storeWordList';

const dataset = new DataSet<{ originalWord?: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => LIBRARY_WORDS_ALLOWED.includes(phrase.metadata?.originalWord ?? ''));
for (const refused of REFUSED_PATTERNS) {
  dataset.addPhrase((phrase) => phrase.addPattern(parseRawPattern(refused)));
}
for (const allowed of ALLOWED_TERMS) {
  dataset.addPhrase((phrase) => phrase.addWhitelistedTerm(allowed));
}

const matcher = new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });

/** Words spelled with a mask for one or more letters (f**k, a**hole, n*gger), as a shop reads them. */
const MASKABLE_WORDS = [
  'fuck',
  'shit',
  'cunt',
  'bitch',
  'asshole',
  'nigger',
  'nigga',
  'whore',
  'slut',
  'cock',
  'dick',
  'pussy',
  'twat',
  'wank',
  'nazi',
  'faggot',
  'bastard',
  'penis',
  'porn',
  'dildo',
  'hitler',
  'kike',
  'piss',
];

const MASK = /[*#%]/u;
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** Single letters set apart by spaces, dots, dashes or the like: "f u c k", "n.a.z.i", "k-k-k". */
const SPACED_LETTERS =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}](?:[\s._\-·•|~/\\,+]+[\p{L}\p{N}](?![\p{L}\p{N}])){2,}/gu;
/** Dots and the like inside a word: "fu_ck", "sh.it". */
const INNER_SEPARATORS = /(?<=\p{L})[._·•~^]+(?=\p{L})/gu;

/** Whether `token` spells `word` (somewhere in it) with at least one mask in the word's place. */
function masksWord(token: string, word: string): boolean {
  for (let start = 0; start + word.length <= token.length; start += 1) {
    if (MASK.test(token[start]!)) continue;
    let masks = 0;
    let letters = 0;
    for (let index = 0; index < word.length; index += 1) {
      const character = token[start + index]!;
      if (MASK.test(character)) masks += 1;
      else if (character === word[index]) letters += 1;
      else break;
    }
    if (masks === 0 || masks + letters !== word.length) continue;
    // One letter and the rest masked ("f***") only at the start of a word, for words of four or more.
    const startsWord = start === 0 || !/\p{L}/u.test(token[start - 1]!);
    if (letters >= 2 || (startsWord && word.length >= 4)) return true;
  }
  return false;
}

function hasMaskedWord(text: string): boolean {
  if (!MASK.test(text)) return false;
  return text
    .split(/\s+/u)
    .filter((token) => MASK.test(token))
    .map((token) => [...token].map((character) => LEET[character] ?? character).join(''))
    .some((token) => MASKABLE_WORDS.some((word) => masksWord(token, word)));
}

function hasHateCode(text: string): boolean {
  if (REFUSED_CODES.some((code) => code.test(text))) return true;
  return EIGHTY_EIGHT.test(text) && HATE_CONTEXT_OF_88.test(text);
}

/** The ways of reading `text` that are checked: as typed, letters spaced apart joined, inner dots dropped. */
function readings(text: string): string[] {
  const typed = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/gu, 'ss')
    .replace(/\s+/gu, ' ')
    .trim();
  const joined = typed.replace(SPACED_LETTERS, (run) => run.replace(/[^\p{L}\p{N}]+/gu, ''));
  const unseparated = joined.replace(INNER_SEPARATORS, '');
  return [...new Set([typed, joined, unseparated])];
}

/** True when `text` holds something a print shop would refuse to print. */
export function isRefusedText(text: string): boolean {
  if (text.trim() === '') return false;
  return readings(text).some(
    (reading) => matcher.hasMatch(reading) || hasHateCode(reading) || hasMaskedWord(reading),
  );
}
