/**
 * Security headers (http/securityHeaders, the same on every answer) with the policy of an answer
 * that is not a page; whoever sends a page replaces the policy with the page's own (`pagePolicy`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  NO_INLINE_SOURCES,
  pagePolicyWriter,
  type InlineSources,
} from '../../http/contentSecurityPolicy';
import { securityHeaders } from '../../http/securityHeaders';
import { remoteOrigins } from '../../pages/siteConfig';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Content-Security-Policy of a page with these inline scripts and styles. */
    pagePolicy(inline: InlineSources): string;
  }
}

async function helmetPlugin(app: FastifyInstance) {
  const config = app.appConfig;
  const pagePolicy = pagePolicyWriter(remoteOrigins(config.frontEnd));
  app.decorate('pagePolicy', pagePolicy);
  // Worked out once rather than per request, as helmet's middleware would.
  const headers = {
    ...securityHeaders(config.publicUrl),
    'content-security-policy': pagePolicy(NO_INLINE_SOURCES),
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

export default fp(helmetPlugin, { name: 'helmet', decorators: { fastify: ['appConfig'] } });
