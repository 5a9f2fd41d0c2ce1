import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { VITALS_PATH } from '@tshirt/shared/api';
import type { WebVitalReport } from '@tshirt/shared/schemas';
import { badRequest } from '../../http/httpError';
import { vitalsSchema } from '../../schemas/creator';

const VITALS_BODY_LIMIT = 4096;

async function vitalsRoute(app: FastifyInstance) {
  const { vitalsRateLimitPerMinute, vitalsMaxRows } = app.appConfig;
  // Pruned every tenth of the cap (1,000 rows at most) rather than on every beacon: a fraction of
  // the cost, and at most that many rows over the cap. The first batch prunes, so a lowered cap
  // applies at once.
  const pruneEvery = Math.min(1000, Math.ceil(vitalsMaxRows / 10));
  let rowsSincePrune = pruneEvery;
  // navigator.sendBeacon with a string body sends text/plain; its content is the same JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body must be JSON'), undefined);
    }
  });

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    VITALS_PATH,
    {
      schema: vitalsSchema,
      bodyLimit: VITALS_BODY_LIMIT,
      // A page load sends about five beacons; a flood from one visitor is cut off here.
      config: { rateLimit: { max: vitalsRateLimitPerMinute, timeWindow: 60_000 } },
      preValidation: async (request) => {
        if (
          request.body !== null &&
          typeof request.body === 'object' &&
          !Array.isArray(request.body)
        ) {
          request.body = [request.body as WebVitalReport];
        }
      },
    },
    async (request, reply) => {
      await app.repositories.vitals.insert(request.body);
      rowsSincePrune += request.body.length;
      if (rowsSincePrune >= pruneEvery) {
        rowsSincePrune = 0;
        await app.repositories.vitals.keepNewest(vitalsMaxRows);
      }
      return reply.code(204).send();
    },
  );
}

export default fp(vitalsRoute, { name: 'vitals-route', encapsulate: true });
