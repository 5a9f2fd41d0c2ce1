import { withStandIn, withTestServer } from './fixtures';
import { expectErrorShape, newVisitor } from './helpers';
import { sendJson, startStandIn } from './standIn';

/** A 1 × 1 transparent PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const imagesApi = withStandIn();
const server = withTestServer({
  env: () => ({
    OPENAI_API_KEY: 'sk-test-key',
    OPENAI_BASE_URL: `${imagesApi.url}/v1`,
    IMAGE_MODEL: 'gpt-image-1',
    OPENAI_TIMEOUT_MS: '400',
  }),
});

async function quotaUsed(visitor: { 'x-forwarded-for': string }): Promise<number> {
  const rows = await server.db.query<{ count: number }>(
    'SELECT count FROM generation_quota WHERE client_key = $1',
    [visitor['x-forwarded-for']],
  );
  return rows[0]?.count ?? 0;
}

function generate(visitor: { 'x-forwarded-for': string }) {
  return fetch(
    `${server.url}/creator/generate_image?interests=${encodeURIComponent('tacos & tea')}&style=Sketch`,
    {
      headers: visitor,
    },
  );
}

describe('the OpenAI image provider', () => {
  it('sends the server-built prompt with the configured model and stores the PNG it returns', async () => {
    imagesApi.answerWith((_request, response) =>
      sendJson(response, 200, { created: 1, data: [{ b64_json: PNG_BASE64 }] }),
    );
    const visitor = newVisitor();
    const response = await generate(visitor);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { image_url: string; prompt: string };
    expect(body.image_url).toMatch(/^\/creator\/images\/[A-Za-z0-9_-]{16}\.png$/);
    expect(body.prompt).toBe('A Sketch style t-shirt design about tacos & tea');

    const sent = imagesApi.requests.at(-1)!;
    expect(sent.url).toBe('/v1/images/generations');
    expect(sent.headers.authorization).toBe('Bearer sk-test-key');
    expect(JSON.parse(sent.body)).toMatchObject({
      model: 'gpt-image-1',
      prompt: body.prompt,
      n: 1,
      size: '1024x1536',
    });

    const image = await fetch(`${server.url}${body.image_url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(
      true,
    );
    expect(await quotaUsed(visitor)).toBe(1);

    // A PNG-only image has no SVG form; an order can carry it by its own URL.
    expect((await fetch(`${server.url}${body.image_url.replace('.png', '.svg')}`)).status).toBe(
      404,
    );
  });

  it('answers 502 in the JSON error shape when the provider fails, and gives the quota back', async () => {
    imagesApi.answerWith((_request, response) =>
      sendJson(response, 500, { error: { message: 'upstream exploded', type: 'server_error' } }),
    );
    const visitor = newVisitor();
    const response = await generate(visitor);
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expectErrorShape(body);
    expect(body.error.code).toBe('image_provider_error');
    expect(body.error.message).not.toContain('upstream exploded');
    expect(await quotaUsed(visitor)).toBe(0);
  });

  it('answers 502 when the provider answers without image data', async () => {
    imagesApi.answerWith((_request, response) =>
      sendJson(response, 200, { created: 1, data: [{ url: 'https://x' }] }),
    );
    const visitor = newVisitor();
    expect((await generate(visitor)).status).toBe(502);
    expect(await quotaUsed(visitor)).toBe(0);
  });

  it('answers 504 when the provider does not answer in time, and gives the quota back', async () => {
    imagesApi.answerWith(() => {
      // never answers
    });
    const visitor = newVisitor();
    const response = await generate(visitor);
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'image_provider_timeout',
    );
    expect(await quotaUsed(visitor)).toBe(0);
  });
});

describe('while slow generations are in flight', () => {
  it('keeps answering health checks, pages and designs at once, then delivers the images', async () => {
    const slowApi = await startStandIn();
    slowApi.answerWith((_request, response) => {
      setTimeout(
        () => sendJson(response, 200, { created: 1, data: [{ b64_json: PNG_BASE64 }] }),
        2_000,
      );
    });
    const patient = await server.start({
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: `${slowApi.url}/v1`,
      OPENAI_TIMEOUT_MS: '10000',
    });
    try {
      const visitor = newVisitor();
      const generations = Array.from({ length: 6 }, () =>
        fetch(`${patient.url}/creator/generate_image?interests=owls`, { headers: visitor }),
      );
      while (slowApi.requests.length < 6) await new Promise((wait) => setTimeout(wait, 10));

      for (const path of ['/healthz', '/', '/product', '/creator/designs/sunset-surf.svg']) {
        const startedAt = Date.now();
        const response = await fetch(`${patient.url}${path}`);
        await response.arrayBuffer();
        expect([path, response.status, Date.now() - startedAt < 500]).toEqual([path, 200, true]);
      }
      // Nothing was answered yet: the generations were still waiting on the provider.
      for (const response of await Promise.all(generations)) expect(response.status).toBe(200);
      expect(await quotaUsed(visitor)).toBe(6);
    } finally {
      await slowApi.close();
    }
  });
});
