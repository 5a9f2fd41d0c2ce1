import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import { ArtEngineBusyError } from '../src/generation/artEnginePool';
import { imagePrintKey } from '../src/images/printFiles';
import { IMAGE_CONTENT_SECURITY_POLICY } from '../src/routes/creator/images';
import { withTestServer } from './fixtures';
import { expectErrorShape, injectAsFetch, newVisitor, query } from './helpers';

let now = new Date('2026-03-10T22:00:00.000Z');
const server = withTestServer({
  env: { GENERATION_DAILY_LIMIT: '10' },
  overrides: { clock: () => now },
});

function generate(params: Record<string, string>, visitor = newVisitor()) {
  return server.request(`/creator/generate_image?${query(params)}`, { headers: visitor });
}

describe('GET /creator/generate_image', () => {
  it('returns a same-origin image URL and, as its prompt, what the artwork shows (the preview’s alt text)', async () => {
    const response = await generate({
      target: 'Grandpa',
      interests: 'cats, pizza',
      occasion: 'birthday',
      colors: 'purple and gold',
      style: 'Cartoon',
      objects: '',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { image_url: string; prompt: string };
    expect(body.image_url).toMatch(/^\/creator\/images\/[A-Za-z0-9_-]{16}\.svg$/);
    // The engine's own description, the title of the SVG it drew: subject, style, lettering.
    expect(body.prompt).toMatch(/^A cat\b.*Cartoon style, lettered “Happy Birthday, Grandpa”/);
    const svg = await (await server.request(body.image_url)).text();
    expect(svg).toContain(`<title>${body.prompt.replace(/&/g, '&amp;')}</title>`);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sends, for the shopper’s shirt, the artwork as drawn for it and its advice with the answer', async () => {
    const response = await generate({ interests: 'owls', colors: 'navy', shirt: 'Navy' });
    const body = (await response.json()) as {
      image_url: string;
      artwork?: { shirt: string; svg?: string; advice?: unknown };
    };
    expect(body.artwork?.shirt).toBe('Navy');
    // The same bytes and advice the preview would otherwise ask for in a second round trip.
    const drawn = await server.request(`${body.image_url}?shirt=Navy`);
    expect(body.artwork?.svg).toBe(await drawn.text());
    const advice = await server.request(`${body.image_url.replace(/\.svg$/, '.json')}`);
    expect(body.artwork?.advice).toEqual(await advice.json());
    expect(body.artwork?.advice).toMatchObject({ faintColors: { Navy: ['navy'] } });

    const plain = (await (await generate({ interests: 'owls' })).json()) as object;
    expect(plain).not.toHaveProperty('artwork');
    expect((await generate({ shirt: 'Plaid' })).status).toBe(400);
  });

  it('accepts a request with every field empty or missing', async () => {
    expect((await generate({})).status).toBe(200);
    expect((await generate({ interests: '', style: '' })).status).toBe(200);
  });

  it('keeps & # ? % and emoji intact through URL encoding', async () => {
    const interests = 'rock & roll #1? 100% 🎸🐱 naïve';
    const response = await generate({ interests });
    const body = (await response.json()) as { image_url: string };
    // What arrived is what was typed: the artwork's recipe (its <metadata>, base64url JSON) keeps
    // the fields the engine was given. Its lettering depends on the seed, so is not what is read.
    const svg = await (await server.request(body.image_url)).text();
    const recipe = /<metadata id="artwork-recipe">([A-Za-z0-9_-]+)<\/metadata>/.exec(svg)?.[1];
    const fields = (
      JSON.parse(Buffer.from(recipe ?? '', 'base64url').toString('utf8')) as {
        fields: { interests: string };
      }
    ).fields;
    expect(fields.interests).toBe(interests);
  });

  it.each([
    ['an unknown art style', { style: 'Cubism' }],
    ['a field over 500 characters', { interests: 'x'.repeat(501) }],
    ['another field over 500 characters', { target: 'y'.repeat(501) }],
  ])('answers 400 with the JSON error shape for %s', async (_label, params) => {
    const response = await generate(params);
    expect(response.status).toBe(400);
    const body = await response.json();
    expectErrorShape(body);
    expect((body as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'treats the word %s like any other text in every field',
    async (word) => {
      for (const field of ['target', 'interests', 'occasion', 'colors', 'objects']) {
        const response = await generate({ [field]: word });
        if (response.status === 422 && (field === 'interests' || field === 'objects')) {
          // No subject the engine could draw: named to the shopper like any other word.
          const { error } = (await response.json()) as { error: { code: string; message: string } };
          expect([field, error.code, error.message]).toEqual([
            field,
            'not_understood',
            expect.stringMatching(/^We could not draw “/),
          ]);
        } else {
          expect([field, response.status]).toEqual([field, 200]);
        }
      }
    },
  );

  it('accepts exactly 500 characters (counted as characters, not bytes)', async () => {
    // In a field the engine letters (500 of one letter is no word it could draw as Interests).
    expect((await generate({ target: 'é'.repeat(500) })).status).toBe(200);
  });

  it('refuses a field given twice with a 400', async () => {
    const response = await server.request(`/creator/generate_image?style=Cartoon&style=Sketch`, {
      headers: newVisitor(),
    });
    expect(response.status).toBe(400);
    expectErrorShape(await response.json());
  });

  it('lets exactly the daily limit through when 50 requests arrive at once', async () => {
    const visitor = newVisitor();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => generate({ interests: 'race' }, visitor)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it('answers the limit with 429, Retry-After to the next UTC midnight and the limit body', async () => {
    const visitor = newVisitor();
    for (let index = 0; index < 10; index += 1)
      expect((await generate({}, visitor)).status).toBe(200);
    const response = await generate({}, visitor);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe(String(2 * 60 * 60));
    expect(await response.json()).toEqual({ image_url: 'too many requests', prompt: '' });

    // Another visitor is not affected, and the same visitor gets a new quota the next UTC day.
    expect((await generate({})).status).toBe(200);
    now = new Date('2026-03-11T00:00:01.000Z');
    expect((await generate({}, visitor)).status).toBe(200);
    now = new Date('2026-03-10T22:00:00.000Z');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const untrusting = await server.start({ GENERATION_DAILY_LIMIT: '1', TRUST_PROXY: '' });
    const first = await injectAsFetch(untrusting.app)(`/creator/generate_image`, {
      headers: newVisitor(),
    });
    const second = await injectAsFetch(untrusting.app)(`/creator/generate_image`, {
      headers: newVisitor(),
    });
    expect([first.status, second.status]).toEqual([200, 429]);
  });

  it('answers 503 with Retry-After while the art engine is full, and gives the quota back', async () => {
    const busy = await server.start(
      { GENERATION_DAILY_LIMIT: '1' },
      {
        imageProvider: {
          name: 'builtin',
          streamsPartialImages: false,
          generate: () => Promise.reject(new ArtEngineBusyError(3)),
        },
      },
    );
    const visitor = newVisitor();
    const response = await injectAsFetch(busy.app)(`/creator/generate_image`, { headers: visitor });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('3');
    const body = (await response.json()) as { error: { code: string } };
    expectErrorShape(body);
    expect(body.error.code).toBe('art_engine_busy');
    // The refused try did not count: the one generation of the day is still there.
    expect((await generate({}, visitor)).status).toBe(200);
  });
});

describe('words the engine cannot draw', () => {
  it('draws the words it knows and names the ones it could not draw', async () => {
    const response = await generate({ interests: 'pizza, zorblaxian', style: 'Cartoon' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { image_url: string; not_understood?: string[] };
    expect(body.image_url).toMatch(/\.svg$/);
    expect(body.not_understood).toEqual(['zorblaxian']);
    const plain = (await (await generate({ interests: 'pizza' })).json()) as object;
    expect(plain).not.toHaveProperty('not_understood');
  });

  it('refuses, naming the words under Interests, when it understands none of them, and counts nothing', async () => {
    const limited = await server.start({ GENERATION_DAILY_LIMIT: '1' });
    const ask = (interests: string, visitor: Record<string, string>) =>
      injectAsFetch(limited.app)(`/creator/generate_image?${query({ interests })}`, {
        headers: visitor,
      });
    const visitor = newVisitor();
    const response = await ask('zorblaxian, qwrtzp', visitor);
    expect(response.status).toBe(422);
    const body = (await response.json()) as {
      error: { code: string; message: string; field?: string };
    };
    expectErrorShape(body);
    expect(body.error).toMatchObject({ code: 'not_understood', field: 'interests' });
    expect(body.error.message).toContain('“zorblaxian” or “qwrtzp”');
    // Not counted: the one generation of the day is still there.
    expect((await ask('pizza', visitor)).status).toBe(200);
  });
});

describe('generated images and pre-made designs', () => {
  it('serves a generated SVG with a script-free CSP and immutable caching', async () => {
    const { image_url } = (await (await generate({ interests: 'owls' })).json()) as {
      image_url: string;
    };
    const response = await server.request(image_url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toBe(IMAGE_CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toContain('<svg');
  });

  it('renders the print PNG once and keeps it', async () => {
    const { image_url } = (await (await generate({ interests: 'print me' })).json()) as {
      image_url: string;
    };
    const pngPath = image_url.replace(/\.svg$/, '.png');
    const [first, second] = await Promise.all([server.request(pngPath), server.request(pngPath)]);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    const id = image_url.slice('/creator/images/'.length, -'.svg'.length);
    expect(await server.app.printFiles.isKept(imagePrintKey(id))).toBe(true);
  });

  it('serves every pre-made design as SVG', async () => {
    for (const design of PREMADE_DESIGNS) {
      const response = await server.request(design.imagePath);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('content-security-policy')).toBe(IMAGE_CONTENT_SECURITY_POLICY);
    }
  });

  it('redraws a generated artwork for the shirt colour asked for, the same every time', async () => {
    const { image_url } = (await (
      await generate({ interests: 'jazz saxophone, new orleans', colors: 'navy and black' })
    ).json()) as { image_url: string };
    const onBlack = await (await server.request(image_url)).text();
    const onWhite = await server.request(`${image_url}?shirt=White`);
    expect(onWhite.status).toBe(200);
    expect(onWhite.headers.get('content-type')).toBe('image/svg+xml');
    const white = await onWhite.text();
    expect(white).not.toBe(onBlack);
    expect(await (await server.request(`${image_url}?shirt=White`)).text()).toBe(white);
    expect(await (await server.request(`${image_url}?shirt=Black`)).text()).toBe(onBlack);
  });

  it('tells which typed colours are too faint on which shirt, and which shirts suit them', async () => {
    const { image_url } = (await (
      await generate({ interests: 'jazz', colors: 'navy and black' })
    ).json()) as { image_url: string };
    const response = await server.request(`${image_url.replace(/\.svg$/, '.json')}`);
    expect(response.status).toBe(200);
    const advice = (await response.json()) as {
      faintColors: Record<string, string[]>;
      suggestedShirts: string[];
    };
    expect(advice.faintColors.Black).toEqual(['navy', 'black']);
    expect(advice.faintColors.White).toBeUndefined();
    expect(advice.suggestedShirts).toEqual(expect.arrayContaining(['White', 'Light Grey', 'Pink']));
    expect(advice.suggestedShirts).not.toContain('Black');
  });

  it('renders the print PNG of a shirt variant', async () => {
    const { image_url } = (await (await generate({ interests: 'print me on navy' })).json()) as {
      image_url: string;
    };
    const response = await server.request(`${image_url.replace(/\.svg$/, '.png')}?shirt=Navy`);
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG');
  });

  it('serves every pre-made design for every shirt colour, with nothing to warn about', async () => {
    const design = PREMADE_DESIGNS[0] as (typeof PREMADE_DESIGNS)[number];
    const onNavy = await server.request(`${design.imagePath}?shirt=Navy`);
    expect(onNavy.status).toBe(200);
    expect(await onNavy.text()).not.toBe(
      await (await server.request(`${design.imagePath}?shirt=White`)).text(),
    );
    const advice = await server.request(`${design.imagePath.replace(/\.svg$/, '.json')}`);
    expect(await advice.json()).toEqual({
      faintColors: {},
      suggestedShirts: expect.arrayContaining(['Black', 'White']),
    });
  });

  it('answers 400 JSON for a shirt colour the shop does not sell', async () => {
    const response = await server.request(`${PREMADE_DESIGNS[0]?.imagePath}?shirt=Purple`);
    expect(response.status).toBe(400);
    expectErrorShape(await response.json());
  });

  it.each([
    '/creator/images/AAAAAAAAAAAAAAAA.svg',
    '/creator/images/not-an-id.svg',
    '/creator/images/AAAAAAAAAAAAAAAA.gif',
    '/creator/designs/unknown.svg',
    '/creator/designs/cosmic-cat.gif',
  ])('answers 404 JSON for %s', async (path) => {
    const response = await server.request(path);
    expect(response.status).toBe(404);
    expectErrorShape(await response.json());
  });
});
