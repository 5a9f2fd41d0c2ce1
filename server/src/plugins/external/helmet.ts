/** Security headers, with a Content-Security-Policy that allows the configured remote origins and nothing else. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
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

/** A directive value worked out per response (helmet calls it with the raw request and response). */
type DynamicSource = (request: IncomingMessage, response: ServerResponse) => string;

/** The inline styles each response's page may apply, set by `reply.allowInlineStyles`. */
const pageStyleSources = new WeakMap<ServerResponse, readonly string[]>();

/**
 * The policy: this origin and the configured remote origins, and for scripts also the inline
 * scripts of the current host build by their hashes (`inlineScripts`), for styles the inline
 * styles of the page being sent by theirs; nothing else inline.
 */
export function contentSecurityPolicyDirectives(
  config: AppConfig,
  inlineScripts: DynamicSource = () => '',
): Record<string, Array<string | DynamicSource>> {
  const remotes = remoteOrigins(config.site);
  return {
    'default-src': ["'self'"],
    'script-src': [
      (request, response) =>
        ["'self'", ...remotes, inlineScripts(request, response)].filter(Boolean).join(' '),
    ],
    'connect-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    // Each remote's stylesheets load from where it is served; the server inlines server-rendered parts' CSS.
    'style-src': [
      (_request, response) =>
        [
          "'self'",
          ...remotes,
          ...SERVER_PAGE_STYLE_SOURCES,
          ...(pageStyleSources.get(response) ?? []),
        ].join(' '),
    ],
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

async function helmetPlugin(app: FastifyInstance) {
  const config = app.appConfig;
  await app.register(helmet, {
    contentSecurityPolicy: {
      // No helmet defaults: `upgrade-insecure-requests` would break http:// remotes in development.
      useDefaults: false,
      // The host build can change while the server runs: its inline scripts are asked for on each response.
      directives: contentSecurityPolicyDirectives(config, () =>
        app.hostShell.inlineScriptSources().join(' '),
      ),
    },
    // Over plain http the header is ignored at best, and it would pin a host that has no https.
    strictTransportSecurity: new URL(config.publicUrl).protocol === 'https:' ? {} : false,
  });
  app.decorateReply('allowInlineStyles', function (this, sources: readonly string[]) {
    pageStyleSources.set(this.raw, sources);
    // The headers were set when the request came in; set them again with this page's styles.
    this.helmet();
  });
}

export default fp(helmetPlugin, {
  name: 'helmet',
  dependencies: ['site'],
  decorators: { fastify: ['appConfig'] },
});
