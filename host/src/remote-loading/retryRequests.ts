import type { RemoteName } from '@tshirt/shared';

type RetryListener = () => void;

/**
 * One Retry press retries every failed part of that remote: the designer's three parts fail
 * together when its entry is down, and a shopper should not have to press Retry three times.
 */
const listeners = new Map<RemoteName, Set<RetryListener>>();

export function onRetryRequested(remote: RemoteName, listener: RetryListener): () => void {
  const set = listeners.get(remote) ?? new Set<RetryListener>();
  listeners.set(remote, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function requestRetry(remote: RemoteName): void {
  for (const listener of [...(listeners.get(remote) ?? [])]) listener();
}
