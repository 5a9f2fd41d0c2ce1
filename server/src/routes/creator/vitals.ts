import type { FastifyInstance } from 'fastify';
import { VITALS_PATH } from '@tshirt/shared/api';
import { type WebVitalReport } from '@tshirt/shared/types';
import { badRequest } from '../../http/httpError';
import { vitalsSchema } from '../../schemas/creator';

const VITALS_BODY_LIMIT = 4096;

export default async function vitalsRoute(app: FastifyInstance) {
  const { vitalsRateLimitPerMinute, vitalsMaxRows } = app.appConfig;
  // navigator.sendBeacon with a string body sends text/plain; its content is the same JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('The body must be JSON'), undefined);
    }
  });

  app.post<{ Body: WebVitalReport[] }>(
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
      await app.repositories.vitals.insert(request.body, vitalsMaxRows);
      return reply.code(204).send();
    },
  );
}
