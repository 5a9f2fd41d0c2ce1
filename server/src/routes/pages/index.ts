/** Page routes of the host, the run-time site configuration, and the health check. */
import { SITE_CONFIG_PATH } from '@tshirt/shared/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NO_CACHE } from '@tshirt/shared/cachePolicy';
import { ALL_PAGE_PATHS } from '@tshirt/shared/routes';
import { sendShell } from '../../pages/sendShell';

async function pageRoutes(app: FastifyInstance) {
  for (const route of ALL_PAGE_PATHS) {
    app.get(route, (request, reply) => sendShell(app, request, reply, route, 200));
  }

  app.get(SITE_CONFIG_PATH, async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return app.siteConfig;
  });

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    await app.db.query('SELECT 1');
    return { status: 'ok' };
  });
}

export default fp(pageRoutes, { name: 'page-routes', encapsulate: true });
