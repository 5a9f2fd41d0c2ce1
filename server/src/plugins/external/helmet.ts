/** Security headers, with a Content-Security-Policy that allows the configured remote origins and nothing else. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { remoteOrigins } from '../../site/siteConfig';

/** Stripe Checkout is a redirect target only: forms may post there, nothing is loaded from it. */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** A directive value worked out per response (helmet calls it with the raw request and response). */
type DynamicSource = () => string;

/**
 * The policy: this origin and the configured remote origins, and for scripts also the inline
 * scripts of the current host build by their hashes (`inlineScripts`), nothing else inline.
 */
export function contentSecurityPolicyDirectives(
  config: AppConfig,
  inlineScripts: DynamicSource = () => '',
): Record<string, Array<string | DynamicSource>> {
  const remotes = remoteOrigins(config.site);
  return {
    'default-src': ["'self'"],
    'script-src': [() => ["'self'", ...remotes, inlineScripts()].filter(Boolean).join(' ')],
    'connect-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    // Each remote's stylesheets load from where it is served; the server inlines server-rendered parts' CSS.
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
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
}

export default fp(helmetPlugin, {
  name: 'helmet',
  dependencies: ['site'],
  decorators: { fastify: ['appConfig'] },
});
