/**
 * Every Content-Security-Policy the server writes. A page's allows this origin and the remotes'
 * origins, and inline only its own scripts and styles, by their hashes (pages/inlineSources): the
 * host build's page-start script, the server-rendered parts' CSS, the server's small pages' styles.
 * Any other answer gets a page's policy with nothing inline; an error answer allows nothing.
 */

/** The CSP sources (`'sha256-…'`) of the inline scripts and styles of a page. */
export interface InlineSources {
  scripts: readonly string[];
  styles: readonly string[];
}

export const NO_INLINE_SOURCES: InlineSources = Object.freeze({ scripts: [], styles: [] });

/** The policy of an error answer: it loads nothing, runs nothing and is never framed. */
export const NOTHING_ALLOWED_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Stripe Checkout is a redirect target only: forms may post there, nothing is loaded from it. */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * The live-reload sockets of remotes served from this machine's loopback (their dev servers under
 * `npm run dev`); a deployed remote is never on the shopper's loopback, so none is added for one.
 */
function devServerSockets(remoteOrigins: readonly string[]): string[] {
  return remoteOrigins
    .filter((origin) => /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin))
    .map((origin) => origin.replace(/^http:/, 'ws:'));
}

function pageDirectives(
  remoteOrigins: readonly string[],
  inline: InlineSources,
): Record<string, readonly string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remoteOrigins, ...inline.scripts],
    'connect-src': ["'self'", ...remoteOrigins, ...devServerSockets(remoteOrigins)],
    'img-src': ["'self'", 'data:', 'blob:', ...remoteOrigins],
    // Each remote's stylesheets load from where it is served.
    'style-src': ["'self'", ...remoteOrigins, ...inline.styles],
    // React's `style` props (a shirt's colour, a print area's box) are attributes: they cannot add
    // selectors or load anything beyond img-src, so they may stay inline while `<style>` may not.
    'style-src-attr': ["'unsafe-inline'"],
    'font-src': ["'self'", ...remoteOrigins],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", STRIPE_CHECKOUT_ORIGIN],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'script-src-attr': ["'none'"],
  };
}

/**
 * The policy of a page by its inline sources, for a store whose remotes are served from
 * `remoteOrigins`. Written once per page and remembered by its sources (made once with the page),
 * so a request costs a lookup: helmet's middleware worked out every directive on every answer.
 */
export function pagePolicyWriter(
  remoteOrigins: readonly string[],
): (inline: InlineSources) => string {
  const written = new WeakMap<InlineSources, string>();
  return (inline) => {
    let policy = written.get(inline);
    if (policy === undefined) {
      policy = Object.entries(pageDirectives(remoteOrigins, inline))
        .map(([name, sources]) => [name, ...sources].join(' '))
        .join(';');
      written.set(inline, policy);
    }
    return policy;
  };
}
