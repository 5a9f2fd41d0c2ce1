import {
  ART_STYLES,
  PREMADE_DESIGNS,
  QUANTITIES,
  SHIRT_COLORS,
  SHIRT_SIZES,
  SHIRT_STYLES,
  findPremadeDesignByPath,
  SIZE_CHART,
  formatPrice,
  inchesToCentimetres,
  isShirtSize,
  UNIT_PRICE_CENTS,
} from './catalog';

it('holds the spec option lists in the spec order', () => {
  expect(SHIRT_COLORS).toHaveLength(8);
  expect(SHIRT_STYLES).toEqual(["Men's", "Women's", 'Youth']);
  expect(SHIRT_SIZES).toHaveLength(9);
  expect(ART_STYLES[0]).toBe('');
  expect(ART_STYLES).toHaveLength(8);
  expect(QUANTITIES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

it('formats the unit price as the product page shows it', () => {
  expect(formatPrice(UNIT_PRICE_CENTS)).toBe('$19.99 USD');
  expect(formatPrice(UNIT_PRICE_CENTS * 3)).toBe('$59.97 USD');
});

it('lists eight pre-made designs with unique ids, found by their image path', () => {
  expect(PREMADE_DESIGNS).toHaveLength(8);
  expect(new Set(PREMADE_DESIGNS.map((design) => design.id)).size).toBe(8);
  const wolf = PREMADE_DESIGNS[7]!;
  expect(findPremadeDesignByPath(wolf.imagePath)).toBe(wolf);
  expect(findPremadeDesignByPath('/creator/designs/nope.svg')).toBeUndefined();
});

it('recognises valid sizes only', () => {
  expect(isShirtSize('6XL')).toBe(true);
  expect(isShirtSize('7XL')).toBe(false);
});

it('measures every size of every style, each size larger than the one before', () => {
  for (const style of SHIRT_STYLES) {
    const sizes = SHIRT_SIZES.map((size) => SIZE_CHART[style][size]);
    for (const [index, size] of sizes.entries()) {
      expect([style, index, size.chestWidth > 10, size.bodyLength > size.chestWidth]).toEqual([
        style,
        index,
        true,
        true,
      ]);
      const smaller = sizes[index - 1];
      if (smaller) expect(size.chestWidth).toBeGreaterThan(smaller.chestWidth);
      if (smaller) expect(size.bodyLength).toBeGreaterThan(smaller.bodyLength);
    }
  }
  expect(SIZE_CHART["Men's"].M).toEqual({ chestWidth: 20, bodyLength: 29 });
});

it('gives the chart in whole centimetres', () => {
  expect(inchesToCentimetres(20)).toBe(51);
  expect(inchesToCentimetres(16.5)).toBe(42);
  expect(inchesToCentimetres(36)).toBe(91);
});
