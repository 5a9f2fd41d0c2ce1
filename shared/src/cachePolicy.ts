/**
 * Which built files may be cached for good and which must be revalidated on every load: one rule
 * for the server, the reference static server of a deployed remote, and the build's clean-up.
 */

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `chunks/540.0fe051d53e.js`, `main.abc1234567.css`, their source maps and compressed copies. */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?(\.br|\.gz)?$/i;

/** A name like `chunks/123.0fe051d53e.js` (or its map) carries a content hash and never changes. */
export function isContentHashed(filePath: string): boolean {
  return CONTENT_HASHED.test(filePath);
}

export function cacheControlForStaticFile(filePath: string): string {
  const normalized = filePath.replace(/\\/g, '/');
  if (/(^|\/)assets\//.test(normalized) || isContentHashed(normalized)) return IMMUTABLE;
  // remoteEntry.js, mf-manifest.json, main.js, HTML: always revalidate (ETag makes that cheap).
  return NO_CACHE;
}
