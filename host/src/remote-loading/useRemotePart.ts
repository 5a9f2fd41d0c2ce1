import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { REMOTE_SLOW_NOTICE_MS, type ExposedName, type RemoteName } from '@tshirt/shared';
import { useRemoteLoader } from './RemoteLoaderContext';
import type { LoadedPart } from './remoteLoader';

export type AnyPart = LoadedPart<ComponentType<object>>;

/**
 * `period` counts the waits for the part (a new one after each failure), `attempt` the loads asked
 * for (a Retry while a wait goes on is a new attempt in the same period, with the same time limit).
 */
export type PartState =
  | { status: 'loading'; period: number; attempt: number; waitingSince: number; slow?: true }
  | { status: 'ready'; period: number; part: AnyPart }
  | { status: 'failed'; period: number; error: unknown };
type Waiting = Extract<PartState, { status: 'loading' }>;

const waiting = (period: number): PartState => ({
  status: 'loading',
  period,
  attempt: 0,
  waitingSince: Date.now(),
});

/** A failed part waits anew; a waiting one asks again, keeping its wait's time limit. */
function retried(previous: PartState): PartState {
  if (previous.status === 'failed') return waiting(previous.period + 1);
  if (previous.status === 'loading') return { ...previous, attempt: previous.attempt + 1 };
  return previous;
}

/**
 * Loads one exposed module through the context's RemoteLoader (which gives up at the time limit),
 * says when the wait passes REMOTE_SLOW_NOTICE_MS, and loads again on every Retry of its remote.
 * Returns its state, `fail` (for a part that loaded but threw) and `retry` (its whole remote).
 */
export function useRemotePart<R extends RemoteName>(remote: R, module: ExposedName<R>) {
  const loader = useRemoteLoader();
  const [state, setState] = useState<PartState>(() => {
    const cached = loader.peek(remote, module) as AnyPart | undefined;
    return cached ? { status: 'ready', period: 0, part: cached } : waiting(0);
  });

  const { period } = state;
  const attempt = state.status === 'loading' ? state.attempt : undefined;
  const waitingSince = state.status === 'loading' ? state.waitingSince : undefined;
  // Each attempt loads; whichever attempt of the current wait answers first settles it.
  useEffect(() => {
    if (waitingSince === undefined) return;
    const settle = (next: (previous: Waiting) => PartState) =>
      setState((previous) =>
        previous.status === 'loading' && previous.period === period ? next(previous) : previous,
      );
    loader.load(remote, module, { waitingSince }).then(
      (part) => settle(() => ({ status: 'ready', period, part: part as AnyPart })),
      (error: unknown) => settle(() => ({ status: 'failed', period, error })),
    );
    // The slow notice: set again by each attempt, always for the same moment of the wait.
    const slowTimer = setTimeout(
      () => settle((previous) => ({ ...previous, slow: true })),
      Math.max(0, waitingSince + REMOTE_SLOW_NOTICE_MS - Date.now()),
    );
    return () => clearTimeout(slowTimer);
  }, [loader, remote, module, period, attempt, waitingSince]);

  useEffect(() => loader.onRetry(remote, () => setState(retried)), [loader, remote]);
  const fail = useCallback(
    (error: unknown) => setState(({ period }) => ({ status: 'failed', period, error })),
    [],
  );
  return [state, fail, () => loader.retry(remote)] as const;
}
