/**
 * While the server stops, requests still arriving on open keep-alive connections are refused with
 * the usual JSON error (503, Retry-After) before any work starts; those already in flight finish.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../http/httpError';

/** How often a stopping server closes the keep-alive connections that have fallen idle. */
const IDLE_SWEEP_MS = 100;

async function shutdownPlugin(app: FastifyInstance) {
  let closing = false;
  let idleSweep: ReturnType<typeof setInterval> | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    // Fastify closes the connections idle when the stop begins; one whose answer was still going
    // out then would otherwise stay open until its keep-alive timeout (72 s), holding the stop.
    idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    idleSweep.unref();
    app.server.once('close', () => clearInterval(idleSweep));
  });
  // A keep-alive connection would otherwise outlive its last answer and hold the stop back.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    done(
      new HttpError(503, 'shutting_down', 'This server is restarting. Please try again.', {
        'retry-after': '1',
      }),
    );
  });
}

export default fp(shutdownPlugin, { name: 'shutdown' });
