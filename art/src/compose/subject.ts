/**
 * What the artwork shows. The shopper's interests and must-have objects choose the subject and
 * the scene around it; the occasion only adds decoration (a birthday's balloons), and who it is for
 * only shapes the lettering. Words no motif draws stay words: they are written, never swapped for
 * an unrelated picture.
 */
import { searchSubjects, type SubjectSearch } from '../library/findSubjects';
import { emojiLibrary } from '../library/emojiIndex';
import { motifById, type Motif } from '../motifs';
import type { Random } from '../random';
import type { ArtFields } from './fields';

export interface Subject {
  /** The main subject, drawn largest; absent when no interest or object is drawable. */
  hero?: Motif;
  /** Ground the hero stands on or leaps over (mountains, waves, a road). */
  land?: Motif;
  /** Hangs behind the hero (sun, moon, planet). */
  sky?: Motif;
  /** Other subjects the shopper asked for, drawn beside the hero in the same scene. */
  companions: Motif[];
  /** Small decoration the occasion suggests, never the subject. */
  decoration?: Motif;
  /** The hero is an ornament (sparkles) around lettering: nothing drawable was asked for. */
  ornament?: boolean;
  /** Theme words nothing draws: reported to the shopper, never swapped for an invented subject. */
  undrawn: string[];
  /** The shopper's words, as typed, each drawn as one subject ("rock & roll"): one theme to the lettering. */
  drawnPhrases: string[];
}

/** Who-it-is-for and occasion words: they shape the lettering even when typed as interests. */
const PEOPLE_AND_OCCASION_WORDS = new Set([
  'dad', 'daddy', 'father', 'papa', 'pop', 'pops', 'mom', 'mommy', 'mum', 'mother', 'mama', 'grandpa',
  'grandma', 'granddad', 'grandad', 'granny', 'nana', 'grandmother', 'grandfather', 'gramps', 'husband',
  'wife', 'brother', 'sister', 'uncle', 'aunt', 'auntie', 'son', 'daughter', 'friend', 'bestie', 'kid',
  'kids', 'boy', 'girl', 'baby', 'birthday', 'bday', 'retirement', 'retired', 'retiring', 'anniversary',
  'wedding', 'gift', 'present', 'congrats', 'congratulations', 'party', 'celebration',
  'papá', 'mamá', 'abuelo', 'abuela', 'hermano', 'hermana', 'hijo', 'hija', 'esposo', 'esposa', 'amigo', 'amiga',
  'vater', 'mutter', 'vati', 'mutti', 'opa', 'oma', 'bruder', 'schwester', 'sohn', 'tochter', 'freund', 'freundin',
  'père', 'mère', 'papi', 'mamie', 'papy', 'frère', 'sœur', 'fils', 'fille', 'ami', 'amie',
  'pai', 'mãe', 'avô', 'avó', 'irmão', 'irmã', 'filho', 'filha', 'cumpleaños', 'geburtstag', 'anniversaire', 'aniversário',
  'お父さん', 'お母さん', '父', '母', '誕生日',
]);

/** The decoration each occasion calls for: the library's drawing, else the engine's own. */
const OCCASION_DECORATION: ReadonlyArray<[RegExp, string, string]> = [
  [/x-?mas|christmas|noel|navidad|weihnacht|natal|holiday/, 'christmas-tree', 'christmas-tree'],
  [/halloween/, 'jack-o-lantern', 'pumpkin'],
  [/thanksgiving/, 'turkey', 'turkey'],
  [/easter|pascua|ostern|p[aâ]ques/, 'rabbit', 'easter-egg'],
  [/patrick/, 'shamrock', 'shamrock'],
  [/valentine|anniversary|wedding|married|love|aniversario|boda|hochzeit|mariage/, 'red-heart', 'heart'],
  [/graduat|\bgrad\b|graduaci|abschluss|dipl[oô]me/, 'graduation-cap', 'grad-cap'],
  [/new ?year|fourth|4th|independence|july|a[nñ]o nuevo|silvester/, 'fireworks', 'firework'],
  [/birth ?day|\bbday\b|party|cumplea|geburtstag|anniversaire|anivers[aá]rio|誕生日/, 'balloon', 'balloons'],
  [/retire|congrat|promotion|new job|jubila|ruhestand|retraite/, 'glowing-star', 'star'],
];

function decorationFor(occasion: string): Motif | undefined {
  const lower = occasion.toLowerCase();
  const library = emojiLibrary();
  for (const [pattern, icon, id] of OCCASION_DECORATION) {
    if (pattern.test(lower)) return library?.motif(icon) ?? motifById(id);
  }
  return undefined;
}

function subjectText(text: string): string {
  return text
    .split(/([^\p{L}\p{N}'-]+)/u)
    .map((word) => (PEOPLE_AND_OCCASION_WORDS.has(word.toLowerCase().replace(/'s?$/, '')) ? ' ' : word))
    .join('');
}

/** What the objects (musts, first) and interests draw, and the words nothing draws. */
export function searchRequest(fields: Pick<ArtFields, 'objects' | 'interests'>): SubjectSearch {
  return searchSubjects(`${subjectText(fields.objects)} , ${subjectText(fields.interests)}`);
}

/** The motifs a search draws, one per phrase: the seed may pick another variant of each. */
function searchMotifs(search: SubjectSearch, random: Random, variants: boolean): Motif[] {
  const motifs: Motif[] = [];
  for (const found of search.found) {
    const [first, ...more] = found.motifs;
    const choice = variants && found.variants.length > 0 && random.chance(0.4) ? random.pick(found.variants) : first;
    for (const motif of [choice, ...more]) if (motif && !motifs.some((known) => known.id === motif.id)) motifs.push(motif);
  }
  return motifs;
}

/**
 * Objects first (they are musts), then interests in the order typed; `variants: false` keeps each
 * phrase's best drawing (what the theme benchmark judges), else the seed may pick another.
 */
export function chooseSubject(fields: ArtFields, random: Random, { variants = true } = {}): Subject {
  const search = searchRequest(fields);
  const motifs = searchMotifs(search, random, variants);
  const decoration = decorationFor(fields.occasion);
  const subject: Subject = { companions: [], undrawn: search.notUnderstood, drawnPhrases: search.found.map((found) => found.words) };
  const actors = motifs.filter((motif) => motif.place === undefined);
  subject.hero = actors[0] ?? motifs[0];
  for (const motif of motifs) {
    if (motif === subject.hero) continue;
    if (motif.place === 'land' && !subject.land) subject.land = motif;
    else if (motif.place === 'sky' && !subject.sky) subject.sky = motif;
    else if (motif.place === undefined && subject.companions.length < 2) subject.companions.push(motif);
  }
  if (!subject.hero) {
    // Nothing drawable was asked for: the occasion's own picture, else lettering around an
    // ornament in the colours — never a subject nobody asked for.
    subject.hero = decoration ?? emojiLibrary()?.motif('sparkles') ?? motifById('star');
    subject.ornament = decoration === undefined;
    return subject;
  }
  if (decoration && decoration !== subject.hero && !subject.companions.includes(decoration)) {
    subject.decoration = decoration;
  }
  return subject;
}

/** The subject's motifs, hero first: what a style that draws one picture should draw. */
export function subjectMotifs(subject: Subject): Motif[] {
  return [subject.hero, ...subject.companions, subject.land, subject.sky].filter((motif): motif is Motif => motif !== undefined);
}
