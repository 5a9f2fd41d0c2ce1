/**
 * Links to an order's print file for the print provider: signed (HMAC-SHA256 over the order id and
 * the expiry) so they name that one file, and expiring so a leaked link stops working.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PRINT_FILE_PATH_PREFIX = '/creator/print-files/';

export interface PrintFileLinks {
  /** The link (absolute) the provider fetches the order's print file from. */
  linkFor(orderId: string, now: Date): string;
  /** Whether `expires` and `signature` were made by `linkFor` for this order and are still valid. */
  verify(orderId: string, expires: string, signature: string, now: Date): boolean;
}

export function createPrintFileLinks(options: {
  secret: string;
  publicUrl: string;
  ttlSeconds: number;
}): PrintFileLinks {
  const { secret, publicUrl, ttlSeconds } = options;
  const sign = (orderId: string, expires: string) =>
    createHmac('sha256', secret).update(`print-file:${orderId}:${expires}`).digest('base64url');
  return {
    linkFor(orderId, now) {
      const expires = String(Math.floor(now.getTime() / 1000) + ttlSeconds);
      const query = `expires=${expires}&signature=${sign(orderId, expires)}`;
      return `${publicUrl}${PRINT_FILE_PATH_PREFIX}${orderId}.png?${query}`;
    },
    verify(orderId, expires, signature, now) {
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(orderId, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
