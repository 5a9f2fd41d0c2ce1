/**
 * What the server logs per request at the default level: one line once it is answered (method,
 * path, status, time), whatever the request; the details are there at debug.
 */
import { withTestServer } from './fixtures';

const lines: string[] = [];
const logger = { level: 'info', stream: { write: (line: string) => lines.push(line) } };
const server = withTestServer({ overrides: { logger } });

/** A mix of what a store answers: pages, built files, the API, a bad request, a missing path. */
const REQUESTS: ReadonlyArray<[method: string, path: string, status: number]> = [
  ['GET', '/', 200],
  ['GET', '/main.js', 200],
  ['GET', '/creator/designs/sunset-surf.svg', 200],
  ['GET', '/no-such-file.js', 404],
  ['POST', '/creator/checkout', 400],
];

describe('the request log at the default level', () => {
  beforeEach(() => lines.splice(0));

  it('writes at most 2 lines a request over 100 requests, each answer on one line naming method, path, status and time', async () => {
    for (let round = 0; round < 20; round += 1) {
      for (const [method, path, status] of REQUESTS) {
        const init: RequestInit = { method };
        if (method === 'POST') {
          init.body = '{"not":"an order"}';
          init.headers = { 'content-type': 'application/json', origin: 'http://shop.test' };
        }
        expect((await server.request(path, init)).status).toBe(status);
      }
    }

    expect(lines.length).toBeLessThanOrEqual(200);
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    for (const [method, path, status] of REQUESTS) {
      const answered = new RegExp(
        `^${method} ${path.replace(/[.]/g, '\\.')} ${status} \\d+\\.\\d ms$`,
      );
      expect(messages.filter((message) => answered.test(message))).toHaveLength(20);
    }
  });

  it('leaves the request’s details to the debug level', async () => {
    await server.request('/');
    const details = () => lines.filter((line) => line.includes('"req":'));
    expect(details()).toEqual([]);

    server.app.log.level = 'debug';
    try {
      await server.request('/');
    } finally {
      server.app.log.level = 'info';
    }
    expect(details()).toEqual([expect.stringContaining('"incoming request"')]);
  });
});
