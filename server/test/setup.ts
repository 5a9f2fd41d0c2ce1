/** Jest setup of the server's test files. */

// The first database of a run is initialised for real (a few seconds on a busy machine).
jest.setTimeout(60_000);

// light-my-request (behind app.inject) requires an ES module Jest's sandbox cannot load on Node 20;
// Node's own loader can, as in production.
jest.mock('light-my-request', () =>
  jest
    .requireActual<{ loadNatively(request: string): unknown }>('./nativeModule')
    .loadNatively('light-my-request'),
);

// @fastify/cookie (the owner's desk session) imports the ES module `cookie` with import(), which
// Jest's sandbox cannot run without --experimental-vm-modules; Node's own loader can.
jest.mock('@fastify/cookie', () =>
  jest
    .requireActual<{ loadNatively(request: string): unknown }>('./nativeModule')
    .loadNatively('@fastify/cookie'),
);
