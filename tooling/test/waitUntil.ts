/** How long `waitUntil` keeps asking, and how often. */
export interface WaitOptions {
  timeoutMs?: number;
  everyMs?: number;
}

/**
 * Waits for a condition, never for a fixed time: polls `check` until it returns a value other than
 * `undefined` or `false` (that value), or the time is up. A `check` that throws ends the wait with
 * its error. `what` completes "waiting until …" in the time-out error; a function is asked only
 * then, so it can say how things stood at the end.
 */
export async function waitUntil<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string | (() => string),
  { timeoutMs = 30_000, everyMs = 50 }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) {
      const condition = typeof what === 'function' ? what() : what;
      throw new Error(`Timed out after ${timeoutMs} ms waiting until ${condition}`);
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
