import { ART_STYLES } from '@tshirt/shared/catalog';
import { createArtwork } from '../index';
import { emojiLibrary } from '../library/emojiIndex';
import { motifById, motifName } from '../motifs';
import { createRandom } from '../random';
import { normaliseFields } from './fields';
import { chooseSubject } from './subject';

const drawn = (svg: string) => new Set([...svg.matchAll(/class="motif-([a-z-]+)"/g)].map((match) => match[1]));

/** What a shopper types, and the motif that must be the main subject. */
const SUBJECTS_BY_KIND: ReadonlyArray<[string, string]> = [
  ['golden retriever', 'golden-retriever'],
  ['black lab', 'labrador'],
  ['german shepherds', 'german-shepherd'],
  ['wiener dog', 'dachshund'],
  ['corgis', 'corgi'],
  ['pug life', 'pug'],
  ['huskies', 'husky'],
  ['beagle', 'beagle'],
  ['poodles', 'poodle'],
  ['english bulldog', 'bulldog'],
  ['frenchie', 'french-bulldog'],
  ['pit bulls', 'pit-bull'],
  ['chihuahua', 'chihuahua'],
  ['tabby cat', 'tabby-cat'],
  ['siamese', 'siamese-cat'],
  ['maine coon', 'maine-coon'],
  ['persian cats', 'persian-cat'],
  ['sphynx', 'sphynx-cat'],
  ['calico', 'calico-cat'],
  ['swimming', 'person-swimming'],
  ['swim team', 'person-swimming'],
  ['gymnastics', 'person-cartwheeling'],
  ['cheerleading', 'megaphone'],
  ['cheer mom', 'megaphone'],
  ['tacos', 'taco'],
];

/** A drawing by id: the library's, else the engine's own (the breeds the library lacks). */
const drawingById = (id: string) => emojiLibrary()?.motif(id) ?? motifById(id);

describe('subjects by kind: dog breeds, cats, athletes', () => {
  it.each(SUBJECTS_BY_KIND)('draws "%s" as %s in every style, and the description names it', (interests, id) => {
    expect(chooseSubject(normaliseFields({ interests }), createRandom(1), { variants: false }).hero?.id).toBe(id);
    const motif = drawingById(id);
    expect(motif).toBeDefined();
    for (const style of ART_STYLES) {
      const { svg, description } = createArtwork({ interests, colors: '', target: '', occasion: '', objects: '', style }, 3);
      expect({ style, drawn: drawn(svg).has(id) }).toEqual({ style, drawn: true });
      expect(description.toLowerCase()).toContain(motifName(motif!).toLowerCase());
    }
  });

  it('draws a golden retriever, never the generic puppy, and the breed keeps the scene it was asked for', () => {
    for (const style of ART_STYLES) {
      const { svg, description } = createArtwork({ interests: 'golden retriever, hiking', colors: '', target: '', occasion: '', objects: '', style }, 8);
      expect(drawn(svg)).toContain('golden-retriever');
      expect(drawn(svg)).not.toContain('dog');
      expect(description).toMatch(/^A golden retriever with a hiking boot/);
    }
  });

  it('still draws the friendly generic dog for dogs, puppies and dog moms', () => {
    for (const interests of ['dogs', 'puppies', 'dog mom']) {
      expect(['dog', 'dog-face']).toContain(chooseSubject(normaliseFields({ interests }), createRandom(1)).hero?.id);
    }
  });

  it('gives every breed its own drawing', () => {
    const breeds = SUBJECTS_BY_KIND.map(([, id]) => drawingById(id)).filter((motif) => motif?.category === 'animals');
    const drawings = new Set(breeds.map((motif) => JSON.stringify(motif?.parts)));
    expect(drawings.size).toBe(breeds.length);
    expect(drawings).not.toContain(JSON.stringify(drawingById('dog')?.parts));
  });

  it('keeps "cheers" for a toast, not a cheerleader', () => {
    expect(chooseSubject(normaliseFields({ interests: 'cheers' }), createRandom(1)).hero?.id).toBe('clinking-beer-mugs');
  });
});
