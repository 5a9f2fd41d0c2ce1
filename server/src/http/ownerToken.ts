/**
 * Signing in to the owner's desk: the token compared in constant time, the session cookie's secret
 * derived from it (every instance with the same ADMIN_TOKEN signs and checks cookies alike, and a
 * new token ends every session), and a lock on an address that keeps sending wrong tokens.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The key that signs the desk's session cookies. */
export function sessionSecret(adminToken: string): string {
  return createHmac('sha256', adminToken).update('owner-desk-session').digest('base64url');
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is the token; its length and content take the same time to compare either way. */
export function tokenMatches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export interface SignInFailures {
  /** Seconds the address must wait before it may try again; 0 when it may now. */
  lockedFor(address: string): number;
  /** Counts a wrong token from the address; the seconds it is now locked for (0: not locked). */
  record(address: string): number;
  /** The right token from the address: its count starts again. */
  clear(address: string): void;
}

/** Addresses remembered at most, so a flood of addresses cannot fill memory. */
const MAX_ADDRESSES = 10_000;

/**
 * Wrong tokens counted per address in this instance's memory (like the rate limit beside it): after
 * `limit` of them within `windowMs`, the address is locked until that window ends.
 */
export function createSignInFailures(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): SignInFailures {
  const { limit, windowMs, now = Date.now } = options;
  const failures = new Map<string, { count: number; until: number }>();

  function current(address: string) {
    const entry = failures.get(address);
    if (entry && entry.until <= now()) {
      failures.delete(address);
      return undefined;
    }
    return entry;
  }

  const secondsLeft = (until: number) => Math.max(1, Math.ceil((until - now()) / 1000));

  return {
    lockedFor(address) {
      const entry = current(address);
      return entry && entry.count >= limit ? secondsLeft(entry.until) : 0;
    },
    record(address) {
      const entry = current(address) ?? { count: 0, until: now() + windowMs };
      entry.count += 1;
      failures.delete(address);
      failures.set(address, entry);
      // The oldest first: a Map keeps insertion order.
      while (failures.size > MAX_ADDRESSES) failures.delete(failures.keys().next().value as string);
      return entry.count >= limit ? secondsLeft(entry.until) : 0;
    },
    clear(address) {
      failures.delete(address);
    },
  };
}
