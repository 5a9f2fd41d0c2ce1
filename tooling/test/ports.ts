import { createServer } from 'node:net';

/**
 * Below Linux's ephemeral range (32768–60999): a port from there, free when asked, can be taken by
 * any outgoing connection before the server it is for binds it (EADDRINUSE with two test files at
 * once); a port picked at random here is taken only by another listener.
 */
const FIRST_PORT = 20_000;
const LAST_PORT = 32_767;

function tryPort(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 1));
    if (await tryPort(port)) return port;
  }
  throw new Error(`No free loopback port between ${FIRST_PORT} and ${LAST_PORT} in 100 tries`);
}
