import type { Motif } from '../motif';
import { ANIMAL_MOTIFS } from './animals';
import { FOOD_MOTIFS } from './food';
import { HOBBY_MOTIFS } from './hobbies';
import { HOLIDAY_MOTIFS } from './holidays';
import { MUSIC_MOTIFS } from './music';
import { NATURE_MOTIFS } from './nature';
import { SPACE_MOTIFS } from './space';
import { SPORTS_MOTIFS } from './sports';
import { TRAVEL_MOTIFS } from './travel';

/** Every drawn motif; order matters: when two motifs share a keyword, the earlier one wins. */
export const MOTIFS: readonly Motif[] = [
  ...ANIMAL_MOTIFS,
  ...NATURE_MOTIFS,
  ...SPORTS_MOTIFS,
  ...MUSIC_MOTIFS,
  ...FOOD_MOTIFS,
  ...TRAVEL_MOTIFS,
  ...SPACE_MOTIFS,
  ...HOBBY_MOTIFS,
  ...HOLIDAY_MOTIFS,
];

export function motifById(id: string): Motif | undefined {
  return MOTIFS.find((motif) => motif.id === id);
}
