/**
 * What the artwork shows. The shopper's interests and must-have objects choose the subject and
 * the scene around it; the occasion only adds decoration (a birthday's balloons), and who it is for
 * only shapes the lettering. Words no motif draws stay words: they are written, never swapped for
 * an unrelated picture.
 */
import { findMotifs, motifById, MOTIFS, type Motif } from '../motifs';
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
  /** Theme words nothing draws; they are written in the lettering. */
  undrawn: string[];
}

/** Who-it-is-for and occasion words: they shape the lettering even when typed as interests. */
const PEOPLE_AND_OCCASION_WORDS = new Set([
  'dad', 'daddy', 'father', 'papa', 'pop', 'pops', 'mom', 'mommy', 'mum', 'mother', 'mama', 'grandpa',
  'grandma', 'granddad', 'grandad', 'granny', 'nana', 'grandmother', 'grandfather', 'gramps', 'husband',
  'wife', 'brother', 'sister', 'uncle', 'aunt', 'auntie', 'son', 'daughter', 'friend', 'bestie', 'kid',
  'kids', 'boy', 'girl', 'baby', 'birthday', 'bday', 'retirement', 'retired', 'retiring', 'anniversary',
  'wedding', 'gift', 'present', 'congrats', 'congratulations', 'party', 'celebration',
]);

/** The decoration each occasion calls for (ids from the motif library). */
const OCCASION_DECORATION: ReadonlyArray<[RegExp, string]> = [
  [/x-?mas|christmas|noel|holiday/, 'christmas-tree'],
  [/halloween/, 'pumpkin'],
  [/thanksgiving/, 'turkey'],
  [/easter/, 'easter-egg'],
  [/patrick/, 'shamrock'],
  [/valentine|anniversary|wedding|married|love/, 'heart'],
  [/graduat|\bgrad\b/, 'grad-cap'],
  [/new ?year|fourth|4th|independence|july/, 'firework'],
  [/birth ?day|\bbday\b|party/, 'balloons'],
  [/retire|congrat|promotion|new job/, 'star'],
];

function decorationFor(occasion: string): Motif | undefined {
  const lower = occasion.toLowerCase();
  for (const [pattern, id] of OCCASION_DECORATION) if (pattern.test(lower)) return motifById(id);
  return undefined;
}

function subjectText(text: string): string {
  return text
    .split(/([^A-Za-z0-9']+)/)
    .map((word) => (PEOPLE_AND_OCCASION_WORDS.has(word.toLowerCase().replace(/'s?$/, '')) ? ' ' : word))
    .join('');
}

/** Objects first (they are musts), then interests in the order typed. */
export function chooseSubject(fields: ArtFields, random: Random): Subject {
  const found = findMotifs(`${subjectText(fields.objects)} , ${subjectText(fields.interests)}`);
  const motifs = found.motifs;
  const decoration = decorationFor(fields.occasion);
  const subject: Subject = { companions: [], undrawn: found.unknownWords };
  const actors = motifs.filter((motif) => motif.place === undefined);
  subject.hero = actors[0] ?? motifs[0];
  for (const motif of motifs) {
    if (motif === subject.hero) continue;
    if (motif.place === 'land' && !subject.land) subject.land = motif;
    else if (motif.place === 'sky' && !subject.sky) subject.sky = motif;
    else if (motif.place === undefined && subject.companions.length < 2) subject.companions.push(motif);
  }
  const nothingTyped = `${fields.objects}${fields.interests}`.trim() === '';
  if (!subject.hero && nothingTyped) {
    // Nothing to show was asked for: the occasion's own picture, else any motif, is the subject.
    subject.hero = decoration ?? random.pick(MOTIFS.filter((motif) => motif.place === undefined));
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
