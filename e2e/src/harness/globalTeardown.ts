/** Jest globalTeardown of the browser tests: stops the run's one Chromium and removes its store data template (globalSetup.ts). */
import { rmSync } from 'node:fs';
import { sharedBrowser } from './sharedBrowser';
import { STORE_DATA_TEMPLATE_VARIABLE } from './store';

export default async function globalTeardown(): Promise<void> {
  await sharedBrowser()?.close();
  const template = process.env[STORE_DATA_TEMPLATE_VARIABLE];
  if (template) rmSync(template, { recursive: true, force: true });
}
