/**
 * The image-model path through the real `openai` SDK, against a local stand-in of the Images API
 * that speaks its wire format (JSON, streamed partial images, its errors).
 */
import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import sharp from 'sharp';
import { freePort } from '@tshirt/tooling/test/ports';
import {
  startImagesApiStandIn,
  REFUSAL_MESSAGE,
  type ImagesApiStandIn,
} from '@tshirt/tooling/test/imagesApiStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import type { AppOverrides } from '../src/app';
import { withTestServer } from './fixtures';
import { HELD_TASK_MODULE, watchHeldJobs } from './heldTask';
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
  // The stand-in draws its pictures with sharp in this process, and its time counts against the
  // store's: on a loaded machine a streamed picture took more than 3 s. A test of the time-out
  // itself sets a short one.
  OPENAI_TIMEOUT_MS: '30000',
  ...extra,
});

const server = withTestServer({ env: () => modelEnv() });

type Visitor = { 'x-forwarded-for': string };

/** An app of the test's own on the model path, and whether it has logged a message. */
async function startLogged(env: Record<string, string> = {}, overrides: AppOverrides = {}) {
  const lines: string[] = [];
  const running = await server.start(modelEnv(env), {
    ...overrides,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  const times = (message: string) =>
    lines.filter((line) => line.includes(`"msg":${JSON.stringify(message)}`)).length;
  return { ...running, times };
}

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
    'ends the stream with the error and its status when the model fails after it started (%s), and counts the call against the quota',
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
      expect(await quotaUsed(visitor)).toBe(1);
    },
  );

  it('cancels the model call when the shopper leaves, and counts the call it made against the quota', async () => {
    imagesApi.setPace(400);
    // The picture is not done before the shopper leaves, however slowly this machine runs.
    const releaseFinalImages = imagesApi.holdFinalImages();
    try {
      const logged = await startLogged();
      const visitor = newVisitor();
      const leaving = new AbortController();
      const calls = imagesApi.calls.length;
      const response = await generate(visitor, {
        url: logged.url,
        stream: true,
        signal: leaving.signal,
      });
      // The first partial image has reached the shopper; they leave before the picture is done.
      const reader = response.body!.getReader();
      await reader.read();
      leaving.abort();
      const call = imagesApi.calls[calls]!;
      await waitUntil(() => call.cancelled, 'the model call is cancelled');
      expect(call.finalImageAt).toBeUndefined();
      await waitUntil(() => logged.times('generation cancelled') === 1, 'the generation ends');
      expect(await quotaUsed(visitor)).toBe(1);
    } finally {
      releaseFinalImages();
    }
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
      const body = (await response.json()) as {
        error: { code: string; message: string; field?: string };
      };
      expectErrorShape(body);
      expect(body.error.code).toBe('image_refused');
      expect(body.error.message).toMatch(/Change the words/);
      // The form shows it under Interests, where the shopper says what to draw.
      expect(body.error.field).toBe('interests');
      expect(body.error.message).not.toContain(REFUSAL_MESSAGE);
      expect(await quotaUsed(visitor)).toBe(0);
    },
  );

  it.each([['down', 502, 'image_provider_error']] as const)(
    'answers %s with %i %s, never the provider’s words, and gives the quota back (nothing billed)',
    async (mode, status, code) => {
      imagesApi.setMode(mode);
      const visitor = newVisitor();
      const response = await generate(visitor, { stream: true });
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expectErrorShape(body);
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toMatch(/server had an error/);
      expect(await quotaUsed(visitor)).toBe(0);
    },
  );

  it.each([
    ['wrongFormat', 502, 'image_provider_error'],
    ['hang', 504, 'image_provider_timeout'],
  ] as const)(
    'answers %s with %i %s, never the provider’s words, and counts the call against the quota (it may be billed)',
    async (mode, status, code) => {
      imagesApi.setMode(mode);
      // A hung model is given up on after the app's time-out: a short one of its own.
      const url =
        mode === 'hang'
          ? (await server.start(modelEnv({ OPENAI_TIMEOUT_MS: '1000' }))).url
          : server.url;
      const visitor = newVisitor();
      // Each fails before a partial image: the plain JSON error, whatever the client accepts.
      const response = await generate(visitor, { url, stream: mode !== 'wrongFormat' });
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expectErrorShape(body);
      expect(body.error.code).toBe(code);
      expect(body.error.message).not.toMatch(/server had an error|Not an image/);
      expect(await quotaUsed(visitor)).toBe(1);
    },
  );

  it('answers an unreachable provider with 502 image_provider_error, and gives the quota back', async () => {
    const unreachable = await server.start(
      modelEnv({ OPENAI_BASE_URL: `http://127.0.0.1:${await freePort()}/v1` }),
    );
    const visitor = newVisitor();
    const response = await generate(visitor, { url: unreachable.url });
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string } };
    expectErrorShape(body);
    expect(body.error.code).toBe('image_provider_error');
    expect(await quotaUsed(visitor)).toBe(0);
  });
});

describe('the picture check’s place on the print render pool', () => {
  it('is held before the model is called: with print renders filling the pool, a generation is a 503 with Retry-After, no model call and no quota spent', async () => {
    const held = await server.start(
      modelEnv({ PRINT_RENDER_THREADS: '1', PRINT_RENDER_QUEUE: '1' }),
      { printRenderTask: HELD_TASK_MODULE },
    );
    const renders = watchHeldJobs();
    // Pre-made designs' print files, which anyone may ask for: two fill the pool, one is refused.
    const printStatuses: number[] = [];
    const prints = PREMADE_DESIGNS.slice(0, 3).map(async (design) => {
      const response = await fetch(`${held.url}${design.imagePath.replace(/\.svg$/, '.png')}`);
      await response.arrayBuffer();
      printStatuses.push(response.status);
    });
    await waitUntil(() => printStatuses.includes(503), 'a print render is refused');
    try {
      const visitor = newVisitor();
      const calls = imagesApi.calls.length;
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const response = await generate(visitor, { url: held.url, stream: attempt % 2 === 1 });
        expect([attempt, response.status]).toEqual([attempt, 503]);
        const body = (await response.json()) as { error: { code: string } };
        expectErrorShape(body);
        expect(body.error.code).toBe('render_queue_full');
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      expect(imagesApi.calls.length - calls).toBe(0);
      expect(await quotaUsed(visitor)).toBe(0);
    } finally {
      // The two held renders finish, one after the other, so that the app can stop.
      for (const index of [0, 1]) {
        await renders.untilStarted(index + 1);
        renders.release(renders.started[index]!);
      }
      await Promise.all(prints);
      renders.close();
    }
  });

  it('is given back on every path: a refusal, an error, a time-out, an unusable picture, a stream cut short, the shopper leaving', async () => {
    const app = await startLogged({
      PRINT_RENDER_THREADS: '1',
      PRINT_RENDER_QUEUE: '1',
      OPENAI_TIMEOUT_MS: '1000',
    });
    const pool = app.app.printRenderPool;
    for (const [mode, stream] of [
      ['refuse', false],
      ['down', true],
      ['hang', true],
      ['wrongFormat', false],
      ['failMidStream', true],
    ] as const) {
      imagesApi.setMode(mode);
      const response = await generate(newVisitor(), { url: app.url, stream });
      await response.arrayBuffer();
      expect([mode, pool.pending]).toEqual([mode, 0]);
    }

    // The shopper leaving, on an app whose time-out (and so the place's own lapse) is far off: only
    // the cancellation can give the place back.
    const patient = await startLogged({
      PRINT_RENDER_THREADS: '1',
      PRINT_RENDER_QUEUE: '1',
      OPENAI_TIMEOUT_MS: '120000',
    });
    imagesApi.setMode('draw');
    imagesApi.setPace(400);
    const leaving = new AbortController();
    const response = await generate(newVisitor(), {
      url: patient.url,
      stream: true,
      signal: leaving.signal,
    });
    await response.body!.getReader().read();
    leaving.abort();
    await waitUntil(() => patient.times('generation cancelled') === 1, 'the generation ends');
    expect(patient.app.printRenderPool.pending).toBe(0);
  });
});

describe('the daily limit', () => {
  it('stops a visitor whose every picture fails after the model answered, so the model is called no more than the limit', async () => {
    imagesApi.setMode('wrongFormat');
    const limited = await server.start(modelEnv({ GENERATION_DAILY_LIMIT: '2' }));
    const visitor = newVisitor();
    const calls = imagesApi.calls.length;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const response = await generate(visitor, { url: limited.url });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([502, 502, 429, 429]);
    expect(imagesApi.calls.length - calls).toBe(2);
  });
});

describe('while slow generations are in flight', () => {
  it('keeps answering health checks, pages and designs while every generation waits on the model, then delivers the images', async () => {
    const patient = await server.start(modelEnv({ OPENAI_TIMEOUT_MS: '600000' }));
    const visitor = newVisitor();
    const before = imagesApi.calls.length;
    // The model sends its partial pictures, then keeps each final one until the checks are done.
    const releaseFinalImages = imagesApi.holdFinalImages();
    try {
      const generations = Array.from({ length: 6 }, () =>
        generate(visitor, { url: patient.url, stream: true }),
      );
      await waitUntil(
        () => imagesApi.calls.length >= before + 6,
        'the six generations reach the model',
      );

      const answered: Array<[string, number]> = [];
      const checks = Promise.all(
        ['/healthz', '/', '/product', '/creator/designs/sunset-surf.svg'].map(async (path) => {
          const response = await fetch(`${patient.url}${path}`);
          await response.arrayBuffer();
          answered.push([path, response.status]);
        }),
      );
      // Answered at all means answered without waiting for the generations: none can end yet.
      await waitUntil(
        () => answered.length === 4,
        () =>
          `the other requests are answered while the generations wait (${answered.length} of 4)`,
      );
      await checks;
      expect(answered.every(([, status]) => status === 200)).toBe(true);
      expect(imagesApi.calls.slice(before).every((call) => call.finalImageAt === undefined)).toBe(
        true,
      );

      releaseFinalImages();
      for (const response of await Promise.all(generations)) {
        expect((await eventsOf(response)).at(-1)?.event).toBe('done');
      }
      expect(await quotaUsed(visitor)).toBe(6);
    } finally {
      releaseFinalImages();
    }
  });
});
