/** Every number a request brings is finite, so schema bounds hold for all of them (http/finiteNumbers). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nonFiniteNumberPath } from '../../http/finiteNumbers';
import { badRequest } from '../../http/httpError';

const REQUEST_PARTS = [
  ['query', 'The request'],
  ['params', 'The request path'],
  ['body', 'The request body'],
] as const;

async function finiteNumbersPlugin(app: FastifyInstance) {
  // preHandler: after validation has coerced the values, before any handler uses them.
  app.addHook('preHandler', async (request) => {
    for (const [part, subject] of REQUEST_PARTS) {
      const path = nonFiniteNumberPath(request[part]);
      if (path !== undefined) throw badRequest(`${path || subject} must be a finite number`);
    }
  });
}

export default fp(finiteNumbersPlugin, { name: 'finite-numbers' });
