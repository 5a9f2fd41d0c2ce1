/**
 * Every number that comes in is finite and within its bounds: the checkout quantity, the owner's
 * listing limit and a vitals value, given any numeric-looking text. Never a 500, never a stored
 * value out of range.
 */
import fc from 'fast-check';
import { QUANTITY_MAX, QUANTITY_MIN } from '@tshirt/shared/catalog';
import { MAX_WEB_VITAL_VALUE } from '@tshirt/shared/schemas';
import { withTestServer } from './fixtures';
import { orderIdOfPaymentLink } from './orderLinks';
import { VALID_ORDER, query } from './helpers';

const ADMIN = { authorization: 'Bearer numbers-owner-token-0123456789' };
/** Generated inputs per property, through app.inject (no sockets); PROPERTY_RUNS asks for more. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

const server = withTestServer({
  env: {
    ADMIN_TOKEN: ADMIN.authorization.slice('Bearer '.length),
    CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000',
    VITALS_RATE_LIMIT_PER_MINUTE: '100000',
  },
});

/** Text a number parser might read as a number: overflows, infinities, exponents, hex, padding. */
const numericText = fc.oneof(
  fc.double().map(String),
  fc.integer().map(String),
  fc.bigInt().map(String),
  fc
    .tuple(fc.integer({ min: -9, max: 9 }), fc.integer({ min: -999, max: 999 }))
    .map(([mantissa, exponent]) => `${mantissa}e${exponent}`),
  fc
    .tuple(
      fc.constantFrom('', ' ', '+', '-', '0', '\t', '00'),
      fc.constantFrom('5', '9', '1e0', '0x5', '0b1', '0o7', '.5', '5.', '1_0', 'Infinity', 'NaN'),
      fc.constantFrom('', ' ', '0', 'e1', 'e400', '\n'),
    )
    .map((parts) => parts.join('')),
  fc.constantFrom(
    'Infinity',
    '-Infinity',
    '+Infinity',
    '1e400',
    '-1e400',
    '1e308',
    '-0',
    'NaN',
    '9007199254740993',
    '4.9e-324',
    '',
  ),
);

function expectRefusal(status: number, body: string): void {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(JSON.parse(body)).toEqual({
    error: { code: expect.any(String), message: expect.any(String) },
  });
}

describe('the numbers the hostile review tried', () => {
  it.each(['Infinity', '-Infinity', '1e400'])(
    'answers quantity=%s with a 400 naming the quantity',
    async (quantity) => {
      const response = await server.app.inject({
        method: 'POST',
        url: `/creator/checkout?${query({ ...VALID_ORDER, quantity })}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'invalid_request', message: 'quantity must be a finite number' },
      });
    },
  );

  it('answers the owner listing’s limit=Infinity with a 400', async () => {
    const response = await server.app.inject({
      url: '/creator/admin/orders?limit=Infinity',
      headers: ADMIN,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_request', message: 'limit must be a finite number' },
    });
  });

  it('answers a vitals value of "Infinity" with a 400 and stores nothing', async () => {
    const before = await server.db.query('SELECT id FROM web_vitals');
    const response = await server.app.inject({
      method: 'POST',
      url: '/creator/vitals',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"LCP","value":"Infinity","rating":"good","id":"v5-1","route":"/"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_request', message: '0.value must be a finite number' },
    });
    expect(await server.db.query('SELECT id FROM web_vitals')).toEqual(before);
  });
});

describe('any numeric-looking text', () => {
  it('as a checkout quantity: an order of 1 to 9 shirts, or a JSON 4xx', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(numericText, async (quantity) => {
        const response = await server.app.inject({
          method: 'POST',
          url: `/creator/checkout?${query({ ...VALID_ORDER, quantity })}`,
        });
        if (response.statusCode !== 200) return expectRefusal(response.statusCode, response.body);
        accepted += 1;
        const id = await orderIdOfPaymentLink(
          server.db,
          (response.json() as { paymentLinkURL: string }).paymentLinkURL,
        );
        const [order] = await server.db.query<{ quantity: number; total_cents: number }>(
          'SELECT quantity, total_cents FROM orders WHERE id = $1',
          [id],
        );
        expect(Number.isInteger(order?.quantity)).toBe(true);
        expect(order?.quantity).toBeGreaterThanOrEqual(QUANTITY_MIN);
        expect(order?.quantity).toBeLessThanOrEqual(QUANTITY_MAX);
        expect(Number.isSafeInteger(order?.total_cents)).toBe(true);
      }),
      { numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('as the owner listing’s limit: at most 1000 orders, or a JSON 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(numericText, async (limit) => {
        const response = await server.app.inject({
          url: `/creator/admin/orders?${query({ limit })}`,
          headers: ADMIN,
        });
        if (response.statusCode !== 200) return expectRefusal(response.statusCode, response.body);
        expect((response.json() as { orders: unknown[] }).orders.length).toBeLessThanOrEqual(1000);
      }),
      { numRuns: RUNS },
    );
  });

  it('as a vitals value, in JSON text or as a JSON number: a stored value from 0 to an hour, or a JSON 4xx', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(numericText, fc.boolean(), async (value, quoted) => {
        const response = await server.app.inject({
          method: 'POST',
          url: '/creator/vitals',
          headers: { 'content-type': 'application/json' },
          payload: `{"name":"INP","value":${quoted ? JSON.stringify(value) : value},"rating":"good","id":"v5-n","route":"/numbers"}`,
        });
        if (response.statusCode !== 204) return expectRefusal(response.statusCode, response.body);
        accepted += 1;
      }),
      { numRuns: RUNS },
    );
    expect(accepted).toBeGreaterThan(0);
    const outOfRange = await server.db.query(
      `SELECT value FROM web_vitals WHERE route = '/numbers' AND NOT (value >= 0 AND value <= $1)`,
      [MAX_WEB_VITAL_VALUE],
    );
    expect(outOfRange).toEqual([]);
  });
});
