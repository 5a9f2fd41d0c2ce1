/**
 * The one stand-in for `fetch` in component and API-client tests. Each request is answered with
 * the next of the answers it was given, or held until the test answers it; every request is
 * recorded. Answers are real `Response` objects, so the code under test parses them as it would
 * a server's.
 */

/** What a request gets: a response, a network failure, or either once the promise settles. */
export type FakeAnswer = Response | Error | Promise<Response | Error>;

export interface FakeRequest {
  /** The URL as the code under test built it. */
  readonly url: string;
  readonly method: string | undefined;
  /** The query parameters, decoded. */
  readonly params: URLSearchParams;
  /** Answers this request (when it is held) with a response or a network failure. */
  respond(answer: Response | Error): void;
  /** Answers this request (when it is held) with JSON. */
  answer(status: number, body: unknown, headers?: Record<string, string>): void;
  /** Fails this request (when it is held) the way a browser does when the server is unreachable. */
  failToConnect(): void;
}

export type FakeFetch = jest.Mock<Promise<Response>, [RequestInfo | URL, RequestInit?]> & {
  /** Every request made so far, in order. */
  readonly requests: FakeRequest[];
};

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fake `fetch` to hand to the code under test. */
export function fakeFetch(...answers: FakeAnswer[]): FakeFetch {
  const queue = [...answers];
  const requests: FakeRequest[] = [];
  const fetchMock = jest.fn(
    (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const settle = (answer: Response | Error) =>
          answer instanceof Error ? reject(answer) : resolve(answer);
        const url = input instanceof Request ? input.url : String(input);
        requests.push({
          url,
          method: init?.method ?? (input instanceof Request ? input.method : undefined),
          params: new URL(url, 'http://localhost').searchParams,
          respond: settle,
          answer: (status, body, headers) => settle(jsonResponse(status, body, headers)),
          failToConnect: () => settle(new TypeError('Failed to fetch')),
        });
        const signal = init?.signal;
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        const next = queue.shift();
        if (next !== undefined) void Promise.resolve(next).then(settle);
      }),
  );
  return Object.assign(fetchMock, { requests });
}

/**
 * A fake `fetch` installed as the page's own. The browser projects' Jest setup file puts the real
 * one back after each test.
 */
export function installFakeFetch(...answers: FakeAnswer[]): FakeFetch {
  const fetchMock = fakeFetch(...answers);
  globalThis.fetch = fetchMock;
  return fetchMock;
}
