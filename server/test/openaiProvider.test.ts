/**
 * The image-model path through the real `openai` SDK, against a local stand-in of the Images API
 * that speaks its wire format (JSON, streamed partial images, its errors).
 */
import sharp from 'sharp';
import {
  startImagesApiStandIn,
  REFUSAL_MESSAGE,
  type ImagesApiStandIn,
} from '@tshirt/tooling/test/imagesApiStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import { withTestServer } from './fixtures';
import { expectErrorShape, newVisitor } from './helpers';

let imagesApi: ImagesApiStandIn;
beforeAll(async () => {
  imagesApi = await startImagesApiStandIn();
});
afterAll(() => imagesApi.close());
beforeEach(() => {
  imagesApi.setMode('draw');
  imagesApi.setPace(20);
});

const modelEnv = (extra: Record<string, string> = {}) => ({
  OPENAI_API_KEY: 'sk-test-key',
  OPENAI_BASE_URL: imagesApi.baseUrl,
  IMAGE_MODEL: 'gpt-image-1',
  OPENAI_TIMEOUT_MS: '3000',
  ...extra,
});

const server = withTestServer({ env: () => modelEnv() });

type Visitor = { 'x-forwarded-for': string };

async function quotaUsed(visitor: Visitor): Promise<number> {
  const rows = await server.db.query<{ count: number }>(
    'SELECT count FROM generation_quota WHERE client_key = $1',
    [visitor['x-forwarded-for']],
  );
  return rows[0]?.count ?? 0;
}

const GENERATE = `/creator/generate_image?interests=${encodeURIComponent('tacos & tea')}&style=Sketch`;

function generate(
  visitor: Visitor,
  options: { url?: string; stream?: boolean; signal?: AbortSignal } = {},
) {
  return fetch(`${options.url ?? server.url}${GENERATE}`, {
    headers: {
      ...visitor,
      accept: options.stream ? 'text/event-stream, application/json' : 'application/json',
    },
    signal: options.signal,
  });
}

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The server-sent events of a whole answer. */
async function eventsOf(response: Response): Promise<StreamEvent[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') as Record<
        string,
        unknown
      >;
      return { event, data };
    });
}

async function fetchPng(path: string, url = server.url) {
  const response = await fetch(`${url}${path}`);
  expect([path, response.status]).toEqual([path, 200]);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, metadata: await sharp(bytes).metadata() };
}

describe('the image model path, answered whole', () => {
  it('sends a prompt built for print with the configured model, and keeps a checked picture, its advice and a 300 DPI print file', async () => {
    const visitor = newVisitor();
    const response = await generate(visitor);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { image_url: string; prompt: string };
    expect(body.image_url).toMatch(/^\/creator\/images\/[A-Za-z0-9_-]{16}\.png$/);
    // The shopper-facing description is what the order keeps; the model gets print instructions.
    expect(body.prompt).toBe('A Sketch style t-shirt design about tacos & tea');

    const call = imagesApi.calls.at(-1)!;
    expect(call.authorization).toBe('Bearer sk-test-key');
    expect(call.body).toMatchObject({
      model: 'gpt-image-1',
      n: 1,
      size: '1024x1536',
      background: 'transparent',
    });
    // Nobody watches a JSON answer draw: no partial images asked for.
    expect(call.body.stream).toBeUndefined();
    expect(call.body.prompt).toContain('Subject: tacos & tea.');
    expect(call.body.prompt).toContain('no t-shirt, no mock-up');
    expect(call.body.prompt).toContain('No text, letters, numbers or logos.');

    const picture = await fetchPng(body.image_url);
    expect(picture.metadata).toMatchObject({
      format: 'png',
      width: 1024,
      height: 1536,
      hasAlpha: true,
    });

    const advice = (await (
      await fetch(`${server.url}${body.image_url.replace('.png', '.json')}`)
    ).json()) as ArtworkShirtAdvice;
    expect(advice.ink).toBe('as-drawn');
    expect(advice.suggestedShirts.length).toBeGreaterThan(0);

    const print = await fetchPng(body.image_url.replace('.png', '.print.png'));
    expect(print.metadata).toMatchObject({
      format: 'png',
      width: 3600,
      height: 4800,
      hasAlpha: true,
      density: 300,
    });
    expect(await quotaUsed(visitor)).toBe(1);

    // A picture has no SVG form, and the engine's per-shirt print address is not its print file.
    expect((await fetch(`${server.url}${body.image_url.replace('.png', '.svg')}`)).status).toBe(
      404,
    );
  });

  it('answers whole, even to a client that accepts a stream, when partial images are switched off', async () => {
    const whole = await server.start(modelEnv({ IMAGE_PARTIAL_IMAGES: '0' }));
    const response = await generate(newVisitor(), { url: whole.url, stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const sent = imagesApi.calls.at(-1)!.body;
    expect(sent.stream).toBeUndefined();
    expect(sent.partial_images).toBeUndefined();
  });

  it('removes an opaque background before the picture reaches the preview or the print file', async () => {
    imagesApi.setMode('opaque');
    const body = (await (await generate(newVisitor())).json()) as { image_url: string };
    for (const path of [body.image_url, body.image_url.replace('.png', '.print.png')]) {
      const { bytes } = await fetchPng(path);
      const { data, info } = await sharp(bytes)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
      expect([path, alphaAt(2, 2), alphaAt(info.width - 3, info.height - 3)]).toEqual([path, 0, 0]);
      expect([path, alphaAt(info.width >> 1, info.height >> 1)]).toEqual([path, 255]);
    }
  });
});

describe('the image model path, streamed', () => {
  it('streams each partial image as a small preview, then the same answer as JSON would give', async () => {
    const visitor = newVisitor();
    const response = await generate(visitor, { stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const events = await eventsOf(response);
    expect(events.map((event) => event.event)).toEqual(['partial', 'partial', 'done']);
    expect(events.slice(0, 2).map((event) => event.data.index)).toEqual([0, 1]);
    for (const partial of events.slice(0, 2)) {
      const url = partial.data.image as string;
      expect(url).toMatch(/^data:image\/webp;base64,/);
      const preview = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).metadata();
      expect(preview.width).toBeLessThanOrEqual(512);
    }
    const done = events[2]!.data as { image_url: string; prompt: string };
    expect(done.image_url).toMatch(/^\/creator\/images\/[A-Za-z0-9_-]{16}\.png$/);
    expect(done.prompt).toBe('A Sketch style t-shirt design about tacos & tea');
    expect((await fetch(`${server.url}${done.image_url}`)).status).toBe(200);
    expect(await quotaUsed(visitor)).toBe(1);
  });

  it.each([
    ['failMidStream', ['partial', 'error']],
    ['wrongFormat', ['partial', 'partial', 'error']],
  ] as const)(
    'ends the stream with the error and its status when the model fails after it started (%s), and gives the quota back',
    async (mode, expected) => {
      imagesApi.setMode(mode);
      const visitor = newVisitor();
      const response = await generate(visitor, { stream: true });
      expect(response.status).toBe(200);
      const events = await eventsOf(response);
      expect(events.map((event) => event.event)).toEqual(expected);
      expect(events.at(-1)!.data).toMatchObject({
        status: 502,
        error: { code: 'image_provider_error' },
      });
      expect(JSON.stringify(events.at(-1)!.data)).not.toMatch(/server had an error|Not an image/);
      expect(await quotaUsed(visitor)).toBe(0);
    },
  );

  it('cancels the model call when the shopper leaves, and gives the quota back', async () => {
    imagesApi.setPace(400);
    const visitor = newVisitor();
    const leaving = new AbortController();
    const calls = imagesApi.calls.length;
    const response = await generate(visitor, { stream: true, signal: leaving.signal });
    // The first partial image has reached the shopper; they leave before the picture is done.
    const reader = response.body!.getReader();
    await reader.read();
    leaving.abort();
    const call = imagesApi.calls[calls]!;
    await waitUntil(() => call.cancelled, 'the model call is cancelled');
    expect(call.finalImageAt).toBeUndefined();
    await waitUntil(async () => (await quotaUsed(visitor)) === 0, 'the quota is given back');
  });
});

describe('when the model will not or cannot draw', () => {
  it.each([false, true])(
    'answers a refusal with a 400 the shopper can act on, and gives the quota back (stream accepted: %s)',
    async (stream) => {
      imagesApi.setMode('refuse');
      const visitor = newVisitor();
      const response = await generate(visitor, { stream });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expectErrorShape(body);
      expect(body.error.code).toBe('image_refused');
      expect(body.error.message).toMatch(/Change the words/);
      expect(body.error.message).not.toContain(REFUSAL_MESSAGE);
      expect(await quotaUsed(visitor)).toBe(0);
    },
  );

  it.each([
    ['down', 502, 'image_provider_error'],
    ['wrongFormat', 502, 'image_provider_error'],
    ['hang', 504, 'image_provider_timeout'],
  ] as const)(
    'answers %s with %i %s, never the provider’s words, and gives the quota back',
    async (mode, status, code) => {
      imagesApi.setMode(mode);
      const visitor = newVisitor();
      // Each fails before a partial image: the plain JSON error, whatever the client accepts.
      const response = await generate(visitor, { stream: mode !== 'wrongFormat' });
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expectErrorShape(body);
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toMatch(/server had an error|Not an image/);
      expect(await quotaUsed(visitor)).toBe(0);
    },
  );
});

describe('while slow generations are in flight', () => {
  it('keeps answering health checks, pages and designs at once, then delivers the images', async () => {
    imagesApi.setPace(700);
    const patient = await server.start(modelEnv({ OPENAI_TIMEOUT_MS: '20000' }));
    const visitor = newVisitor();
    const before = imagesApi.calls.length;
    const generations = Array.from({ length: 6 }, () =>
      generate(visitor, { url: patient.url, stream: true }),
    );
    await waitUntil(
      () => imagesApi.calls.length >= before + 6,
      'the six generations reach the model',
    );

    for (const path of ['/healthz', '/', '/product', '/creator/designs/sunset-surf.svg']) {
      const startedAt = Date.now();
      const response = await fetch(`${patient.url}${path}`);
      await response.arrayBuffer();
      expect([path, response.status, Date.now() - startedAt < 500]).toEqual([path, 200, true]);
    }
    for (const response of await Promise.all(generations)) {
      expect((await eventsOf(response)).at(-1)?.event).toBe('done');
    }
    expect(await quotaUsed(visitor)).toBe(6);
  });
});
