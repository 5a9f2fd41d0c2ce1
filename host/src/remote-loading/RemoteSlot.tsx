import { Suspense, createElement, type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import {
  REMOTES,
  remoteModuleId,
  type ExposedName,
  type RemoteModulePropTypes,
  type RemoteName,
} from '@tshirt/shared';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { useRemoteLoader } from './RemoteLoaderContext';
import type { RemoteComponent } from './remoteLoader';
import { onRetryRequested, requestRetry } from './retryRequests';
import styles from './RemoteSlot.module.css';

type SlotState<C> =
  | { status: 'loading'; attempt: number }
  | { status: 'ready'; attempt: number; component: C }
  | { status: 'failed'; attempt: number; error: unknown };

export interface RemoteSlotProps<R extends RemoteName, M extends ExposedName<R>> {
  remote: R;
  module: M;
  /** Props passed to the remote component. */
  props: RemoteModulePropTypes[R][M];
  className?: string;
}

/**
 * A place on the page for one exposed module of a remote. It reserves the part's space while
 * loading, and shows a fallback with Retry when the part fails to load, times out or throws.
 */
export function RemoteSlot<R extends RemoteName, M extends ExposedName<R>>({
  remote,
  module,
  props,
  className,
}: RemoteSlotProps<R, M>) {
  const loader = useRemoteLoader();
  const moduleId = remoteModuleId(remote, module);
  const { title } = REMOTES[remote];
  const slotRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<SlotState<RemoteComponent<R, M>>>(() => {
    const cached = loader.peek(remote, module);
    return cached ? { status: 'ready', attempt: 0, component: cached } : { status: 'loading', attempt: 0 };
  });

  const loadingAttempt = state.status === 'loading' ? state.attempt : null;
  useEffect(() => {
    if (loadingAttempt === null) return;
    let current = true;
    loader.load(remote, module).then(
      (component) => {
        if (current) setState({ status: 'ready', attempt: loadingAttempt, component });
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', attempt: loadingAttempt, error });
      },
    );
    return () => {
      current = false;
    };
  }, [loader, remote, module, loadingAttempt]);

  const retryIfFailed = useCallback(() => {
    setState((previous) =>
      previous.status === 'failed' ? { status: 'loading', attempt: previous.attempt + 1 } : previous,
    );
  }, []);
  useEffect(() => onRetryRequested(remote, retryIfFailed), [remote, retryIfFailed]);

  const retry = () => {
    // Focus stays in this part while the Retry button is replaced by the loading state.
    slotRef.current?.focus();
    retryIfFailed();
    requestRetry(remote);
  };

  const renderFailed = useCallback((error: unknown) => {
    setState((previous) => ({ status: 'failed', attempt: previous.attempt, error }));
  }, []);

  const skeleton = (
    <div className={styles.skeleton} role="status">
      <span className="visually-hidden">Loading the {title}…</span>
    </div>
  );

  return (
    <div
      ref={slotRef}
      tabIndex={-1}
      className={[styles.slot, className].filter(Boolean).join(' ')}
      data-remote-slot={moduleId}
      data-status={state.status}
      aria-busy={state.status === 'loading'}
    >
      {state.status === 'loading' && skeleton}
      {state.status === 'ready' && (
        <RemoteErrorBoundary key={state.attempt} moduleId={moduleId} onError={renderFailed}>
          <Suspense fallback={skeleton}>{createElement(state.component as ComponentType<object>, props as object)}</Suspense>
        </RemoteErrorBoundary>
      )}
      {state.status === 'failed' && <RemoteFallback title={title} error={state.error} onRetry={retry} />}
    </div>
  );
}
