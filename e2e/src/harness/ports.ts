import type { FastifyInstance } from 'fastify';
import { createServer, type Server, type Socket } from 'node:net';
import { startStaticServer } from '@tshirt/tooling/build/serveStatic';
import { freePort } from '@tshirt/tooling/test/ports';

/** A server that accepts connections and never answers: a remote that hangs. */
export async function startSilentServer(port: number): Promise<{ stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Serves a build folder the way a CDN would (CORS, cache headers) on a free loopback port; with
 * `storeUrl`, its standalone page calls that store.
 */
export async function serveFolder(
  root: string,
  options: { storeUrl?: string } = {},
): Promise<{ server: FastifyInstance; origin: string }> {
  const port = await freePort();
  const server = await startStaticServer({ root, port, storeUrl: options.storeUrl });
  return { server, origin: `http://127.0.0.1:${port}` };
}
