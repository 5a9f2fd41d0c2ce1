/**
 * The art form's side of the early generation (./earlyGenerate.ts): when the shopper's press was
 * already sent before the form was live, the form reads that answer instead of asking again.
 */
import { EARLY_GENERATION_GLOBAL, type EarlyGeneration } from '@tshirt/shared/pageStart';
import { removeEarlyArt } from './earlyArt';

/**
 * An early generation older than this is not adopted: a held press is replayed within the host's
 * remote timeout (120 s), so an older one belongs to a page that has moved on.
 */
export const EARLY_GENERATION_MAX_AGE_MS = 2 * 60 * 1000;

/** True when `early` asked for exactly these fields (the form may have sent more). */
function asksFor(early: EarlyGeneration, fields: Readonly<Record<string, string>>): boolean {
  const sent = new URLSearchParams(early.query);
  return Object.entries(fields).every(([name, value]) => (sent.get(name) ?? '') === value);
}

/**
 * Takes the pending early generation off the page, if any, and returns a `fetch` that answers
 * with its response when it asked for `fields` and left less than EARLY_GENERATION_MAX_AGE_MS
 * ago; aborting `signal` then aborts it. One that does not fit is aborted, its art taken off the
 * shirt, and undefined returned: the caller asks the server itself.
 */
export function takeEarlyGeneration(
  fields: Readonly<Record<string, string>>,
  signal: AbortSignal,
  win: Window = window,
  now: number = Date.now(),
): typeof fetch | undefined {
  const early = win[EARLY_GENERATION_GLOBAL];
  if (!early) return undefined;
  delete win[EARLY_GENERATION_GLOBAL];
  if (now - early.startedAt > EARLY_GENERATION_MAX_AGE_MS || !asksFor(early, fields)) {
    early.abort();
    // Its art, if already laid over the shirt, is not the art this form asks for.
    removeEarlyArt(win.document);
    return undefined;
  }
  if (signal.aborted) early.abort();
  else signal.addEventListener('abort', () => early.abort(), { once: true });
  return () => early.response;
}
