/**
 * One app for the tests of a describe block, on the file's database and front end (fixtures.ts
 * `withTestApps`, whose `start` gives an app that lasts one test): for tests that each take
 * visitors, orders and stand-in state of their own and so need no fresh app.
 */
import type { AppOverrides } from '../src/app';
import type { TestApps } from './fixtures';
import { startApp, testConfig, type RunningApp } from './helpers';

export function withBlockApp(
  apps: TestApps,
  env: () => Record<string, string>,
  overrides: Omit<AppOverrides, 'database'> = {},
): { readonly running: RunningApp } {
  let running: RunningApp | undefined;
  beforeAll(async () => {
    running = await startApp(testConfig({ ...apps.frontEnd.env, ...env() }), {
      ...overrides,
      database: apps.db,
    });
  });
  afterAll(() => running?.close());
  return {
    get running() {
      if (!running)
        throw new Error('The block’s app starts in beforeAll: use it in a test or hook');
      return running;
    },
  };
}
