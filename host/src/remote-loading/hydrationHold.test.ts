import { EARLY_ANSWER_HOLD_MS, EARLY_ANSWER_SHOWN_GLOBAL } from '@tshirt/shared/pageStart';
import { hydrationHold } from './hydrationHold';

/** A promise the test settles by hand, as the early script's "the answer is shown". */
function answerShown() {
  let show: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const shown = new Promise<void>((resolve, reject) => {
    show = resolve;
    fail = reject;
  });
  return { shown, show, fail };
}

describe('hydrationHold', () => {
  afterEach(() => {
    delete window[EARLY_ANSWER_SHOWN_GLOBAL];
    jest.useRealTimers();
  });

  it('holds nothing when no early answer is being shown', () => {
    expect(hydrationHold(window)).toBeUndefined();
  });

  it('holds every part until the early answer is shown, then nothing', async () => {
    const answer = answerShown();
    window[EARLY_ANSWER_SHOWN_GLOBAL] = answer.shown;
    const hold = hydrationHold(window);
    expect(hold).toBeInstanceOf(Promise);
    // Every part waits for the same hold.
    expect(hydrationHold(window)).toBe(hold);
    let ended = false;
    void hold?.then(() => (ended = true));

    await Promise.resolve();
    expect(ended).toBe(false);
    answer.show();
    await hold;
    expect(hydrationHold(window)).toBeUndefined();
  });

  it('ends when the early answer fails', async () => {
    const answer = answerShown();
    window[EARLY_ANSWER_SHOWN_GLOBAL] = answer.shown;
    const hold = hydrationHold(window);
    answer.fail(new Error('offline'));
    await expect(hold).resolves.toBeUndefined();
    expect(hydrationHold(window)).toBeUndefined();
  });

  it(`ends after ${EARLY_ANSWER_HOLD_MS} ms however long the answer takes`, async () => {
    jest.useFakeTimers();
    window[EARLY_ANSWER_SHOWN_GLOBAL] = answerShown().shown;
    const hold = hydrationHold(window);
    let ended = false;
    void hold?.then(() => (ended = true));

    await jest.advanceTimersByTimeAsync(EARLY_ANSWER_HOLD_MS - 1);
    expect(ended).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
    expect(hydrationHold(window)).toBeUndefined();
  });
});
