import { formatPrice } from './catalog';
import {
  centsToDecimal,
  decimalToCents,
  orderAmounts,
  parseMoney,
  shippingCents,
  zoneOf,
} from './money';

const US = { countries: ['US'], firstItemCents: 499, additionalItemCents: 200 };

it('reads configured amounts as whole cents and refuses what would need rounding', () => {
  expect(parseMoney('4.99')).toBe(499);
  expect(parseMoney('5')).toBe(500);
  expect(parseMoney(' 0.10 ')).toBe(10);
  for (const bad of ['4.999', '4.9', '-1', '4,99', '1e3', '', 'NaN', '0x10']) {
    expect(parseMoney(bad)).toBeUndefined();
  }
});

it('reads a provider’s decimal amounts as exact cents, without floating-point maths', () => {
  expect(decimalToCents('12.34')).toBe(1234);
  expect(decimalToCents('12.5')).toBe(1250);
  expect(decimalToCents('7')).toBe(700);
  expect(decimalToCents('0.07')).toBe(7);
  // 0.1 + 0.2 in floating point is 0.30000000000000004; as cents it is 30.
  expect(decimalToCents('0.10')! + decimalToCents('0.20')!).toBe(30);
  expect(decimalToCents('1234567890123.99')).toBe(123_456_789_012_399);
  for (const bad of [
    '12.345',
    '-1.00',
    '+1',
    '1e3',
    '1,50',
    '.5',
    '5.',
    '',
    'NaN',
    '12345678901234',
  ]) {
    expect(decimalToCents(bad)).toBeUndefined();
  }
});

it('writes cents back as decimals and prices without floating-point drift', () => {
  expect(centsToDecimal(499)).toBe('4.99');
  expect(centsToDecimal(5)).toBe('0.05');
  expect(centsToDecimal(1_000_000_01)).toBe('1000000.01');
  expect(() => centsToDecimal(4.5)).toThrow(RangeError);
  expect(formatPrice(1999 * 3 + 499 + 200 * 2)).toBe('$68.96 USD');
  expect(formatPrice(7)).toBe('$0.07 USD');
});

it('charges the first shirt, then each additional one', () => {
  expect(shippingCents(US, 1, 1999)).toBe(499);
  expect(shippingCents(US, 3, 5997)).toBe(899);
  expect(orderAmounts(1999, 9, US)).toEqual({
    subtotalCents: 17991,
    shippingCents: 499 + 8 * 200,
    taxCents: 0,
    totalCents: 17991 + 2099,
  });
});

it('ships free from the threshold on, and not one cent below it', () => {
  const rate = { ...US, freeFromCents: 3998 };
  expect(shippingCents(rate, 2, 3998)).toBe(0);
  expect(shippingCents(rate, 2, 3997)).toBe(699);
  expect(shippingCents(rate, 1, 1999)).toBe(499);
});

it('adds tax on top only when prices exclude it', () => {
  expect(orderAmounts(1999, 1, US, 182, 'exclusive').totalCents).toBe(1999 + 499 + 182);
  expect(orderAmounts(1999, 1, US, 182, 'inclusive').totalCents).toBe(1999 + 499);
});

it('finds the zone of a country, whatever its case, and none for a country not shipped to', () => {
  const zones = [US, { countries: ['CA', 'MX'], firstItemCents: 999, additionalItemCents: 400 }];
  expect(zoneOf(zones, 'ca')?.firstItemCents).toBe(999);
  expect(zoneOf(zones, 'FR')).toBeUndefined();
});
