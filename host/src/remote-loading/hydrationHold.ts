/**
 * The federation runtime's start, the remotes' code (federationRemoteLoader.ts, and each step of
 * a load under way: runtime-plugin/earlyAnswerHoldPlugin.ts) and the parts' hydration
 * (RemoteSlot.tsx) held back while a remote's early script shows the answer to a held tap
 * (EARLY_ANSWER_SHOWN_GLOBAL): on a phone, starting the runtime, running a remote's script or
 * hydrating a part is tens of milliseconds of main thread at a time, and the answer (its parsing,
 * the image, the frame that shows it) would wait behind it.
 */
import { EARLY_ANSWER_HOLD_MS, EARLY_ANSWER_SHOWN_GLOBAL } from '@tshirt/shared/pageStart';

interface Hold {
  over: boolean;
  ended: Promise<void>;
}

/** One hold per early answer: every part waits for the same one, the limit counted once. */
const holds = new WeakMap<Promise<void>, Hold>();

/**
 * A promise that resolves when parts may hydrate, while an early answer is being shown and the
 * hold has lasted less than EARLY_ANSWER_HOLD_MS; undefined when nothing holds them.
 */
export function hydrationHold(win: Window = window): Promise<void> | undefined {
  const shown = win[EARLY_ANSWER_SHOWN_GLOBAL];
  if (typeof shown?.then !== 'function') return undefined;
  let hold = holds.get(shown);
  if (!hold) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, EARLY_ANSWER_HOLD_MS);
    });
    const started: Hold = {
      over: false,
      ended: Promise.race([Promise.resolve(shown).catch(() => undefined), limit]).then(() => {
        started.over = true;
        clearTimeout(timer);
      }),
    };
    holds.set(shown, started);
    hold = started;
  }
  return hold.over ? undefined : hold.ended;
}
