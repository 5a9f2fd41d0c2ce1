import { nonFiniteNumberPath } from './finiteNumbers';

describe('nonFiniteNumberPath', () => {
  it('names the first field holding Infinity, -Infinity or NaN', () => {
    expect(nonFiniteNumberPath({ quantity: Number.POSITIVE_INFINITY })).toBe('quantity');
    expect(nonFiniteNumberPath([{ value: 1 }, { value: Number.NEGATIVE_INFINITY }])).toBe(
      '1.value',
    );
    expect(nonFiniteNumberPath(Number.NaN)).toBe('');
  });

  it('finds nothing in finite numbers, text, buffers or empty values', () => {
    expect(nonFiniteNumberPath({ quantity: 9, prompt: 'Infinity', limit: -0 })).toBeUndefined();
    expect(nonFiniteNumberPath(Buffer.from('Infinity'))).toBeUndefined();
    expect(nonFiniteNumberPath(null)).toBeUndefined();
    expect(nonFiniteNumberPath(undefined)).toBeUndefined();
  });

  it('walks a deeply nested value without running out of stack', () => {
    let nested: unknown = [Number.POSITIVE_INFINITY];
    for (let depth = 0; depth < 100_000; depth += 1) nested = [nested];
    expect(nonFiniteNumberPath(nested)).toMatch(/^(0\.){100000}0$/);
  });
});
