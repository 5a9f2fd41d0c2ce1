/** The run's one Chromium, from Jest's globalSetup to its globalTeardown (they share the global object). */
import type { BrowserServer } from 'playwright-core';

const KEY = Symbol.for('tshirt.e2e.sharedBrowser');
const holder = globalThis as { [KEY]?: BrowserServer };

export function setSharedBrowser(server: BrowserServer): void {
  holder[KEY] = server;
}

export function sharedBrowser(): BrowserServer | undefined {
  return holder[KEY];
}
