/**
 * Requests that change state (every method but GET, HEAD and OPTIONS) or spend a visitor's quota
 * (routes marked `spendsVisitorQuota`) are refused with a 403 when a browser says they come from
 * another site's page (http/crossSite).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { crossSiteRefusal } from '../../http/crossSite';
import { HttpError } from '../../http/httpError';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that spends something of the visitor's (generation quota): refused cross-site too. */
    spendsVisitorQuota?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function crossSiteRequestsPlugin(app: FastifyInstance) {
  const allowedOrigins = new Set(app.appConfig.allowedOrigins);
  app.addHook('onRequest', (request, _reply, done) => {
    const guarded =
      !SAFE_METHODS.has(request.method) || request.routeOptions.config.spendsVisitorQuota === true;
    const reason = guarded ? crossSiteRefusal(request.headers, allowedOrigins) : undefined;
    if (reason === undefined) return done();
    request.log.info({ reason }, 'cross-site request refused');
    done(
      new HttpError(
        403,
        'cross_site_request',
        'This request came from another site’s page. Art generation and checkout work only from the store’s own pages.',
      ),
    );
  });
}

export default fp(crossSiteRequestsPlugin, {
  name: 'cross-site-requests',
  decorators: { fastify: ['appConfig'] },
});
