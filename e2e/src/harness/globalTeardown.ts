/** Jest globalTeardown of the browser tests: stops the run's one Chromium (globalSetup.ts). */
import { sharedBrowser } from './sharedBrowser';

export default async function globalTeardown(): Promise<void> {
  await sharedBrowser()?.close();
}
