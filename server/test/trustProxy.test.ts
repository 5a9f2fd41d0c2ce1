/**
 * What the server believes about a client behind a proxy, over real sockets: the proxy connects
 * from 127.0.0.1 with X-Forwarded-For and X-Forwarded-Proto, a client that reaches the server
 * directly connects from another loopback address and forges the same headers. With each documented form of
 * TRUST_PROXY, the daily generation limit and the sign-in lockout count each forwarded visitor, the
 * owner signs in behind TLS, and the direct client's forged headers are worth nothing; a hop count
 * is refused at start.
 */
import { request as httpRequest } from 'node:http';
import { ConfigError } from '../src/config';
import { DESK_SESSION_COOKIE, WRONG_TOKENS_ALLOWED } from '../src/routes/desk';
import { withBlockApp } from './blockApp';
import { withTestApps } from './fixtures';
import { instantImageProvider, testConfig, type RunningApp } from './helpers';

const ADMIN_TOKEN = 'proxy-owner-token-0123456789abcdef';
const PROXY = '127.0.0.1';
const STORE = {
  ADMIN_TOKEN,
  PUBLIC_URL: 'https://store.example',
  GENERATION_DAILY_LIMIT: '1',
};

// The file's apps share one database, and a block's tests one app, so its daily counts and its
// sign-in lockout: each test takes addresses of its own.
let addressesTaken = 0;
/** A visitor's address on the internet, as the proxy forwards it. */
const newVisitor = () => `203.0.113.${(addressesTaken += 1)}`;
/** A client on this machine other than the proxy, as if it reached the server past the proxy. */
const newDirectClient = () => `127.0.0.${(addressesTaken += 1) + 1}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** One request on its own connection from `from` (a loopback address) to the app. */
function send(
  app: RunningApp,
  from: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${app.url}${path}`,
      {
        method: options.method ?? 'GET',
        localAddress: from,
        agent: false,
        headers: options.headers,
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A visitor's request as the proxy forwards it: over TLS, from `visitor`. */
const forwarded = (visitor: string) => ({
  'x-forwarded-for': visitor,
  'x-forwarded-proto': 'https',
});

const generate = (app: RunningApp, from: string, visitor: string) =>
  send(app, from, '/creator/generate_image?interests=owls', { headers: forwarded(visitor) });

const signIn = (app: RunningApp, from: string, visitor: string, token: string) =>
  send(app, from, '/admin/sign-in', {
    method: 'POST',
    headers: { ...forwarded(visitor), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });

const apps = withTestApps();
// Whose daily limit a generation counts against is under test, not the art engine: a tiny SVG each.
const ARTLESS = { imageProvider: instantImageProvider };

describe.each([
  ['the proxy’s address', PROXY],
  ['a list of addresses and ranges', '10.0.0.5, 127.0.0.1/32, fd00::/8'],
  ['loopback', 'loopback'],
])('TRUST_PROXY as %s (%s)', (_form, trustProxy) => {
  const block = withBlockApp(apps, () => ({ ...STORE, TRUST_PROXY: trustProxy }), ARTLESS);
  let app: RunningApp;
  beforeEach(() => {
    app = block.running;
  });

  it('gives each forwarded visitor a daily generation limit of their own', async () => {
    const [one, another, third] = [newVisitor(), newVisitor(), newVisitor()];
    expect((await generate(app, PROXY, one)).status).toBe(200);
    expect((await generate(app, PROXY, one)).status).toBe(429);
    expect((await generate(app, PROXY, another)).status).toBe(200);
    // Whatever a visitor writes in the header themselves, the address the proxy saw counts.
    expect((await generate(app, PROXY, `${one}, ${third}`)).status).toBe(200);
    expect((await generate(app, PROXY, `${another}, ${third}`)).status).toBe(429);
  });

  it('locks out the visitor who keeps sending wrong tokens, not the owner at another address', async () => {
    const answers: number[] = [];
    const [guesser, owner] = [newVisitor(), newVisitor()];
    for (let attempt = 0; attempt <= WRONG_TOKENS_ALLOWED; attempt += 1)
      answers.push((await signIn(app, PROXY, guesser, 'wrong-token-0123456789')).status);
    expect(answers.slice(0, WRONG_TOKENS_ALLOWED - 1)).toEqual(
      Array(WRONG_TOKENS_ALLOWED - 1).fill(401),
    );
    expect(answers.slice(WRONG_TOKENS_ALLOWED - 1)).toEqual([429, 429]);

    const signedIn = await signIn(app, PROXY, owner, ADMIN_TOKEN);
    expect(signedIn.status).toBe(303);
    expect(String(signedIn.headers['set-cookie'])).toMatch(
      new RegExp(`^${DESK_SESSION_COOKIE}=.*; Secure`),
    );
  });
});

describe.each([
  ['the proxy’s address', PROXY],
  ['a list of addresses and ranges', '10.0.0.5, 127.0.0.1/32, fd00::/8'],
])(
  'TRUST_PROXY naming the proxy (%s), a client reaching the server directly',
  (_form, trustProxy) => {
    const block = withBlockApp(apps, () => ({ ...STORE, TRUST_PROXY: trustProxy }), ARTLESS);
    let app: RunningApp;
    beforeEach(() => {
      app = block.running;
    });

    it('cannot pick a fresh daily limit by forging X-Forwarded-For', async () => {
      const [client, one, another] = [newDirectClient(), newVisitor(), newVisitor()];
      expect((await generate(app, client, one)).status).toBe(200);
      expect((await generate(app, client, another)).status).toBe(429);
      // The visitor the proxy forwards from the forged address still has their own.
      expect((await generate(app, PROXY, another)).status).toBe(200);
    });

    it('cannot sign in over plain http by forging X-Forwarded-Proto', async () => {
      const answer = await signIn(app, newDirectClient(), newVisitor(), ADMIN_TOKEN);
      expect(answer.status).toBe(400);
      expect(answer.headers['set-cookie']).toBeUndefined();
    });
  },
);

describe('TRUST_PROXY as a hop count', () => {
  it.each(['1', '2'])('TRUST_PROXY=%s is refused at start, naming the forms that work', (hops) => {
    expect(() => testConfig({ TRUST_PROXY: hops })).toThrow(ConfigError);
    expect(() => testConfig({ TRUST_PROXY: hops })).toThrow(
      /is a hop count.*TRUST_PROXY=loopback .*TRUST_PROXY=10\.0\.0\.5/s,
    );
  });
});
