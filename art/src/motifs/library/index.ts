import type { Motif } from '../motif';
import { ANIMAL_MOTIFS } from './animals';
import { CAT_BREED_MOTIFS } from './catBreeds';
import { CELEBRATION_MOTIFS } from './celebrations';
import { DOG_BREED_MOTIFS } from './dogBreeds';
import { FARM_ANIMAL_MOTIFS } from './farmAnimals';
import { FOOD_MOTIFS } from './food';
import { HOBBY_MOTIFS } from './hobbies';
import { HOLIDAY_MOTIFS } from './holidays';
import { INSTRUMENT_MOTIFS } from './instruments';
import { MEAL_MOTIFS } from './meals';
import { MUSIC_MOTIFS } from './music';
import { NATURE_MOTIFS } from './nature';
import { PASTIME_MOTIFS } from './pastimes';
import { PLACE_MOTIFS } from './places';
import { SPACE_MOTIFS } from './space';
import { SPORTS_MOTIFS } from './sports';
import { SPORTS_GEAR_MOTIFS } from './sportsGear';
import { SPORTS_PEOPLE_MOTIFS } from './sportsPeople';
import { TRAVEL_MOTIFS } from './travel';
import { VEHICLE_MOTIFS } from './vehicles';
import { WILD_ANIMAL_MOTIFS } from './wildAnimals';
import { WORK_MOTIFS } from './work';

/** Every drawn motif; order matters: when two motifs share a keyword, the earlier one wins. */
export const MOTIFS: readonly Motif[] = [
  ...ANIMAL_MOTIFS,
  ...DOG_BREED_MOTIFS,
  ...CAT_BREED_MOTIFS,
  ...FARM_ANIMAL_MOTIFS,
  ...WILD_ANIMAL_MOTIFS,
  ...NATURE_MOTIFS,
  ...SPORTS_MOTIFS,
  ...SPORTS_GEAR_MOTIFS,
  ...SPORTS_PEOPLE_MOTIFS,
  ...MUSIC_MOTIFS,
  ...INSTRUMENT_MOTIFS,
  ...FOOD_MOTIFS,
  ...MEAL_MOTIFS,
  ...TRAVEL_MOTIFS,
  ...VEHICLE_MOTIFS,
  ...PLACE_MOTIFS,
  ...SPACE_MOTIFS,
  ...HOBBY_MOTIFS,
  ...PASTIME_MOTIFS,
  ...WORK_MOTIFS,
  ...HOLIDAY_MOTIFS,
  ...CELEBRATION_MOTIFS,
];

export function motifById(id: string): Motif | undefined {
  return MOTIFS.find((motif) => motif.id === id);
}
