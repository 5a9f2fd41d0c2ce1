/**
 * While the server stops, requests still arriving on open keep-alive connections are refused with
 * the usual JSON error (503, Retry-After) before any work starts; those already in flight finish.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../http/httpError';

/** How often a stopping server closes the keep-alive connections that have fallen idle. */
const IDLE_SWEEP_MS = 100;

/**
 * A connection with no answer in it and nothing left to write: an answer counts as done once it is
 * handed to the socket, though the socket may still hold megabytes of it.
 */
function isIdle(socket: Socket): boolean {
  const answer = (socket as Socket & { _httpMessage?: { writableFinished: boolean } | null })
    ._httpMessage;
  return (!answer || answer.writableFinished) && socket.writableLength === 0;
}

async function shutdownPlugin(app: FastifyInstance) {
  let closing = false;
  let idleSweep: ReturnType<typeof setInterval> | undefined;
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const closeIdle = () => {
    for (const socket of connections) if (isIdle(socket)) socket.destroy();
  };
  app.addHook('preClose', async () => {
    closing = true;
    // Keep-alive connections are closed as they fall idle: one whose answer is still going out
    // would otherwise be cut, or stay open until its keep-alive timeout (72 s), holding the stop.
    closeIdle();
    idleSweep = setInterval(closeIdle, IDLE_SWEEP_MS);
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
