/**
 * Whether a browser sent a request from another site's page: a hostile page calling generation or
 * checkout would spend a visitor's daily quota and open orders in their name. Modelled on Go's
 * `net/http` CrossOriginProtection: browsers say where a request comes from in `Sec-Fetch-Site`
 * (or, before it, `Origin`), which no page can forge; a client sending neither (curl, a server, an
 * older browser's same-origin GET) is not a browser acting for a visitor, and is let through.
 */
import type { IncomingHttpHeaders } from 'node:http';

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Whether `origin` names the host the request was sent to (the store as this request reached it). */
function isRequestHost(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    const url = new URL(origin);
    return url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Why the request must be refused as cross-site, or undefined when it may go on. An origin in
 * `allowedOrigins` (the store's PUBLIC_URL, and any standalone front end added there) always may.
 * `Sec-Fetch-Site`, when a browser sends it, decides alone: a same-origin form post under
 * `Referrer-Policy: no-referrer` carries `Origin: null`. Without it (older browsers), a foreign
 * `Origin` is refused.
 */
export function crossSiteRefusal(
  headers: IncomingHttpHeaders,
  allowedOrigins: ReadonlySet<string>,
): string | undefined {
  const site = single(headers['sec-fetch-site'])?.toLowerCase();
  const origin = single(headers.origin);
  if (origin !== undefined && allowedOrigins.has(origin)) return undefined;
  if (site !== undefined) {
    return site === 'same-origin' || site === 'none' ? undefined : `Sec-Fetch-Site: ${site}`;
  }
  if (origin !== undefined && !isRequestHost(origin, single(headers.host))) {
    return `Origin: ${origin}`;
  }
  return undefined;
}
