import { createRandom, hashString } from './random';

describe('seeded randomness', () => {
  it('replays the same sequence for the same seed', () => {
    const first = createRandom(42);
    const second = createRandom(42);
    expect(Array.from({ length: 5 }, () => first.next())).toEqual(Array.from({ length: 5 }, () => second.next()));
  });

  it('gives other numbers for another seed, always in [0, 1)', () => {
    const values = Array.from({ length: 200 }, (_, index) => createRandom(index).next());
    expect(new Set(values).size).toBe(200);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('hashes text stably', () => {
    expect(hashString('cats')).toBe(hashString('cats'));
    expect(hashString('cats')).not.toBe(hashString('dogs'));
  });
});
