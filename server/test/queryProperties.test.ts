import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import {
  ART_STYLES,
  PREMADE_DESIGNS,
  PRODUCT_NAME,
  SHIRT_COLORS,
  SHIRT_SIZES,
  SHIRT_STYLES,
} from '@tshirt/shared/catalog';
import type { Database } from '../src/storage/database';
import {
  createFakeFrontEnd,
  openTestDatabase,
  startApp,
  testConfig,
  type FakeFrontEnd,
  type RunningApp,
} from './helpers';

let db: Database;
let frontEnd: FakeFrontEnd;
let server: RunningApp;

beforeAll(async () => {
  db = await openTestDatabase();
  frontEnd = createFakeFrontEnd();
  server = await startApp(
    testConfig({
      ...frontEnd.env,
      GENERATION_DAILY_LIMIT: '1000000',
      CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000',
    }),
    { database: db },
  );
});

afterAll(async () => {
  await server?.close();
  await db?.close();
  frontEnd?.remove();
});

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

/** Mostly-valid queries with random damage: each known field present or not, valid or awkward, plus junk pairs. */
function queryArbitrary(keysAndValues: Record<string, readonly (string | number)[]>) {
  const knownPairs = Object.entries(keysAndValues).map(([key, values]) =>
    fc.option(
      fc.tuple(
        fc.oneof(
          { weight: 19, arbitrary: fc.constant(key) },
          { weight: 1, arbitrary: awkwardText },
        ),
        fc.oneof(
          { weight: 9, arbitrary: fc.constantFrom(...values).map(String) },
          { weight: 1, arbitrary: awkwardText },
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

function rawRequest(
  method: 'GET' | 'POST',
  path: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${server.url}${path.startsWith('/') ? '' : '/'}`,
      { method, path },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function isErrorShape(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

describe('arbitrary query strings', () => {
  it('never make GET /creator/generate_image answer 5xx, and every 4xx is the JSON error shape', async () => {
    const fields = {
      target: ['Grandpa'],
      interests: ['cats & dogs'],
      occasion: ['birthday'],
      colors: ['red'],
      style: ART_STYLES,
      objects: ['a hat'],
    };
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(queryArbitrary(fields), async (queryString) => {
        const { status, body } = await rawRequest('GET', `/creator/generate_image?${queryString}`);
        statuses.push(status);
        expect(status).toBeLessThan(500);
        const json = JSON.parse(body) as unknown;
        if (status === 200)
          expect(json).toEqual({ image_url: expect.any(String), prompt: expect.any(String) });
        else expect(isErrorShape(json)).toBe(true);
      }),
      { numRuns: 100 },
    );
    // The generator must reach the success path too, or the property proves little.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(5);
  });

  it('never make POST /creator/checkout answer 5xx, and every 4xx is the JSON error shape', async () => {
    const fields = {
      productName: [PRODUCT_NAME],
      quantity: [1, 5, 9],
      shirtStyle: SHIRT_STYLES,
      shirtColor: SHIRT_COLORS,
      shirtSize: SHIRT_SIZES,
      imageURL: PREMADE_DESIGNS.map((design) => design.imagePath),
      prompt: ['A prompt'],
    };
    const statuses: number[] = [];
    await fc.assert(
      fc.asyncProperty(queryArbitrary(fields), async (queryString) => {
        const { status, body } = await rawRequest('POST', `/creator/checkout?${queryString}`);
        statuses.push(status);
        expect(status).toBeLessThan(500);
        const json = JSON.parse(body) as unknown;
        if (status === 200)
          expect(json).toEqual({ paymentLinkURL: expect.stringMatching(/^\/pay\//) });
        else expect(isErrorShape(json)).toBe(true);
      }),
      { numRuns: 150 },
    );
    // The generator must reach the success path too, or the property proves little.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(5);
  });
});
