/** A stand-in for `GET /creator/generate_image` in component tests: answers are queued, requests recorded. */
export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeGenerateEndpoint {
  fetch: jest.Mock<Promise<unknown>, [string, RequestInit?]>;
  /** Query parameters of every request made so far, decoded. */
  requests(): URLSearchParams[];
  /** The raw URLs requested, as the client built them. */
  urls(): string[];
}

function fakeResponse({ status, body, headers = {} }: FakeAnswer) {
  const lowerCased = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => lowerCased[name.toLowerCase()] ?? null },
    json: async () => body,
  };
}

/**
 * Installs a fake `fetch`. Each answer is a FakeAnswer, an Error (network failure) or a promise the
 * test settles itself (to hold a request open).
 */
export function installFakeGenerateEndpoint(
  ...answers: (FakeAnswer | Error | Promise<FakeAnswer>)[]
): FakeGenerateEndpoint {
  const queue = [...answers];
  const fetch = jest.fn(async (_url: string, _init?: RequestInit) => {
    const next = queue.shift();
    if (next === undefined) throw new Error('No fake answer left for this request');
    if (next instanceof Error) throw next;
    return fakeResponse(await next);
  });
  Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: fetch });
  const urls = () => fetch.mock.calls.map(([url]) => url);
  return {
    fetch,
    urls,
    requests: () => urls().map((url) => new URL(url, 'http://localhost').searchParams),
  };
}

export const generated = (imageUrl: string, prompt: string): FakeAnswer => ({
  status: 200,
  body: { image_url: imageUrl, prompt },
});

export const limitReached: FakeAnswer = {
  status: 429,
  body: { image_url: 'too many requests', prompt: '' },
  headers: { 'Retry-After': '3600' },
};

export const serverError = (message: string): FakeAnswer => ({
  status: 503,
  body: { error: { code: 'art_provider_unavailable', message } },
});

/** A promise the test resolves when it chooses, to keep a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
