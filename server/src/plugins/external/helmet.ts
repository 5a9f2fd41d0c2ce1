/**
 * Security headers (http/securityHeaders, the same on every answer), with a page's
 * Content-Security-Policy that allows the configured remote origins and nothing else.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { securityHeaders } from '../../http/securityHeaders';
import { TEST_PAYMENT_PAGE_STYLE_SOURCE } from '../../payments/testPaymentPage';
import { SIMPLE_PAGE_STYLE_SOURCE } from '../../site/htmlPages';
import { remoteOrigins } from '../../site/siteConfig';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Allows the inline styles of the page this reply sends, by their hashes (a composed page's
     * parts' CSS changes with the remotes' releases, so the policy is worked out again for it).
     */
    allowInlineStyles(sources: readonly string[]): void;
  }
}

/** Stripe Checkout is a redirect target only: forms may post there, nothing is loaded from it. */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** The fixed styles of the server's own small pages (the test payment page, the "not built" page). */
const SERVER_PAGE_STYLE_SOURCES = [TEST_PAYMENT_PAGE_STYLE_SOURCE, SIMPLE_PAGE_STYLE_SOURCE];

/**
 * The policy: this origin and the configured remote origins, and for scripts also the inline
 * scripts of the current host build by their hashes (`inlineScripts`), for styles the inline
 * styles of the page being sent by theirs (`inlineStyles`); nothing else inline.
 */
function contentSecurityPolicyDirectives(
  config: AppConfig,
  inlineScripts: readonly string[] = [],
  inlineStyles: readonly string[] = [],
): Record<string, readonly string[]> {
  const remotes = remoteOrigins(config.site);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...inlineScripts],
    'connect-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    // Each remote's stylesheets load from where it is served; the server inlines server-rendered
    // parts' CSS, and its own small pages carry fixed styles.
    'style-src': ["'self'", ...remotes, ...SERVER_PAGE_STYLE_SOURCES, ...inlineStyles],
    // React's `style` props (a shirt's colour, a print area's box) are attributes: they cannot add
    // selectors or load anything beyond img-src, so they may stay inline while `<style>` may not.
    'style-src-attr': ["'unsafe-inline'"],
    'font-src': ["'self'", ...remotes],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", STRIPE_CHECKOUT_ORIGIN],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'script-src-attr': ["'none'"],
  };
}

/** The header value of a set of directives, as helmet writes it. */
function headerValue(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/** No inline styles: what every answer but a page allows (one array, so its policy is remembered). */
const NO_INLINE_STYLES: readonly string[] = Object.freeze([]);

async function helmetPlugin(app: FastifyInstance) {
  const config = app.appConfig;
  // The policy is ours, not helmet's: helmet works out (and checks) every directive on every
  // response when any is dynamic, a sixth of the server's time in a profile of GET /. This one is
  // written once per host build and page, remembered by their (unchanging) lists of inline sources,
  // and forgotten with them.
  const written = new WeakMap<readonly string[], WeakMap<readonly string[], string>>();
  const policy = (inlineStyles: readonly string[]): string => {
    // The host build can change while the server runs: its inline scripts are asked for each time.
    const inlineScripts = app.hostShell.inlineScriptSources();
    let byStyles = written.get(inlineScripts);
    if (!byStyles) written.set(inlineScripts, (byStyles = new WeakMap()));
    let value = byStyles.get(inlineStyles);
    if (value === undefined) {
      value = headerValue(contentSecurityPolicyDirectives(config, inlineScripts, inlineStyles));
      byStyles.set(inlineStyles, value);
    }
    return value;
  };

  // The other headers are those of every answer, worked out once rather than per request.
  const headers = securityHeaders(config.publicUrl);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    reply.header('content-security-policy', policy(NO_INLINE_STYLES));
    done();
  });
  app.decorateReply('allowInlineStyles', function (this, sources: readonly string[]) {
    this.header('content-security-policy', policy(sources));
  });
}

export default fp(helmetPlugin, {
  name: 'helmet',
  dependencies: ['site'],
  decorators: { fastify: ['appConfig'] },
});
