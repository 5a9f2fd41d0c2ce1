import { findMotifs, MOTIFS, motifForWord } from '.';

describe('the motif library and its keyword index', () => {
  it('has at least 40 drawn motifs across the common gift themes', () => {
    expect(MOTIFS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MOTIFS.map((motif) => motif.id)).size).toBe(MOTIFS.length);
    const categories = new Set(MOTIFS.map((motif) => motif.category));
    for (const category of ['animals', 'nature', 'sports', 'music', 'food', 'travel', 'space', 'hobbies', 'holidays']) {
      expect(categories).toContain(category);
    }
  });

  it.each([
    ['cats', 'cat'],
    ['kitten', 'cat'],
    ['basketball', 'ball'],
    ['puppies', 'dog'],
    ['wolves', 'wolf'],
    ['leaves', 'leaf'],
    ['hiking', 'mountain'],
    ['espresso', 'coffee'],
    ['guitars', 'guitar'],
    ['Rockets!', 'rocket'],
  ])('maps "%s" to the %s motif', (word, id) => {
    expect(motifForWord(word)?.id).toBe(id);
  });

  it('finds motifs in order, joins two-word phrases and keeps unknown words', () => {
    const match = findMotifs('my neighbour loves ice cream, video games and quantum entanglement');
    expect(match.motifs.map((motif) => motif.id)).toEqual(['icecream', 'gamepad']);
    expect(match.unknownWords).toEqual(expect.arrayContaining(['neighbour', 'quantum', 'entanglement']));
  });

  it('ignores filler words and finds nothing in an empty field', () => {
    expect(findMotifs('the and for with').motifs).toEqual([]);
    expect(findMotifs('')).toEqual({ motifs: [], unknownWords: [] });
  });
});
