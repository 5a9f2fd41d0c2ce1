/**
 * WORKER_THREADS_ON_FIRST_JOB reaches both thread pools of a store: by default (production) the art
 * engine's and the print renderer's threads start with the store; with `true` (the tests' stores)
 * they wait for their first job.
 */
import {
  createFakeFrontEnd,
  startApp,
  testConfig,
  type FakeFrontEnd,
  type RunningApp,
} from './helpers';

let frontEnd: FakeFrontEnd;
const running: RunningApp[] = [];

beforeAll(() => {
  frontEnd = createFakeFrontEnd();
});
afterAll(async () => {
  await Promise.all(running.map((app) => app.close()));
  frontEnd?.remove();
});

/** A store with `env`, its threads left to the configuration (startApp's own choice undone). */
async function storeWith(env: Record<string, string>): Promise<RunningApp> {
  const app = await startApp(testConfig({ ...frontEnd.env, ...env }), {
    threadsOnFirstJob: undefined,
  });
  running.push(app);
  return app;
}

it('starts the art and print threads with the store by default', async () => {
  const { app } = await storeWith({});
  expect({ art: app.artEngine.threadsStarted, print: app.printRenderPool.threadsStarted }).toEqual({
    art: true,
    print: true,
  });
});

it('leaves them for their first job with WORKER_THREADS_ON_FIRST_JOB=true', async () => {
  const { app } = await storeWith({ WORKER_THREADS_ON_FIRST_JOB: 'true' });
  expect({ art: app.artEngine.threadsStarted, print: app.printRenderPool.threadsStarted }).toEqual({
    art: false,
    print: false,
  });
});
