import { useCallback, useEffect, useState } from 'react';
import { fetchOrder, type ApiFailure, type OrderLookup, type OrderView } from '@tshirt/shared';

export interface OrderPolling {
  /** How long after each answer the order is asked for again. */
  intervalMs: number;
  /** Whether the order may still change in a way the page shows. */
  continueWhile: (order: OrderView) => boolean;
  /** Stop asking this long after the first request; without it, ask while the page is open. */
  giveUpAfterMs?: number;
}

export type OrderLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  /**
   * `gaveUp`: the order would still change, but the page stopped asking (giveUpAfterMs).
   * `replace`: shows the order as another answer of the store gave it (after a change the page
   * sent), and asks again from there.
   */
  | { status: 'found'; order: OrderView; gaveUp: boolean; replace: (order: OrderView) => void }
  | { status: 'not-found' }
  | { status: 'failed'; error: ApiFailure; retry: () => void };

type Settled =
  | { status: 'found'; order: OrderView; gaveUp: boolean }
  | { status: 'not-found' }
  | { status: 'failed'; error: ApiFailure };

const IDLE: OrderLoad = { status: 'idle' };
const LOADING: OrderLoad = { status: 'loading' };

/** The store answers any malformed or unknown look-up alike (a 4xx); too many look-ups is not one. */
function isUnknownOrder(error: ApiFailure): boolean {
  return (
    error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429
  );
}

/**
 * Loads the order `lookup` names and asks again every `polling.intervalMs` while
 * `polling.continueWhile` holds, until the page unmounts. Once the order is shown, a failed
 * request keeps it on screen and is simply retried at the next interval. A replaced order cancels
 * the question under way, so an answer sent before the change cannot hide it.
 */
export function useOrder(lookup: OrderLookup | null | undefined, polling: OrderPolling): OrderLoad {
  const token = lookup && 'token' in lookup ? lookup.token : undefined;
  const sessionId = lookup && 'sessionId' in lookup ? lookup.sessionId : undefined;
  const key =
    token !== undefined
      ? `token:${token}`
      : sessionId !== undefined
        ? `session:${sessionId}`
        : undefined;
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; attempt: number; load: Settled }>();
  const [replacement, setReplacement] = useState<{ key: string; order: OrderView }>();
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const replace = useCallback(
    (order: OrderView) => {
      if (key === undefined) return;
      setReplacement({ key, order });
      setSettled({ key, attempt, load: { status: 'found', order, gaveUp: false } });
    },
    [key, attempt],
  );

  useEffect(() => {
    if (key === undefined) return;
    const request: OrderLookup = token !== undefined ? { token } : { sessionId: sessionId ?? '' };
    const controller = new AbortController();
    const startedAt = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = replacement?.key === key ? replacement.order : undefined;
    const settle = (load: Settled) => setSettled({ key, attempt, load });

    const ask = async () => {
      const result = await fetchOrder(request, { signal: controller.signal });
      if (controller.signal.aborted) return;
      if (result.kind === 'ok') shown = result.order;
      else if (shown === undefined) {
        settle(
          isUnknownOrder(result.error)
            ? { status: 'not-found' }
            : { status: 'failed', error: result.error },
        );
        return;
      }
      const changing = polling.continueWhile(shown);
      const gaveUp =
        changing &&
        polling.giveUpAfterMs !== undefined &&
        Date.now() - startedAt >= polling.giveUpAfterMs;
      settle({ status: 'found', order: shown, gaveUp });
      if (changing && !gaveUp) timer = setTimeout(() => void ask(), polling.intervalMs);
    };
    // A replacement is already on screen (replace settled it): the next question waits its turn.
    if (shown === undefined) void ask();
    else if (polling.continueWhile(shown)) {
      timer = setTimeout(() => void ask(), polling.intervalMs);
    }

    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [key, token, sessionId, attempt, polling, replacement]);

  if (key === undefined) return IDLE;
  if (settled?.key !== key || settled.attempt !== attempt) return LOADING;
  switch (settled.load.status) {
    case 'found':
      return { ...settled.load, replace };
    case 'failed':
      return { ...settled.load, retry };
    default:
      return settled.load;
  }
}
