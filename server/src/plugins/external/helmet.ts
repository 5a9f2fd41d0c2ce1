/** Security headers, with a Content-Security-Policy that allows the configured remote origins and nothing else. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import { globalPlugin } from '../../http/globalPlugin';
import { remoteOrigins } from '../../site/siteConfig';

/** Stripe Checkout is a redirect target only: forms may post there, nothing is loaded from it. */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

export function contentSecurityPolicyDirectives(config: AppConfig): Record<string, string[]> {
  const remotes = remoteOrigins(config.site);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'connect-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    // Remotes inject their styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", ...remotes],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'", STRIPE_CHECKOUT_ORIGIN],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'script-src-attr': ["'none'"],
  };
}

export default globalPlugin('helmet', async (app: FastifyInstance) => {
  const config = app.appConfig;
  await app.register(helmet, {
    contentSecurityPolicy: {
      // No helmet defaults: `upgrade-insecure-requests` would break http:// remotes in development.
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(config),
    },
    // Over plain http the header is ignored at best, and it would pin a host that has no https.
    strictTransportSecurity: new URL(config.publicUrl).protocol === 'https:' ? {} : false,
  });
});
