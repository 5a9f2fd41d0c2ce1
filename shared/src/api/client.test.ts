import {
  buildQuery,
  configureStoreFromStandaloneConfig,
  configureStoreUrl,
  createCheckout,
  generateImage,
  storeUrl,
} from './client';
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
