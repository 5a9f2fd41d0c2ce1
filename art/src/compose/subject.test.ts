import { ART_STYLES } from '@tshirt/shared/catalog';
import { createArtwork, findArtSubjects, generateArtworkSvg } from '../index';
import { createRandom } from '../random';
import { normaliseFields } from './fields';
import { chooseSubject } from './subject';
import { measureThemeCoverage, readUncommonThemes } from './themeCoverage';

const subjectOf = (fields: Parameters<typeof normaliseFields>[0]) => chooseSubject(normaliseFields(fields), createRandom(1));
const drawn = (svg: string) => new Set([...svg.matchAll(/class="motif-([a-z-]+)"/g)].map((match) => match[1]));

const EMPTY = { interests: '', colors: '', style: '', target: '', occasion: '', objects: '' } as const;

/** The requests shoppers reported, with the subject each must show. */
const FIXED_EXAMPLES = [
  { request: { interests: 'fishing and mountains', target: 'Grandpa', occasion: 'retirement' }, hero: 'fishing-pole', land: 'snow-capped-mountain', never: 'crown' },
  { request: { interests: 'grandpa, fishing and mountains, retirement' }, hero: 'fishing-pole', land: 'snow-capped-mountain', never: 'crown' },
  { request: { interests: 'dinosaurs, tacos', target: 'my son Leo', occasion: 'birthday' }, hero: 't-rex', companion: 'taco', never: 'birthday-cake' },
  { request: { interests: 'motorcycles, open road, route 66' }, hero: 'motorcycle', companion: 'motorway', never: 'minibus' },
  { request: { interests: 'lighthouse, stormy sea' }, hero: 'lighthouse', land: 'water-wave' },
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
        const motifs = drawn(generateArtworkSvg({ colors: '', objects: '', target: '', occasion: '', ...example.request, style }, 1));
        expect(motifs).toContain(example.hero);
        if ('land' in example) expect(motifs).toContain(example.land);
        if ('never' in example) expect(motifs).not.toContain(example.never);
      }
    },
  );

  const CATS = ['cat', 'cat-face', 'black-cat'];
  it.each([
    ['猫', CATS],
    ['fútbol', ['soccer-ball']],
    ['Katze', CATS],
    ['chat', CATS],
    ['gato', CATS],
    ['サッカー', ['soccer-ball']],
    ['Schmetterling', ['butterfly']],
  ])('draws the subject of "%s", a word in another language', (interests, ids) => {
    const best = chooseSubject(normaliseFields({ interests }), createRandom(1), { variants: false }).hero?.id;
    expect(best).toBe(ids[0]);
    for (const seed of [1, 2, 3]) {
      const artwork = createArtwork({ ...EMPTY, interests, style: 'Cartoon' }, seed);
      expect([...drawn(artwork.svg)].filter((id) => ids.includes(id as string))).toHaveLength(1);
      expect(artwork.notUnderstood).toEqual([]);
    }
  });

  it('lets the occasion add decoration only: a birthday for a dinosaur lover gets a balloon, not a cake', () => {
    const subject = subjectOf({ interests: 'dinosaurs', occasion: 'birthday' });
    expect(subject.hero?.id).toBe('t-rex');
    expect(subject.decoration?.id).toBe('balloon');
  });

  it('puts must-have objects first', () => {
    expect(subjectOf({ interests: 'cats', objects: 'guitar' }).hero?.id).toBe('guitar');
  });

  it.each([
    ['k-pop', ['microphone', 'musical-notes']],
    ['pickleball', ['ping-pong']],
    ['axolotl', ['lizard']],
  ])('draws the nearest subject for "%s", which the library has no drawing of', (interests, ids) => {
    const subject = subjectOf({ interests });
    expect([subject.hero, ...subject.companions].map((motif) => motif?.id)).toEqual(ids);
    expect(findArtSubjects({ interests })).toEqual({ drawn: [interests], notUnderstood: [] });
  });

  it.each([
    ['rock & roll', ['guitar']],
    ['rock and roll', ['guitar']],
    ['ice cream', ['soft-ice-cream']],
    ['hot dog', ['hot-dog']],
    ['mac & cheese', ['cheese-wedge']],
    ['fish and chips', ['fish', 'french-fries']],
  ])('draws "%s" as the phrase it is, before any of its words alone', (interests, ids) => {
    const subject = subjectOf({ interests });
    expect([subject.hero, ...subject.companions].map((motif) => motif?.id)).toEqual(ids);
    expect(findArtSubjects({ interests })).toEqual({ drawn: [interests], notUnderstood: [] });
  });

  it('still reads "&" and "and" between two interests as two subjects', () => {
    expect(findArtSubjects({ interests: 'cats & coffee' }).drawn).toEqual(['cats', 'coffee']);
    expect(findArtSubjects({ interests: 'hot dogs & ice cream' }).drawn).toEqual(['hot dogs', 'ice cream']);
    expect(findArtSubjects({ interests: 'cats & zorblax' })).toEqual({ drawn: ['cats'], notUnderstood: ['zorblax'] });
  });

  it('reports the words nothing draws instead of drawing an invented subject', () => {
    expect(findArtSubjects({ interests: 'quantum entanglement' })).toEqual({ drawn: [], notUnderstood: ['quantum', 'entanglement'] });
    expect(findArtSubjects({ interests: 'cats, zorblax', objects: 'guitar' })).toEqual({ drawn: ['guitar', 'cats'], notUnderstood: ['zorblax'] });
    // A lone letter names nothing: neither drawn nor worth reporting.
    expect(findArtSubjects({ interests: 'x' })).toEqual({ drawn: [], notUnderstood: [] });
    const artwork = createArtwork({ ...EMPTY, interests: 'quantum entanglement', style: 'Cartoon' }, 3);
    expect(artwork.notUnderstood).toEqual(['quantum', 'entanglement']);
    // Lettering around an ornament: no subject nobody asked for.
    expect([...drawn(artwork.svg)]).toEqual(['sparkles']);
    expect(artwork.description).toMatch(/^Lettering with sparkles/);
  });

  it('draws the occasion, or lettering around an ornament, when no interest is given: never an invented subject', () => {
    expect(subjectOf({}).hero?.id).toBe('sparkles');
    expect(subjectOf({}).ornament).toBe(true);
    expect(subjectOf({ occasion: 'birthday' }).hero?.id).toBe('balloon');
    expect(subjectOf({ occasion: 'christmas' }).hero?.id).toBe('christmas-tree');
    expect(findArtSubjects({})).toEqual({ drawn: [], notUnderstood: [] });
    // The ornament is not a theme: the lettering does not name it.
    for (const seed of [1, 2, 3, 4]) expect(createArtwork({ ...EMPTY, style: 'Cartoon' }, seed).description).not.toMatch(/Sparkles/);
  });

  it('draws the main subject, or the nearest drawable one, of at least 85% of the uncommon themes, a fifth of them not in English', () => {
    const themes = readUncommonThemes();
    expect(themes.length).toBeGreaterThanOrEqual(100);
    expect(themes.filter((theme) => theme.category.startsWith('in ')).length).toBeGreaterThanOrEqual(20);
    const coverage = measureThemeCoverage(themes);
    expect(coverage.drawn / coverage.total).toBeGreaterThanOrEqual(0.85);
  });

  it('draws the main subject of at least 98% of the popular t-shirt themes', () => {
    const coverage = measureThemeCoverage();
    expect(coverage.total).toBeGreaterThanOrEqual(240);
    expect(coverage.drawn / coverage.total).toBeGreaterThanOrEqual(0.98);
  });
});
