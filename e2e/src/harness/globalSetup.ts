/**
 * Jest globalSetup of the browser tests: builds the server's bundle and the front-end apps whose
 * last build is not of their current sources (tooling/build/serverBuild.mjs and buildStaleApps.mjs,
 * as `npm start` asks), then starts the run's
 * one Chromium, and makes the store data folder every store of the run starts on a copy of
 * (store.ts); each test file opens its own context of the Chromium (browser.ts `launchBrowser`).
 * globalTeardown.ts stops the Chromium and removes the folder.
 */
import { buildStaleApps } from '@tshirt/tooling/build/buildStaleApps';
import { buildServerIfStale } from '@tshirt/tooling/build/serverBuild';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import { SHARED_BROWSER_VARIABLE, launchBrowserServer } from './browser';
import { setSharedBrowser } from './sharedBrowser';
import { STORE_DATA_TEMPLATE_VARIABLE, makeStoreDataTemplate } from './store';

export default async function globalSetup(): Promise<void> {
  // Under `npm test` its build part has built them already: then this finds nothing to build.
  const log = (line: string) => console.log(`\n${line}`);
  await Promise.all([buildServerIfStale(REPO_ROOT, { log }), buildStaleApps(REPO_ROOT, { log })]);
  const [server, template] = await Promise.all([launchBrowserServer(), makeStoreDataTemplate()]);
  setSharedBrowser(server);
  process.env[SHARED_BROWSER_VARIABLE] = server.wsEndpoint();
  process.env[STORE_DATA_TEMPLATE_VARIABLE] = template;
}
