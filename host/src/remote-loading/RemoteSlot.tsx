import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import {
  PART_ATTRIBUTES,
  PART_PLACEHOLDER_ATTRIBUTE,
  REMOTES,
  REMOTE_SLOW_NOTICE_MS,
  partIdentifierPrefix,
  remoteModuleId,
  type ExposedName,
  type RemoteModulePropTypes,
  type RemoteName,
} from '@tshirt/shared';
import { changedControls, replayIntoPart, takeHeldEvents } from './heldEvents';
import { mountPartRoot, type PartRoot } from './partRoot';
import { RemoteFallback } from './RemoteFallback';
import { useRemoteLoader } from './RemoteLoaderContext';
import type { LoadedPart } from './remoteLoader';
import { useServerParts, type ServerPart } from './serverParts';
import styles from './RemoteSlot.module.css';

type AnyPart = LoadedPart<ComponentType<object>>;

/** The content of a part's element when the browser renders the part itself. */
const EMPTY_PART_ROOT = `<div ${PART_ATTRIBUTES.root}></div>`;

/**
 * `period` counts the waits for the part (a new one after each failure), `attempt` the loads asked
 * for (a Retry while a wait goes on is a new attempt in the same period, with the same time limit).
 */
type SlotState =
  | { status: 'loading'; period: number; attempt: number; waitingSince: number }
  | { status: 'ready'; period: number; part: AnyPart }
  | { status: 'failed'; period: number; error: unknown };

export interface RemoteSlotProps<R extends RemoteName, M extends ExposedName<R>> {
  remote: R;
  module: M;
  /** Props passed to the remote component. */
  props: RemoteModulePropTypes[R][M];
  className?: string;
}

/** JSON with sorted keys, so the same props compare equal whatever order they were written in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Why the server's markup cannot be adopted by this code, or undefined when it can. */
function hydrationRefusal(
  serverPart: ServerPart,
  part: AnyPart,
  props: object,
): string | undefined {
  if (part.release === undefined) return 'its code carries no release id';
  if (part.release !== serverPart.release) {
    return `the markup is from release ${serverPart.release}, the code from release ${part.release}`;
  }
  let serverProps: unknown;
  try {
    serverProps = JSON.parse(serverPart.propsJson);
  } catch {
    return 'the markup names no readable props';
  }
  if (canonicalJson(serverProps) !== canonicalJson(props))
    return 'the markup was rendered with other props';
  return undefined;
}

/**
 * A place on the page for one exposed module of a remote. When the server put the part's markup
 * in the page, the slot shows it at once and hydrates it when the code arrives; otherwise it
 * reserves the part's space while loading. Either way it shows a fallback with Retry when the part
 * fails to load, times out or throws.
 */
export function RemoteSlot<R extends RemoteName, M extends ExposedName<R>>({
  remote,
  module,
  props,
  className,
}: RemoteSlotProps<R, M>) {
  const loader = useRemoteLoader();
  const serverParts = useServerParts();
  const moduleId = remoteModuleId(remote, module);
  const { title } = REMOTES[remote];
  const slotRef = useRef<HTMLDivElement>(null);
  const partRef = useRef<HTMLDivElement>(null);
  // Adopted once: after a failure or on a later visit, the part is rendered in the browser.
  const [serverPart] = useState(() => serverParts.peek(moduleId));
  const [state, setState] = useState<SlotState>(() => {
    const cached = loader.peek(remote, module) as AnyPart | undefined;
    return cached
      ? { status: 'ready', period: 0, part: cached }
      : { status: 'loading', period: 0, attempt: 0, waitingSince: Date.now() };
  });
  useEffect(() => () => serverParts.forget(moduleId), [serverParts, moduleId]);

  // Each attempt loads; whichever attempt of the current wait answers first settles it.
  const loading = state.status === 'loading' ? state : undefined;
  useEffect(() => {
    if (!loading) return;
    const { period, waitingSince } = loading;
    const settle = (next: SlotState) =>
      setState((previous) =>
        previous.status === 'loading' && previous.period === period ? next : previous,
      );
    loader.load(remote, module, { waitingSince }).then(
      (part) => settle({ status: 'ready', period, part: part as AnyPart }),
      (error: unknown) => settle({ status: 'failed', period, error }),
    );
    // Started once per attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loader, remote, module, loading?.period, loading?.attempt]);

  // A wait that goes on past REMOTE_SLOW_NOTICE_MS says so, with a Retry that keeps its time limit.
  const [slowPeriod, setSlowPeriod] = useState<number | undefined>();
  useEffect(() => {
    if (!loading) return;
    const { period, waitingSince } = loading;
    const timer = setTimeout(
      () => setSlowPeriod(period),
      Math.max(0, waitingSince + REMOTE_SLOW_NOTICE_MS - Date.now()),
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading?.period, loading?.waitingSince]);
  const slow = loading !== undefined && slowPeriod === loading.period;

  /** A failed part waits anew; a slow one asks again, keeping its wait's time limit. */
  const retrySlot = useCallback(() => {
    setState((previous) => {
      if (previous.status === 'failed') {
        return {
          status: 'loading',
          period: previous.period + 1,
          attempt: 0,
          waitingSince: Date.now(),
        };
      }
      if (previous.status === 'loading') return { ...previous, attempt: previous.attempt + 1 };
      return previous;
    });
  }, []);
  useEffect(() => loader.onRetry(remote, retrySlot), [loader, remote, retrySlot]);

  const retry = () => {
    // Focus stays in this part while the Retry button is replaced by the loading state.
    slotRef.current?.focus();
    loader.retry(remote);
  };

  const renderFailed = useCallback((error: unknown) => {
    setState((previous) => ({ status: 'failed', period: previous.period, error }));
  }, []);

  // The server's markup is shown until the part is live or fails; a retried part starts afresh.
  const showsServerMarkup =
    serverPart !== undefined && state.period === 0 && state.status !== 'failed';
  const propsJson = canonicalJson(props);

  // The part's own React root, mounted when its code is ready. Kept across React's development
  // double run of effects (the second run finds it and cancels the unmount the first one planned).
  const mounted = useRef<{
    part: AnyPart;
    root: PartRoot<object>;
    unmountTimer?: ReturnType<typeof setTimeout>;
  }>(undefined);
  const readyPart = state.status === 'ready' ? state.part : undefined;
  useEffect(() => {
    const element = partRef.current;
    const rootElement = element?.querySelector<HTMLElement>(`:scope > [${PART_ATTRIBUTES.root}]`);
    if (!readyPart || !element || !rootElement) return;
    let current = mounted.current;
    if (current?.part === readyPart) {
      clearTimeout(current.unmountTimer);
      current.unmountTimer = undefined;
    } else {
      const adopting = showsServerMarkup && serverPart !== undefined;
      const refusal = adopting
        ? hydrationRefusal(serverPart, readyPart, props as object)
        : undefined;
      if (refusal)
        console.warn(`[remote-loading] ${moduleId} is rendered anew in the browser: ${refusal}`);
      const held = adopting ? takeHeldEvents(element) : [];
      const changes = adopting ? changedControls(element) : [];
      const root = mountPartRoot({
        moduleId,
        element: rootElement,
        component: readyPart.component,
        props: props as object,
        identifierPrefix: serverPart?.identifierPrefix ?? partIdentifierPrefix(remote, module),
        hydrate: adopting && refusal === undefined,
        onLive: () => {
          element.setAttribute(PART_ATTRIBUTES.state, 'live');
          // After the commit that made the part live, so its handlers see a settled tree.
          queueMicrotask(() => replayIntoPart(element, changes, held));
        },
        onError: renderFailed,
      });
      current = mounted.current = { part: readyPart, root };
    }
    const planned = current;
    return () => {
      // Unmounting a root while React commits the host's tree is not allowed: do it just after.
      planned.unmountTimer = setTimeout(() => {
        planned.root.unmount();
        if (mounted.current === planned) mounted.current = undefined;
      }, 0);
    };
    // Mounted once per loaded part, with the props of that render; later props are rendered below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readyPart]);

  useEffect(() => {
    mounted.current?.root.render(props as object);
    // Rendered again only when the props' content changes, not for every new object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [propsJson]);

  const skeleton = (
    <div
      className={styles.skeleton}
      role="status"
      aria-busy="true"
      {...{ [PART_PLACEHOLDER_ATTRIBUTE]: moduleId }}
    >
      <span className="visually-hidden">Loading the {title}…</span>
    </div>
  );

  const partAttributes: Record<string, string> =
    showsServerMarkup && serverPart
      ? {
          [PART_ATTRIBUTES.part]: moduleId,
          [PART_ATTRIBUTES.release]: serverPart.release,
          [PART_ATTRIBUTES.identifierPrefix]: serverPart.identifierPrefix,
          [PART_ATTRIBUTES.props]: serverPart.propsJson,
        }
      : { [PART_ATTRIBUTES.part]: moduleId };

  return (
    <div
      ref={slotRef}
      tabIndex={-1}
      className={[styles.slot, className].filter(Boolean).join(' ')}
      data-remote-slot={moduleId}
    >
      {(showsServerMarkup || state.status === 'ready') && (
        <div
          key={`part-${state.period}`}
          ref={partRef}
          {...partAttributes}
          // The host never renders inside: React is told the element's content is this markup (the
          // server's, or an empty root), so hydrating the page keeps it, and it never changes it; the
          // part's own React root takes over the root element inside.
          dangerouslySetInnerHTML={{
            __html: showsServerMarkup && serverPart ? serverPart.html : EMPTY_PART_ROOT,
          }}
        />
      )}
      {state.status === 'loading' && !showsServerMarkup && skeleton}
      {slow && (
        <div className={styles.slowNotice} role="status">
          <p className={styles.slowText}>The {title} is taking longer than usual.</p>
          <button type="button" className={styles.slowRetry} onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {state.status === 'failed' && (
        <RemoteFallback title={title} error={state.error} onRetry={retry} />
      )}
    </div>
  );
}
