/** The eight pre-made designs: each drawn by the engine from a fixed prompt, seed and title. */
import { DEFAULT_SHIRT_COLOR, PREMADE_DESIGNS, type ShirtColor } from '@tshirt/shared/catalog';
import { generateArtwork, type ArtFields } from '../compose/generateArtwork';

interface PremadeRecipe {
  fields: Omit<ArtFields, 'target' | 'occasion'>;
  seed: number;
  subline: string;
}

/** Keyed by the catalog's ids; the catalog's titles become the headlines. */
const RECIPES: Readonly<Record<string, PremadeRecipe>> = {
  'sunset-surf': {
    fields: { objects: 'wave', interests: 'surfing palm', colors: 'sunset', style: 'Photorealistic' },
    seed: 21,
    subline: 'Ride the golden hour',
  },
  'mountain-trail': {
    fields: { objects: 'mountain', interests: 'hiking', colors: 'forest', style: 'Minimalist' },
    seed: 4,
    subline: 'The mountains are calling',
  },
  'retro-mixtape': {
    fields: { objects: 'cassette', interests: 'music vinyl headphones', colors: 'retro', style: 'Cartoon' },
    seed: 3,
    subline: 'Side A · Side B',
  },
  'cosmic-cat': {
    fields: { objects: 'cat', interests: 'moon stars', colors: 'galaxy', style: 'Oil Painting' },
    seed: 5,
    subline: 'Purring among the stars',
  },
  'coffee-first': {
    fields: { objects: 'coffee', interests: 'morning', colors: 'chocolate, coral', style: 'Sketch' },
    seed: 2,
    subline: 'Then everything else',
  },
  'street-heart': {
    fields: { objects: 'heart', interests: 'love crown', colors: 'hot pink, cyan, yellow', style: 'Graffiti' },
    seed: 9,
    subline: 'Love is loud',
  },
  'botanical-sketch': {
    fields: { objects: 'flower', interests: 'leaf butterfly', colors: 'sage, olive, coral', style: 'Sketch' },
    seed: 14,
    subline: 'Grow gently',
  },
  'moonlit-wolf': {
    fields: { objects: 'wolf', interests: 'moon', colors: '', style: 'Black and White' },
    seed: 8,
    subline: 'Run with the moon',
  },
};

const rendered = new Map<string, string>();

/** Drawn once per design and shirt colour (8 × 8 at most), then served from memory. */
export function premadeDesign(id: string, shirt: ShirtColor = DEFAULT_SHIRT_COLOR): string | undefined {
  const design = PREMADE_DESIGNS.find((candidate) => candidate.id === id);
  const recipe = design && Object.hasOwn(RECIPES, id) ? RECIPES[id] : undefined;
  if (!design || !recipe) return undefined;
  const key = `${id}/${shirt}`;
  const cached = rendered.get(key);
  if (cached) return cached;
  const svg = generateArtwork({ ...recipe.fields, target: '', occasion: '' }, recipe.seed, {
    shirt,
    lettering: { headline: design.title, subline: recipe.subline },
  });
  rendered.set(key, svg);
  return svg;
}
