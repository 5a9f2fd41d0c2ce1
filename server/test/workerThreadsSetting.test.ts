/**
 * WORKER_THREADS_ON_FIRST_JOB reaches both thread pools of a store: by default (production) the art
 * engine's and the print renderer's threads start with the store; with `true` (the tests' stores)
 * they wait for their first job.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createFakeFrontEnd, testConfig, type FakeFrontEnd } from './helpers';

let frontEnd: FakeFrontEnd;
const built: FastifyInstance[] = [];

beforeAll(() => {
  frontEnd = createFakeFrontEnd();
});
afterAll(async () => {
  await Promise.all(built.map((app) => app.close()));
  frontEnd?.remove();
});

/** A store with `env` (startApp would choose its threads for it). */
async function storeWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ ...frontEnd.env, ...env }), { logger: false });
  built.push(app);
  await app.ready();
  return app;
}

it('starts the art and print threads with the store by default', async () => {
  const app = await storeWith({});
  expect({ art: app.artEngine.threadsStarted, print: app.printRenderPool.threadsStarted }).toEqual({
    art: true,
    print: true,
  });
});

it('leaves them for their first job with WORKER_THREADS_ON_FIRST_JOB=true', async () => {
  const app = await storeWith({ WORKER_THREADS_ON_FIRST_JOB: 'true' });
  expect({ art: app.artEngine.threadsStarted, print: app.printRenderPool.threadsStarted }).toEqual({
    art: false,
    print: false,
  });
});
