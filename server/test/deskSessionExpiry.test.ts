/**
 * A desk session ends at the time it was given, 8 hours after sign-in, whatever the owner does in
 * between: neither the cookie's Expires nor `owner_sessions.expires_at` moves on later requests,
 * those that save the session (an action's message, shown once on the order's page) included.
 */
import { DESK_SESSION_COOKIE, DESK_SESSION_HOURS } from '../src/routes/desk';
import { withTestServer } from './fixtures';
import { newVisitor } from './helpers';
import { placedOrder } from './orderLinks';

const ADMIN_TOKEN = 'desk-expiry-token-0123456789abcdef';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const HOUR_MS = 3600_000;

const server = withTestServer({ env: { ADMIN_TOKEN } });

/** The desk session cookie an answer sets: `name=value` and its Expires, if it sets one. */
function sessionCookieOf(answer: Response): { cookie: string; expires: number } | undefined {
  const header = answer.headers
    .getSetCookie()
    .find((each) => each.startsWith(`${DESK_SESSION_COOKIE}=`));
  if (!header) return undefined;
  const expires = /;\s*Expires=([^;]+)/i.exec(header)?.[1];
  return { cookie: header.split(';')[0] as string, expires: Date.parse(expires ?? '') };
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return server.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...SAME_ORIGIN,
      ...newVisitor(),
      ...(cookie && { cookie }),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signIn(cookie?: string): Promise<{ cookie: string; expires: number }> {
  const answer = await post('/admin/sign-in', { token: ADMIN_TOKEN }, cookie);
  expect(answer.status).toBe(303);
  const session = sessionCookieOf(answer);
  if (!session) throw new Error('signing in set no session cookie');
  return session;
}

/** The session's row id: the cookie's value without its signature. */
const sessionIdOf = (cookie: string) =>
  decodeURIComponent(cookie.split('=')[1] as string).replace(/\.[^.]*$/, '');

async function endInDatabase(cookie: string): Promise<number> {
  const [row] = await server.db.query<{ expires_at: Date }>(
    'SELECT expires_at FROM owner_sessions WHERE id = $1',
    [sessionIdOf(cookie)],
  );
  if (!row) throw new Error('the session has no row');
  return new Date(row.expires_at).getTime();
}

/** A pending order, on which every desk action is refused with a message shown once. */
async function pendingOrder(): Promise<string> {
  return (await placedOrder(server.request, server.db)).id;
}

describe('a desk session', () => {
  it('ends 8 hours after sign-in, in its cookie and in the database alike', async () => {
    const before = Date.now();
    const { cookie, expires } = await signIn();
    const ends = await endInDatabase(cookie);
    expect(ends).toBeGreaterThanOrEqual(before + DESK_SESSION_HOURS * HOUR_MS);
    expect(ends).toBeLessThanOrEqual(Date.now() + DESK_SESSION_HOURS * HOUR_MS);
    // Expires is written to the second.
    expect(expires).toBe(Math.floor(ends / 1000) * 1000);
  });

  it('does not end later after an action and the order page that shows its outcome', async () => {
    const orderId = await pendingOrder();
    const { cookie } = await signIn();
    // As if signed in an hour ago: 7 hours are left.
    await server.db.query(
      `UPDATE owner_sessions SET expires_at = now() + interval '7 hours' WHERE id = $1`,
      [sessionIdOf(cookie)],
    );
    const ends = await endInDatabase(cookie);

    const action = await post(`/admin/orders/${orderId}/resend-confirmation`, {}, cookie);
    expect(action.status).toBe(303);
    const page = await server.request(`/admin/orders/${orderId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const pageAgain = await server.request(`/admin/orders/${orderId}`, { headers: { cookie } });
    expect(pageAgain.status).toBe(200);

    // The action's message was saved in the session, then cleared: the session was written twice.
    const cookiesSent = [action, page, pageAgain].flatMap((answer) => {
      const session = sessionCookieOf(answer);
      return session ? [session] : [];
    });
    expect(cookiesSent.length).toBeGreaterThan(0);
    for (const sent of cookiesSent) {
      expect(sent.cookie).toBe(cookie);
      expect(sent.expires).toBe(Math.floor(ends / 1000) * 1000);
    }
    expect(await endInDatabase(cookie)).toBe(ends);
  });

  it('is replaced by one of a full 8 hours when the owner signs in again', async () => {
    const first = await signIn();
    await server.db.query(
      `UPDATE owner_sessions SET expires_at = now() + interval '1 hour' WHERE id = $1`,
      [sessionIdOf(first.cookie)],
    );
    const before = Date.now();
    const again = await signIn(first.cookie);
    expect(again.cookie).not.toBe(first.cookie);
    expect(await endInDatabase(again.cookie)).toBeGreaterThanOrEqual(
      before + DESK_SESSION_HOURS * HOUR_MS,
    );
    expect(again.expires).toBeGreaterThan(before + (DESK_SESSION_HOURS - 0.01) * HOUR_MS);
  });
});
