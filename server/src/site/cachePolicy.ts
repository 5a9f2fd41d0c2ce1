/** Which static files may be cached for good and which must be revalidated on every load. */

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `chunks/540.0fe051d53e.js`, `main.abc1234567.css`, their source maps, anything under assets/. */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

export function cacheControlForStaticFile(filePath: string): string {
  const normalized = filePath.replace(/\\/g, '/');
  if (/(^|\/)assets\//.test(normalized) || CONTENT_HASHED.test(normalized)) return IMMUTABLE;
  // remoteEntry.js, mf-manifest.json, main.js, HTML: always revalidate (ETag makes that cheap).
  return NO_CACHE;
}
