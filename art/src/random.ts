/** Seeded randomness: every choice the engine makes flows from one of these, so a seed replays a design. */

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  range(min: number, max: number): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  /** An independent stream for one concern, so adding a draw in one place does not reshuffle the rest. */
  fork(label: string): Random;
}

/** FNV-1a: a stable 32-bit hash of text, used to fold words into seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: tiny, fast and good enough for composition choices. */
export function createRandom(seed: number): Random {
  let state = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('Cannot pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (probability) => next() < probability,
    shuffle: (items) => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const swap = Math.floor(next() * (index + 1));
        [copy[index], copy[swap]] = [copy[swap] as (typeof copy)[number], copy[index] as (typeof copy)[number]];
      }
      return copy;
    },
    fork: (label) => createRandom((hashString(label) ^ Math.floor(next() * 4294967296)) >>> 0),
  };
  return random;
}
