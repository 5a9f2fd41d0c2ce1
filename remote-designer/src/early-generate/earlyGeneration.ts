/**
 * A generation the designer's early script started before the art form was live, left on the page
 * for the art form to adopt (./earlyGenerate.ts starts it, ./takeEarlyGeneration.ts takes it).
 * Both sides are the designer's own release, so this shape is no one else's contract.
 */

export interface EarlyGeneration {
  /** The query string sent (without `?`): every field of the form, and `shirt`. */
  query: string;
  /** The answer, as `fetch` gave it: the art form reads it as its own (streamed or JSON). */
  response: Promise<Response>;
  /** Cancels the request (and the reading of its answer). */
  abort: () => void;
  /** `Date.now()` when it left. */
  startedAt: number;
}

/** Where on `window` the pending early generation waits. */
export const EARLY_GENERATION_GLOBAL = '__designerEarlyGeneration';

declare global {
  interface Window {
    [EARLY_GENERATION_GLOBAL]?: EarlyGeneration;
  }
}
