/** Every number a request brings is finite, so schema bounds hold for all of them (http/finiteNumbers). */
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { nonFiniteNumberPath } from '../../http/finiteNumbers';
import { badRequest } from '../../http/httpError';

const REQUEST_PARTS = [
  ['query', 'The request'],
  ['params', 'The request path'],
  ['body', 'The request body'],
] as const;

/** Runs after validation has coerced the values, before any handler uses them. */
const refuseNonFiniteNumbers: preHandlerHookHandler = (request, _reply, done) => {
  for (const [part, subject] of REQUEST_PARTS) {
    const path = nonFiniteNumberPath(request[part]);
    if (path !== undefined) return done(badRequest(`${path || subject} must be a finite number`));
  }
  done();
};

async function finiteNumbersPlugin(app: FastifyInstance) {
  // Only a schema's coercion makes a number out of text: routes without one (pages, files) skip it.
  app.addHook('onRoute', (route) => {
    const { schema } = route;
    if (!schema?.querystring && !schema?.params && !schema?.body) return;
    const own = route.preHandler;
    route.preHandler = [refuseNonFiniteNumbers, ...(own === undefined ? [] : [own].flat())];
  });
}

export default fp(finiteNumbersPlugin, { name: 'finite-numbers' });
