import fc from 'fast-check';
import {
  ART_STYLES,
  PREMADE_DESIGNS,
  PRODUCT_NAME,
  SHIRT_COLORS,
  SHIRT_SIZES,
  SHIRT_STYLES,
} from '@tshirt/shared/catalog';
import { withTestServer } from './fixtures';
import { instantImageProvider } from './helpers';

/** Generated requests per endpoint, through app.inject (no sockets); PROPERTY_RUNS asks for more. */
const RUNS_PER_ENDPOINT = Number(process.env.PROPERTY_RUNS ?? 300);

const server = withTestServer({
  env: { GENERATION_DAILY_LIMIT: '1000000', CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000' },
  // The request handling is under test here, not the art engine: a tiny SVG per generation.
  overrides: { imageProvider: instantImageProvider },
});

interface StoredCounts {
  orders: number;
  images: number;
  quotaUsed: number;
}

async function storedCounts(): Promise<StoredCounts> {
  const rows = await server.db.query<StoredCounts>(
    `SELECT (SELECT count(*)::integer FROM orders) AS orders,
            (SELECT count(*)::integer FROM images) AS images,
            (SELECT coalesce(sum(count), 0)::integer FROM generation_quota) AS "quotaUsed"`,
  );
  return rows[0] as StoredCounts;
}

/** Percent-encodes the UTF-8 bytes of every character Node refuses to put in a request line. */
function sendable(text: string): string {
  return Array.from(text)
    .map((char) =>
      /^[\u0021-\u007e]$/.test(char)
        ? char
        : Array.from(
            Buffer.from(char, 'utf8'),
            (byte) => `%${byte.toString(16).padStart(2, '0')}`,
          ).join(''),
    )
    .join('');
}

const awkwardText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      '%',
      '&',
      '=',
      '#',
      '?',
      '+',
      '[',
      ']',
      '\\',
      '/',
      'Z',
      'E',
      '0',
      'é',
      '🎸',
    ),
    maxLength: 20,
  }),
  fc.constantFrom(
    '%',
    '%ZZ',
    '%E0%A4',
    '%C0%80',
    '%00',
    '%ED%A0%80',
    'x'.repeat(501),
    'javascript:alert(1)',
    '__proto__',
    'constructor',
  ),
);

/**
 * Mostly-valid queries with random damage: each known field present or not, valid or awkward (one
 * value in ten by default, in `10 / damagedValueWeight` for more), plus junk pairs.
 */
function queryArbitrary(
  keysAndValues: Record<string, readonly (string | number)[]>,
  damagedValueWeight = 1,
) {
  const knownPairs = Object.entries(keysAndValues).map(([key, values]) =>
    fc.option(
      fc.tuple(
        fc.oneof(
          { weight: 19, arbitrary: fc.constant(key) },
          { weight: 1, arbitrary: awkwardText },
        ),
        fc.oneof(
          { weight: 9, arbitrary: fc.constantFrom(...values).map(String) },
          { weight: damagedValueWeight, arbitrary: awkwardText },
        ),
      ),
      { freq: 10 },
    ),
  );
  const junkPairs = fc.array(fc.tuple(awkwardText, awkwardText), { maxLength: 3 });
  return fc
    .tuple(
      fc.tuple(...knownPairs),
      junkPairs,
      fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    )
    .map(([known, junk, encodeFlags]) =>
      [...known.filter((pair): pair is [string, string] => pair !== null), ...junk]
        .map(([key, value], index) =>
          encodeFlags[index % encodeFlags.length]
            ? `${encodeURIComponent(key.toWellFormed())}=${encodeURIComponent(value.toWellFormed())}`
            : `${sendable(key)}=${sendable(value)}`,
        )
        .join('&'),
    );
}

async function send(method: 'GET' | 'POST', url: string) {
  const response = await server.app.inject({ method, url });
  return { status: response.statusCode, body: response.body };
}

function isErrorShape(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/**
 * Sends each generated query and checks: no 5xx; a 200 has the success shape; every refusal is a
 * 4xx in the JSON error shape and leaves the database exactly as it was.
 */
async function checkProperty(
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, readonly (string | number)[]>,
  successBody: unknown,
  damagedValueWeight?: number,
): Promise<number[]> {
  const statuses: number[] = [];
  // What the database must hold: what it held at the start plus what the 200s stored.
  const expected = await storedCounts();
  await fc.assert(
    fc.asyncProperty(queryArbitrary(fields, damagedValueWeight), async (queryString) => {
      const { status, body } = await send(method, `${path}?${queryString}`);
      statuses.push(status);
      expect(status).toBeLessThan(500);
      const json = JSON.parse(body) as unknown;
      if (status === 200) {
        expect(json).toEqual(successBody);
        if (method === 'POST') expected.orders += 1;
        else {
          expected.images += 1;
          expected.quotaUsed += 1;
        }
      } else {
        expect(status).toBeGreaterThanOrEqual(400);
        expect(isErrorShape(json)).toBe(true);
        expect(await storedCounts()).toEqual(expected);
      }
    }),
    { numRuns: RUNS_PER_ENDPOINT },
  );
  expect(await storedCounts()).toEqual(expected);
  return statuses;
}

describe('arbitrary query strings', () => {
  it('never make GET /creator/generate_image answer 5xx; every refusal is a JSON 4xx that stores nothing', async () => {
    const fields = {
      target: ['Grandpa'],
      interests: ['cats & dogs'],
      occasion: ['birthday'],
      colors: ['red'],
      style: ART_STYLES,
      objects: ['a hat'],
    };
    // Most awkward text is a fine free-text answer: values are damaged more often here, so the
    // refusals are reached in every run, not in nine of ten.
    const statuses = await checkProperty(
      'GET',
      '/creator/generate_image',
      fields,
      {
        image_url: expect.stringMatching(/^\/creator\/images\/[\w-]{16}\.svg$/),
        prompt: expect.any(String),
      },
      3,
    );
    // The generator must reach the success path too, or the property proves little.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(
      RUNS_PER_ENDPOINT * 0.06,
    );
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(
      RUNS_PER_ENDPOINT * 0.06,
    );
  });

  it('never make POST /creator/checkout answer 5xx; every refusal is a JSON 4xx that stores nothing', async () => {
    const fields = {
      productName: [PRODUCT_NAME],
      quantity: [1, 5, 9],
      shirtStyle: SHIRT_STYLES,
      shirtColor: SHIRT_COLORS,
      shirtSize: SHIRT_SIZES,
      imageURL: PREMADE_DESIGNS.map((design) => design.imagePath),
      prompt: ['A prompt'],
    };
    const statuses = await checkProperty('POST', '/creator/checkout', fields, {
      // Only ever our own payment page (the test provider).
      paymentLinkURL: expect.stringMatching(/^\/pay\/[\w-]{24}$/),
    });
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(
      RUNS_PER_ENDPOINT * 0.1,
    );
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(
      RUNS_PER_ENDPOINT * 0.1,
    );
  });
});
