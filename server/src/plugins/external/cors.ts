/**
 * CORS for the remotes' pages running alone (STANDALONE_ORIGINS): they call the store's API from
 * their own origin. No other origin is let read the API's answers, and with none configured the
 * store sends no CORS headers at all. plugins/app/crossSiteRequests lets the same origins spend.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function corsPlugin(app: FastifyInstance) {
  const origins = app.appConfig.standaloneOrigins;
  if (origins.length === 0) return;
  await app.register(cors, { origin: [...origins], methods: ['GET', 'HEAD', 'POST'] });
}

export default fp(corsPlugin, { name: 'cors', decorators: { fastify: ['appConfig'] } });
