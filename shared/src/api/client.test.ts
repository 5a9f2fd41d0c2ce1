import { buildQuery, configureStoreUrl, createCheckout, generateImage, storeUrl } from './client';
import { formatStreamEvent, type GenerationStreamEvent } from './generationStream';
import { configureStoreFromStandaloneConfig } from './standaloneStore';
import type { ArtFields, CheckoutOrder } from '../types';
import { fakeFetch, jsonResponse, type FakeFetch } from '@tshirt/tooling/test/fakeFetch';

const fields: ArtFields = {
  target: 'Grandpa & Grandma',
  interests: 'cats #1? 100% 🐱',
  occasion: 'birthday?',
  colors: 'red&blue',
  style: 'Oil Painting',
  objects: 'a=b',
};

const order: CheckoutOrder = {
  productName: 'Custom Graphic T-shirt',
  quantity: 3,
  shirtStyle: "Women's",
  shirtColor: 'Light Grey',
  shirtSize: 'XXL',
  imageURL: '/creator/designs/sunset-surf.svg',
  prompt: 'Sun & surf #1?',
};

function sentUrl(fetchMock: FakeFetch): URL {
  return new URL(String(fetchMock.mock.calls[0]![0]), 'http://store.test');
}

function sentAccept(fetchMock: FakeFetch): string | null {
  return new Headers(fetchMock.mock.calls[0]![1]?.headers).get('accept');
}

const PARTIAL_0 = 'data:image/webp;base64,UklGRgAAAAA=';
const PARTIAL_1 = 'data:image/webp;base64,UklGRgEBAQE=';

const wire = (...events: GenerationStreamEvent[]) => events.map(formatStreamEvent).join('');

/**
 * A 200 `text/event-stream` answer whose body gives these chunks, then closes, breaks like a
 * dropped connection, or stays open (until the reader cancels it).
 */
function streamedAnswer(
  chunks: Array<string | Uint8Array>,
  ending: 'close' | 'break' | 'stay open' = 'close',
): { response: Response; cancelled: Promise<void> } {
  const bytes = new TextEncoder();
  let onCancel: () => void = () => undefined;
  const cancelled = new Promise<void>((resolve) => (onCancel = resolve));
  const queue = [...chunks];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = queue.shift();
      if (chunk !== undefined)
        controller.enqueue(typeof chunk === 'string' ? bytes.encode(chunk) : chunk);
      else if (ending === 'close') controller.close();
      else if (ending === 'break') controller.error(new TypeError('network error'));
      else return new Promise<void>(() => undefined);
    },
    cancel: () => onCancel(),
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8' },
  });
  return { response, cancelled };
}

async function generateStreamed(
  chunks: Array<string | Uint8Array>,
  ending: 'close' | 'break' | 'stay open' = 'close',
) {
  const partials: Array<[string, number]> = [];
  const { response } = streamedAnswer(chunks, ending);
  const result = await generateImage(fields, {
    fetch: fakeFetch(response),
    onPartialImage: (image, index) => partials.push([image, index]),
  });
  return { result, partials };
}

describe('buildQuery', () => {
  it('encodes reserved characters and emoji so each value arrives intact', () => {
    const url = new URL(buildQuery('/x', { a: 'b&c=d#e?f%g', e: '🐱 cat' }), 'http://h');
    expect(url.searchParams.get('a')).toBe('b&c=d#e?f%g');
    expect(url.searchParams.get('e')).toBe('🐱 cat');
    expect(url.hash).toBe('');
  });
});

describe('generateImage', () => {
  it('sends every field URL-encoded and returns the image and prompt', async () => {
    const fetchMock = fakeFetch(
      jsonResponse(200, { image_url: '/creator/images/1.svg', prompt: 'P' }),
    );
    const result = await generateImage(fields, { fetch: fetchMock });
    expect(result).toEqual({ kind: 'ok', imageUrl: '/creator/images/1.svg', prompt: 'P' });
    const url = sentUrl(fetchMock);
    expect(url.pathname).toBe('/creator/generate_image');
    expect(Object.fromEntries(url.searchParams)).toEqual(fields);
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('GET');
  });

  it('maps HTTP 429 to a limit result with the retry delay', async () => {
    const fetchMock = fakeFetch(
      jsonResponse(429, { image_url: 'too many requests', prompt: '' }, { 'retry-after': '3600' }),
    );
    expect(await generateImage(fields, { fetch: fetchMock })).toEqual({
      kind: 'limit',
      retryAfterSeconds: 3600,
    });
  });

  it('maps a 200 whose image_url is "too many requests" to a limit result', async () => {
    const fetchMock = fakeFetch(jsonResponse(200, { image_url: 'too many requests', prompt: '' }));
    expect(await generateImage(fields, { fetch: fetchMock })).toEqual({ kind: 'limit' });
  });

  it('passes the server error message through', async () => {
    const fetchMock = fakeFetch(
      jsonResponse(400, { error: { code: 'invalid_request', message: 'Interests is too long' } }),
    );
    expect(await generateImage(fields, { fetch: fetchMock })).toEqual({
      kind: 'error',
      error: { code: 'invalid_request', message: 'Interests is too long', status: 400 },
    });
  });

  it('passes on the field a refusal is about', async () => {
    const fetchMock = fakeFetch(
      jsonResponse(422, {
        error: { code: 'content_refused', message: 'We can’t print that.', field: 'interests' },
      }),
    );
    expect(await generateImage(fields, { fetch: fetchMock })).toEqual({
      kind: 'error',
      error: {
        code: 'content_refused',
        message: 'We can’t print that.',
        status: 422,
        field: 'interests',
      },
    });
  });

  it('returns the words the engine could not draw with the art', async () => {
    const fetchMock = fakeFetch(
      jsonResponse(200, {
        image_url: '/creator/images/1.svg',
        prompt: 'P',
        not_understood: ['zyxx', 7, ''],
      }),
    );
    expect(await generateImage(fields, { fetch: fetchMock })).toEqual({
      kind: 'ok',
      imageUrl: '/creator/images/1.svg',
      prompt: 'P',
      notUnderstood: ['zyxx'],
    });
  });

  it('explains a server error that has no JSON body', async () => {
    const fetchMock = fakeFetch(new Response('<html>oops</html>', { status: 502 }));
    const result = await generateImage(fields, { fetch: fetchMock });
    expect(result).toMatchObject({ kind: 'error', error: { code: 'http_502', status: 502 } });
  });

  it('reports a network failure as a typed error', async () => {
    const fetchMock = fakeFetch(new TypeError('Failed to fetch'));
    const result = await generateImage(fields, { fetch: fetchMock });
    expect(result).toMatchObject({ kind: 'error', error: { code: 'network_error' } });
    if (result.kind === 'error') expect(result.error.message).toMatch(/could not reach/i);
  });

  it('treats a 200 without an image as a bad response', async () => {
    const fetchMock = fakeFetch(jsonResponse(200, { prompt: 'x' }));
    expect(await generateImage(fields, { fetch: fetchMock })).toMatchObject({
      kind: 'error',
      error: { code: 'bad_response' },
    });
  });
});

describe('generateImage with partial images', () => {
  it('asks for JSON only when nobody wants partial images', async () => {
    const fetchMock = fakeFetch(
      jsonResponse(200, { image_url: '/creator/images/1.svg', prompt: '' }),
    );
    await generateImage(fields, { fetch: fetchMock });
    expect(sentAccept(fetchMock)).toBe('application/json');
  });

  it('accepts the event stream too, and takes a plain JSON answer exactly as before', async () => {
    const partials: string[] = [];
    const fetchMock = fakeFetch(
      jsonResponse(200, { image_url: '/creator/images/1.svg', prompt: 'P' }),
    );
    const result = await generateImage(fields, {
      fetch: fetchMock,
      onPartialImage: (image) => partials.push(image),
    });
    expect(sentAccept(fetchMock)).toBe('text/event-stream, application/json');
    expect(result).toEqual({ kind: 'ok', imageUrl: '/creator/images/1.svg', prompt: 'P' });
    expect(partials).toEqual([]);
  });

  it('keeps the limit and error answers that come as JSON', async () => {
    const onPartialImage = jest.fn();
    const limited = await generateImage(fields, {
      fetch: fakeFetch(
        jsonResponse(429, { image_url: 'too many requests', prompt: '' }, { 'retry-after': '60' }),
      ),
      onPartialImage,
    });
    expect(limited).toEqual({ kind: 'limit', retryAfterSeconds: 60 });
    const refused = await generateImage(fields, {
      fetch: fakeFetch(
        jsonResponse(400, { error: { code: 'image_refused', message: 'Try other words.' } }),
      ),
      onPartialImage,
    });
    expect(refused).toEqual({
      kind: 'error',
      error: { code: 'image_refused', message: 'Try other words.', status: 400 },
    });
    expect(onPartialImage).not.toHaveBeenCalled();
  });

  it('hands on each partial picture, then resolves with the final image', async () => {
    const { result, partials } = await generateStreamed([
      wire(
        { event: 'partial', data: { image: PARTIAL_0, index: 0 } },
        { event: 'partial', data: { image: PARTIAL_1, index: 1 } },
        { event: 'done', data: { image_url: '/creator/images/abc.png', prompt: 'A fox' } },
      ),
    ]);
    expect(partials).toEqual([
      [PARTIAL_0, 0],
      [PARTIAL_1, 1],
    ]);
    expect(result).toEqual({ kind: 'ok', imageUrl: '/creator/images/abc.png', prompt: 'A fox' });
  });

  it('puts together an event split across chunks, even inside a character', async () => {
    const text = wire(
      { event: 'partial', data: { image: PARTIAL_0, index: 0 } },
      { event: 'done', data: { image_url: '/creator/images/abc.png', prompt: 'Café 🦊' } },
    );
    const bytes = new TextEncoder().encode(text);
    const fox = bytes.findIndex((byte) => byte === 0xf0);
    const cuts = [3, 9, 30, fox + 2, bytes.length];
    const { result, partials } = await generateStreamed(
      cuts.map((end, i) => bytes.slice(cuts[i - 1] ?? 0, end)),
    );
    expect(partials).toEqual([[PARTIAL_0, 0]]);
    expect(result).toEqual({ kind: 'ok', imageUrl: '/creator/images/abc.png', prompt: 'Café 🦊' });
  });

  it('reports the error event that ends a stream with its status and message', async () => {
    const { result, partials } = await generateStreamed([
      wire(
        { event: 'partial', data: { image: PARTIAL_0, index: 0 } },
        {
          event: 'error',
          data: {
            status: 504,
            error: { code: 'generation_timeout', message: 'Drawing took too long.' },
          },
        },
      ),
    ]);
    expect(partials).toHaveLength(1);
    expect(result).toEqual({
      kind: 'error',
      error: { code: 'generation_timeout', message: 'Drawing took too long.', status: 504 },
    });
  });

  it('maps a streamed 429 error to the limit result', async () => {
    const { result } = await generateStreamed([
      wire({
        event: 'error',
        data: { status: 429, error: { code: 'limit', message: 'Daily limit reached.' } },
      }),
    ]);
    expect(result).toEqual({ kind: 'limit' });
  });

  it.each([
    ['ends', 'close'],
    ['breaks', 'break'],
  ] as const)(
    'is a network failure when the stream %s before the final image',
    async (_how, ending) => {
      const { result, partials } = await generateStreamed(
        [
          wire({ event: 'partial', data: { image: PARTIAL_0, index: 0 } }),
          'event: done\ndata: {"ima',
        ],
        ending,
      );
      expect(partials).toHaveLength(1);
      expect(result).toMatchObject({ kind: 'error', error: { code: 'network_error' } });
    },
  );

  it('ignores malformed and unknown events and partials that are not inline pictures', async () => {
    const { result, partials } = await generateStreamed([
      'event: partial\ndata: {not json\n\n',
      'event: partial\ndata: {"image":"https://elsewhere.example/x.png","index":0}\n\n',
      'event: partial\ndata: {"image":"javascript:alert(1)","index":1}\n\n',
      'event: partial\ndata: {"image":"data:image/webp;base64,AA=="}\n\n',
      'data: {"image":"data:image/webp;base64,AA==","index":2}\n\n',
      ': a comment\nevent: progress\ndata: 50\n\n',
      wire({ event: 'partial', data: { image: PARTIAL_1, index: 3 } }),
      wire({ event: 'done', data: { image_url: '/creator/images/abc.png', prompt: '' } }),
    ]);
    expect(partials).toEqual([[PARTIAL_1, 3]]);
    expect(result).toEqual({ kind: 'ok', imageUrl: '/creator/images/abc.png', prompt: '' });
  });

  it('treats a final event it cannot read as a failure, not a crash', async () => {
    const { result: unreadableDone } = await generateStreamed(['event: done\ndata: nope\n\n']);
    expect(unreadableDone).toMatchObject({ kind: 'error', error: { code: 'bad_response' } });
    const { result: unreadableError } = await generateStreamed(['event: error\ndata: nope\n\n']);
    expect(unreadableError).toMatchObject({ kind: 'error', error: { code: 'bad_response' } });
  });

  it('stops reading and reports the cancellation when aborted mid-stream', async () => {
    const { response, cancelled } = streamedAnswer(
      [wire({ event: 'partial', data: { image: PARTIAL_0, index: 0 } })],
      'stay open',
    );
    const controller = new AbortController();
    const partials: string[] = [];
    const pending = generateImage(fields, {
      fetch: fakeFetch(response),
      signal: controller.signal,
      onPartialImage: (image) => {
        partials.push(image);
        controller.abort();
      },
    });
    await expect(pending).resolves.toEqual({
      kind: 'error',
      error: { code: 'aborted', message: 'The request was cancelled.' },
    });
    await cancelled;
    expect(partials).toEqual([PARTIAL_0]);
  });

  it('reports the cancellation when aborted before the answer', async () => {
    const controller = new AbortController();
    const fetchMock = fakeFetch();
    const pending = generateImage(fields, {
      fetch: fetchMock,
      signal: controller.signal,
      onPartialImage: () => undefined,
    });
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'error', error: { code: 'aborted' } });
  });

  it('lets the connection go once the final image is in', async () => {
    const { response, cancelled } = streamedAnswer(
      [wire({ event: 'done', data: { image_url: '/creator/images/abc.png', prompt: '' } })],
      'stay open',
    );
    const result = await generateImage(fields, {
      fetch: fakeFetch(response),
      onPartialImage: () => undefined,
    });
    expect(result).toMatchObject({ kind: 'ok' });
    await cancelled;
  });
});

describe('createCheckout', () => {
  it('posts every option URL-encoded and returns the payment link', async () => {
    const fetchMock = fakeFetch(jsonResponse(200, { paymentLinkURL: '/pay/42' }));
    expect(await createCheckout(order, { fetch: fetchMock })).toEqual({
      kind: 'ok',
      paymentLinkURL: '/pay/42',
    });
    const url = sentUrl(fetchMock);
    expect(url.pathname).toBe('/creator/checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...order, quantity: '3' });
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
  });

  it('uses the configured base URL', async () => {
    const fetchMock = fakeFetch(jsonResponse(200, { paymentLinkURL: '/pay/1' }));
    await createCheckout(order, { fetch: fetchMock, baseUrl: 'http://api.test' });
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^http:\/\/api\.test\/creator\/checkout\?/);
  });

  it('maps a server refusal and a network failure to typed errors', async () => {
    const refused = await createCheckout(order, {
      fetch: fakeFetch(
        jsonResponse(400, { error: { code: 'invalid_option', message: 'Bad size' } }),
      ),
    });
    expect(refused).toEqual({
      kind: 'error',
      error: { code: 'invalid_option', message: 'Bad size', status: 400 },
    });
    const offline = await createCheckout(order, { fetch: fakeFetch(new TypeError('offline')) });
    expect(offline).toMatchObject({ kind: 'error', error: { code: 'network_error' } });
  });
});

describe('a remote’s page running alone', () => {
  afterEach(() => configureStoreUrl(''));

  it('sends its calls, images and payment links to the store its static host names', async () => {
    const configFetch = fakeFetch(jsonResponse(200, { storeUrl: 'https://shop.example/' }));
    await configureStoreFromStandaloneConfig(configFetch);
    expect(String(configFetch.mock.calls[0]?.[0])).toMatch(/\/standalone-config\.json$/);

    const apiFetch = fakeFetch(jsonResponse(200, { paymentLinkURL: '/pay/abc' }));
    const result = await createCheckout(order, { fetch: apiFetch });
    expect(String(apiFetch.mock.calls[0]?.[0])).toMatch(
      /^https:\/\/shop\.example\/creator\/checkout\?/,
    );
    expect(result).toEqual({ kind: 'ok', paymentLinkURL: 'https://shop.example/pay/abc' });
    expect(storeUrl('/creator/designs/sunset-surf.svg')).toBe(
      'https://shop.example/creator/designs/sunset-surf.svg',
    );
    expect(storeUrl('https://cdn.example/art.png')).toBe('https://cdn.example/art.png');
  });

  it('names the store and the likely cause when a call gets no answer (CORS, STANDALONE_ORIGINS)', async () => {
    await configureStoreFromStandaloneConfig(
      fakeFetch(jsonResponse(200, { storeUrl: 'http://127.0.0.1:8080' })),
    );
    const result = await createCheckout(order, {
      fetch: fakeFetch(new TypeError('Failed to fetch')),
    });
    expect(result).toMatchObject({ kind: 'error', error: { code: 'network_error' } });
    const { message } = (result as { error: { message: string } }).error;
    expect(message).toContain('http://127.0.0.1:8080');
    expect(message).toContain(
      `STANDALONE_ORIGINS must list this page's origin, ${window.location.origin}`,
    );
  });

  it.each([
    ['no configuration file', new Response('Not found', { status: 404 })],
    ['no store in it', jsonResponse(200, { storeUrl: '' })],
    ['something that is not an origin', jsonResponse(200, { storeUrl: 'javascript:alert(1)' })],
    ['an unreachable host', new TypeError('Failed to fetch')],
  ])('keeps calling its own origin with %s', async (_case, answer) => {
    await configureStoreFromStandaloneConfig(fakeFetch(answer));
    expect(storeUrl('/creator/checkout')).toBe('/creator/checkout');
  });
});
