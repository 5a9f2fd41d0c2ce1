/**
 * A load made at the first use and kept (a module imported lazily, a client made from it): every
 * caller shares the one attempt, and a failed one is forgotten so the next use tries again, never
 * a newer attempt forgotten by an older failure.
 */
export interface LoadOnce<T> {
  /** The kept load, started now if there is none. */
  get(): Promise<T>;
  /** The kept load, if one was started and has not failed; never starts one. */
  peek(): Promise<T> | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let kept: Promise<T> | undefined;
  return {
    get() {
      if (!kept) {
        const attempt = load();
        attempt.catch(() => {
          if (kept === attempt) kept = undefined;
        });
        kept = attempt;
      }
      return kept;
    },
    peek: () => kept,
  };
}
