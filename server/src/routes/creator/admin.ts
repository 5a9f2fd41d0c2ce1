/** The owner's listings over HTTP, behind a bearer token (the local scripts use them too). */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/httpError';

export const ADMIN_ORDERS_PATH = '/creator/admin/orders';
export const ADMIN_VITALS_PATH = '/creator/admin/vitals';

function hasToken(request: FastifyRequest, expected: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1] as string);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export default async function adminRoutes(
  app: FastifyInstance,
  options: { adminToken: string | undefined },
) {
  const { adminToken } = options;
  if (!adminToken) return;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!hasToken(request, adminToken)) {
      throw new HttpError(401, 'unauthorized', 'A valid admin bearer token is required.', {
        'www-authenticate': 'Bearer',
      });
    }
  });

  app.get<{ Querystring: { limit: number } }>(
    ADMIN_ORDERS_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
        },
      },
    },
    async (request) => ({ orders: await app.repositories.orders.listRecent(request.query.limit) }),
  );

  app.get(ADMIN_VITALS_PATH, async () => ({
    vitals: await app.repositories.vitals.p75ByMetricAndRoute(),
  }));
}
