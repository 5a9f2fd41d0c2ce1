import { createStatementPacer } from './statementPacing';

/** Whether `promise` has settled once the promise jobs queued now have run (no timer fired). */
async function settledAtOnce(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise<void>((resolve) => setImmediate(resolve));
  return settled;
}

describe('createStatementPacer', () => {
  it('starts the first statement at once, and the next one only after the gap', async () => {
    const pace = createStatementPacer(40);
    const firstStarted = performance.now();
    expect(await settledAtOnce(pace())).toBe(true);
    const next = pace();
    expect(await settledAtOnce(next)).toBe(false);
    await next;
    // The pacer counts whole milliseconds, and timers may fire a little early by performance.now's clock.
    expect(performance.now() - firstStarted).toBeGreaterThanOrEqual(38);
  });

  it('starts a full statement at once, even inside the gap', async () => {
    const pace = createStatementPacer(10_000);
    await pace();
    expect(await settledAtOnce(pace(true))).toBe(true);
  });

  it('does not hold a statement that comes after a quiet spell', async () => {
    const pace = createStatementPacer(20);
    await pace();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await settledAtOnce(pace())).toBe(true);
  });
});
