/**
 * A stop that drops no request: the server stops taking connections at once, while the keep-alive
 * connections already open stay open and every request arriving on one is refused with the usual
 * JSON error (503 `shutting_down`, Retry-After, `Connection: close`) before any work starts, so its
 * client knows to go elsewhere rather than meeting a reset. A connection is closed once its last
 * answer is out, or once it has sat idle for IDLE_GRACE_MS or no answer is left to give anywhere;
 * requests already in flight finish. The stop goes on (Fastify closing the server and then the
 * app's plugins) once no connection is left.
 */
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../http/httpError';

/** How often a stopping server looks for connections to close. */
const SWEEP_MS = 50;
/**
 * How long a keep-alive connection may sit idle once the stop has begun: long enough that a client
 * sending requests one after another sends its next one (and is told 503) before the close.
 */
const IDLE_GRACE_MS = 1000;

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
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  /** Resolves once every connection is closed: each after its last answer, or idle too long. */
  function drain(): Promise<void> {
    const idleSince = new Map<Socket, number>();
    return new Promise((resolve) => {
      const sweep = () => {
        const now = Date.now();
        // With no answer left to give, the server is about to stop: idle ones need not wait.
        const answering = [...connections].some((socket) => !isIdle(socket));
        for (const socket of connections) {
          if (!isIdle(socket)) idleSince.delete(socket);
          else if (!answering) socket.destroy();
          else if (!idleSince.has(socket)) idleSince.set(socket, now);
          else if (now - (idleSince.get(socket) as number) >= IDLE_GRACE_MS) socket.destroy();
        }
        if (connections.size > 0) return;
        clearInterval(timer);
        resolve();
      };
      const timer = setInterval(sweep, SWEEP_MS);
      sweep();
    });
  }

  app.addHook('preClose', async () => {
    closing = true;
    if (!app.server.listening) return;
    // Only the listening socket: http.Server#close would also cut every idle keep-alive
    // connection at once, resetting a request its client is sending on one that very moment.
    NetServer.prototype.close.call(app.server);
    await drain();
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
