/**
 * The owner's desk sessions in the store's own database (`owner_sessions`), so a session made on
 * one instance is good on every other, and a signed-out or expired one is gone for all of them.
 * The shape @fastify/session asks of a store (express-session's): get, set and destroy.
 */
import type { SessionStore } from '@fastify/session';
import type { Session } from 'fastify';
import type { Queryable } from '../storage/database';

/** Expired sessions are cleared at most this often, by whichever instance writes one. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** When the session ends: its cookie's expiry, or `lifetimeMs` from now for one without. */
function expiryOf(session: Session, lifetimeMs: number): Date {
  const expires = session.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + lifetimeMs);
}

/** A stored session, its cookie ending when its row does (the database decides). */
function withRowEnd(row: { data: Session | string; expires_at: Date | string }): Session {
  const session = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Session;
  return {
    ...session,
    cookie: { ...session.cookie, expires: new Date(row.expires_at) },
  } as Session;
}

export function createOwnerSessionStore(db: Queryable, lifetimeMs: number): SessionStore {
  let lastSweep = 0;

  async function sweep(): Promise<void> {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await db.query('DELETE FROM owner_sessions WHERE expires_at <= now()');
  }

  return {
    get(sessionId, callback) {
      db.query<{ data: Session | string; expires_at: Date | string }>(
        'SELECT data, expires_at FROM owner_sessions WHERE id = $1 AND expires_at > now()',
        [sessionId],
      ).then(
        ([row]) => callback(null, row === undefined ? null : withRowEnd(row)),
        (error: unknown) => callback(error),
      );
    },
    set(sessionId, session, callback) {
      // LEAST: a session saved again (a flash message, say) never ends later than it was given.
      db.query(
        `INSERT INTO owner_sessions (id, data, expires_at) VALUES ($1, $2::jsonb, $3::timestamptz)
         ON CONFLICT (id) DO UPDATE SET data = excluded.data,
           expires_at = LEAST(owner_sessions.expires_at, excluded.expires_at)`,
        [sessionId, JSON.stringify(session), expiryOf(session, lifetimeMs).toISOString()],
      )
        .then(sweep)
        .then(
          () => callback(),
          (error: unknown) => callback(error),
        );
    },
    destroy(sessionId, callback) {
      db.query('DELETE FROM owner_sessions WHERE id = $1', [sessionId]).then(
        () => callback(),
        (error: unknown) => callback(error),
      );
    },
  };
}
