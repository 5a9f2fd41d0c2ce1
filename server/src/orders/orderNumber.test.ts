import { canonicalOrderNumber, isOrderId, newOrderNumber } from './orderNumber';
import { parseProviderExternalId, providerExternalId } from './ordersRepository';

describe('order numbers', () => {
  it('are two groups of four digits after the shop’s letters, different each time', () => {
    const drawn = Array.from({ length: 200 }, () => newOrderNumber());
    for (const number of drawn) expect(number).toMatch(/^TW-\d{4}-\d{4}$/);
    expect(new Set(drawn).size).toBeGreaterThan(195);
  });

  it('name an order, as do the random ids of orders made before them, and nothing else does', () => {
    expect(isOrderId('TW-4821-7730')).toBe(true);
    expect(isOrderId('AbCdEfGhIjKlMn_-')).toBe(true);
    for (const other of ['TW-4821-773', 'tw-4821-7730', 'TW-4821-7730-2', '../etc/passwd', '']) {
      expect([other, isOrderId(other)]).toEqual([other, false]);
    }
  });

  it('are read back as typed from hearing them, with or without the letters and dashes', () => {
    for (const typed of ['TW-4821-7730', 'tw 4821 7730', '48217730', ' 4821-7730 ']) {
      expect(canonicalOrderNumber(typed)).toBe('TW-4821-7730');
    }
    expect(canonicalOrderNumber('jane@example.com')).toBeUndefined();
  });

  it('carry each print attempt as the provider’s external id and back', () => {
    for (const [id, attempt] of [
      ['TW-4821-7730', 1],
      ['TW-4821-7730', 3],
      ['AbCdEfGhIjKlMn_-', 2],
    ] as const) {
      const external = providerExternalId({ id, providerAttempt: attempt });
      expect(parseProviderExternalId(external)).toEqual({ orderId: id, attempt });
    }
    expect(parseProviderExternalId('TW-4821')).toBeUndefined();
  });
});
