/** Maps the shopper's theme words to drawn motifs: synonyms, plurals and two-word phrases included. */
import type { Motif } from './motif';
import { MOTIFS } from './library';

/** Words that carry no theme. */
const FILLER_WORDS = new Set([
  'a', 'an', 'and', 'the', 'of', 'for', 'with', 'my', 'our', 'his', 'her', 'their', 'in', 'on', 'at', 'to',
  'is', 'are', 'who', 'that', 'this', 'loves', 'likes', 'enjoys', 'into', 'very', 'really', 'lot', 'lots',
  'some', 'all', 'any', 'or', 'but', 'so', 'it', 'its', 'be', 'by', 'from', 'as', 'he', 'she', 'they', 'i',
  'me', 'we', 'you', 'your', 'plus', 'also', 'too', 'big', 'fan', 'fans', 'lover', 'lovers', 'stuff', 'things',
  'thing', 'style', 'theme', 'art', 'shirt', 'tshirt', 't', 'design', 'cool', 'awesome', 'nice', 'please',
]);

const indexByWord: ReadonlyMap<string, Motif> = (() => {
  const index = new Map<string, Motif>();
  for (const motif of MOTIFS) index.set(motif.id.replace(/-/g, ''), motif);
  for (const motif of MOTIFS) {
    for (const keyword of motif.keywords) if (!index.has(keyword)) index.set(keyword, motif);
  }
  return index;
})();

/** The spellings a word might be listed under: itself, then its likely singulars. */
function candidateForms(word: string): string[] {
  const forms = [word];
  if (word.endsWith('ies') && word.length > 4) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ves')) forms.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  if (word.endsWith('ing') && word.length > 5) forms.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  if (word.endsWith('er') && word.length > 4) forms.push(word.slice(0, -2));
  return forms;
}

/** The motif a single word calls up, if any. */
export function motifForWord(word: string): Motif | undefined {
  const clean = word.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (clean === '' || FILLER_WORDS.has(clean)) return undefined;
  for (const form of candidateForms(clean)) {
    const motif = indexByWord.get(form);
    if (motif) return motif;
  }
  return undefined;
}

export function tokenize(text: string): string[] {
  return (text.toLowerCase().normalize('NFKD').match(/[a-z0-9']+/g) ?? []).map((word) => word.replace(/'/g, ''));
}

export interface MotifMatch {
  /** Distinct motifs in the order their words appeared. */
  motifs: Motif[];
  /** Theme words no motif knows; they still steer the composition and the lettering. */
  unknownWords: string[];
}

export function findMotifs(text: string): MotifMatch {
  const words = tokenize(text);
  const motifs: Motif[] = [];
  const unknownWords: string[] = [];
  const add = (motif: Motif) => {
    if (!motifs.includes(motif)) motifs.push(motif);
  };
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const next = words[index + 1];
    // Two-word phrases first: "ice cream", "video games", "road trip".
    const phrase = next ? motifForWord(word + next) : undefined;
    if (phrase) {
      add(phrase);
      index += 1;
      continue;
    }
    const motif = motifForWord(word);
    if (motif) add(motif);
    else if (!FILLER_WORDS.has(word) && word.length > 1 && !/^\d+$/.test(word)) unknownWords.push(word);
  }
  return { motifs, unknownWords };
}
