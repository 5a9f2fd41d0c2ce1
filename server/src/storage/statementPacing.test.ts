import { createStatementPacer } from './statementPacing';

/** Whether `promise` has settled once the promise jobs queued now have run (no timer fired). */
async function settledAtOnce(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise<void>((resolve) => setImmediate(resolve));
  return settled;
}

// The pacer's clock is performance.now and its wait a timer: both under the test's hand.
beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
afterEach(() => jest.useRealTimers());

describe('createStatementPacer', () => {
  it('starts the first statement at once, and the next one only after the gap', async () => {
    const pace = createStatementPacer(40);
    expect(await settledAtOnce(pace())).toBe(true);
    const next = pace();
    await jest.advanceTimersByTimeAsync(39);
    expect(await settledAtOnce(next)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settledAtOnce(next)).toBe(true);
  });

  it('starts a full statement at once, even inside the gap', async () => {
    const pace = createStatementPacer(10_000);
    await pace();
    expect(await settledAtOnce(pace(true))).toBe(true);
  });

  it('does not hold a statement that comes after a quiet spell', async () => {
    const pace = createStatementPacer(20);
    await pace();
    await jest.advanceTimersByTimeAsync(20);
    expect(await settledAtOnce(pace())).toBe(true);
  });
});
