import { ART_STYLES } from '@tshirt/shared/catalog';
import { generateArtworkSvg } from '../index';
import { createRandom } from '../random';
import { normaliseFields } from './fields';
import { chooseSubject } from './subject';
import { measureThemeCoverage } from './themeCoverage';

const subjectOf = (fields: Parameters<typeof normaliseFields>[0]) => chooseSubject(normaliseFields(fields), createRandom(1));
const drawn = (svg: string) => new Set([...svg.matchAll(/class="motif-([a-z-]+)"/g)].map((match) => match[1]));

/** The requests shoppers reported, with the subject each must show. */
const FIXED_EXAMPLES = [
  { request: { interests: 'fishing and mountains', target: 'Grandpa', occasion: 'retirement' }, hero: 'fish', land: 'mountain', never: 'crown' },
  { request: { interests: 'grandpa, fishing and mountains, retirement' }, hero: 'fish', land: 'mountain', never: 'crown' },
  { request: { interests: 'dinosaurs, tacos', target: 'my son Leo', occasion: 'birthday' }, hero: 'dinosaur', companion: 'taco', never: 'cake' },
  { request: { interests: 'motorcycles, open road, route 66' }, hero: 'motorcycle', land: 'road', never: 'van' },
  { request: { interests: 'lighthouse, stormy sea' }, hero: 'lighthouse', land: 'wave' },
  { request: { interests: 'golden retriever' }, hero: 'golden-retriever', never: 'dog' },
] as const;

describe('the subject of the artwork', () => {
  it.each(FIXED_EXAMPLES.map((example) => [example.request.interests, example] as const))(
    'draws what "%s" asks for in every style, the occasion never replacing it',
    (_, example) => {
      const subject = subjectOf(example.request);
      expect(subject.hero?.id).toBe(example.hero);
      if ('land' in example) expect(subject.land?.id).toBe(example.land);
      if ('companion' in example) expect(subject.companions.map((motif) => motif.id)).toContain(example.companion);
      for (const style of ART_STYLES) {
        for (const seed of [1, 2]) {
          const motifs = drawn(generateArtworkSvg({ colors: '', objects: '', target: '', occasion: '', ...example.request, style }, seed));
          expect(motifs).toContain(example.hero);
          if ('land' in example) expect(motifs).toContain(example.land);
          if ('never' in example) expect(motifs).not.toContain(example.never);
        }
      }
    },
  );

  it('lets the occasion add decoration only: a birthday for a dinosaur lover gets balloons, not a cake', () => {
    const subject = subjectOf({ interests: 'dinosaurs', occasion: 'birthday' });
    expect(subject.hero?.id).toBe('dinosaur');
    expect(subject.decoration?.id).toBe('balloons');
  });

  it('puts must-have objects first', () => {
    expect(subjectOf({ interests: 'cats', objects: 'guitar' }).hero?.id).toBe('guitar');
  });

  it('draws no unrelated picture for words it cannot draw: they stay words', () => {
    const subject = subjectOf({ interests: 'quantum entanglement', occasion: 'birthday' });
    expect(subject.hero).toBeUndefined();
    expect(subject.undrawn).toEqual(['quantum', 'entanglement']);
    const svg = generateArtworkSvg({ interests: 'quantum entanglement', colors: '', target: '', occasion: '', objects: '', style: 'Cartoon' }, 3);
    expect([...drawn(svg)].filter((id) => id !== 'balloons')).toEqual([]);
  });

  it('picks some subject when nothing at all is asked for', () => {
    expect(subjectOf({}).hero).toBeDefined();
    expect(subjectOf({ occasion: 'birthday' }).hero?.id).toBe('balloons');
  });

  it('draws the main subject of at least 90% of the popular t-shirt themes', () => {
    const coverage = measureThemeCoverage();
    expect(coverage.total).toBeGreaterThanOrEqual(150);
    expect(coverage.drawn / coverage.total).toBeGreaterThanOrEqual(0.9);
  });
});
