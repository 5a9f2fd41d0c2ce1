import { useEffect, useRef, useState } from 'react';
import {
  PART_ATTRIBUTES,
  PART_PLACEHOLDER_ATTRIBUTE,
  REMOTES,
  partIdentifierPrefix,
  remoteModuleId,
  type ExposedName,
  type RemoteModulePropTypes,
  type RemoteName,
} from '@tshirt/shared';
import { PART_LIVE, PART_SLOT_ATTRIBUTE } from '@tshirt/shared/pageStart';
import { changedControls, replayIntoPart, takeHeldEvents } from './heldEvents';
import { hydrationHold } from './hydrationHold';
import { mountPartRoot, type PartRoot } from './partRoot';
import { RemoteFallback } from './RemoteFallback';
import { canonicalJson, hydrationRefusal, partAttributes, useServerParts } from './serverParts';
import { useRemotePart, type AnyPart } from './useRemotePart';
import styles from './RemoteSlot.module.css';

/** The content of a part's element when the browser renders the part itself. */
const EMPTY_PART_ROOT = `<div ${PART_ATTRIBUTES.root}></div>`;

export interface RemoteSlotProps<R extends RemoteName, M extends ExposedName<R>> {
  remote: R;
  module: M;
  /** Props passed to the remote component. */
  props: RemoteModulePropTypes[R][M];
  className?: string;
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
  const [state, fail, retry] = useRemotePart(remote, module);
  const serverParts = useServerParts();
  const moduleId = remoteModuleId(remote, module);
  const { title } = REMOTES[remote];
  const slotRef = useRef<HTMLDivElement>(null);
  const partRef = useRef<HTMLDivElement>(null);
  // Adopted once: after a failure or on a later visit, the part is rendered in the browser.
  const [serverPart] = useState(() => serverParts.peek(moduleId));
  useEffect(() => () => serverParts.forget(moduleId), [serverParts, moduleId]);
  // The server's markup is shown until the part is live or fails; a retried part starts afresh.
  const markup = state.period === 0 && state.status !== 'failed' ? serverPart : undefined;
  const identifierPrefix = serverPart?.identifierPrefix ?? partIdentifierPrefix(remote, module);
  // Props are data (the server renders parts from their JSON): only new content renders anew.
  const propsJson = canonicalJson(props);

  // The part's own React root: kept when the effect runs again for the same part (new props, or
  // React's development double run), which cancels the unmount the cleanup before planned.
  const mounted = useRef<{
    part: AnyPart;
    root: PartRoot<object>;
    unmountTimer?: ReturnType<typeof setTimeout>;
  }>(undefined);
  const readyPart = state.status === 'ready' ? state.part : undefined;
  // Counts the holds on hydration that have ended, so the effect below runs again after each.
  const [holdsEnded, setHoldsEnded] = useState(0);
  useEffect(() => {
    const element = partRef.current;
    const rootElement = element?.querySelector<HTMLElement>(`:scope > [${PART_ATTRIBUTES.root}]`);
    if (!readyPart || !element || !rootElement) return;
    const partProps = JSON.parse(propsJson) as object;
    let current = mounted.current;
    if (current?.part === readyPart) {
      clearTimeout(current.unmountTimer);
      current.root.render(partProps);
    } else {
      // The server's markup stays as it is (taps on it held) until an early answer is shown.
      const hold = markup ? hydrationHold() : undefined;
      if (hold) {
        let waiting = true;
        void hold.then(() => waiting && setHoldsEnded((ended) => ended + 1));
        return () => {
          waiting = false;
        };
      }
      const refusal = markup && hydrationRefusal(markup, readyPart.release, propsJson);
      if (refusal)
        console.warn(`[remote-loading] ${moduleId} is rendered anew in the browser: ${refusal}`);
      const held = markup ? takeHeldEvents(element) : [];
      const changes = markup ? changedControls(element) : [];
      const root = mountPartRoot({
        moduleId,
        element: rootElement,
        component: readyPart.component,
        props: partProps,
        identifierPrefix,
        hydrate: markup !== undefined && !refusal,
        onLive: () => {
          element.setAttribute(PART_ATTRIBUTES.state, PART_LIVE);
          // Taps held while the part hydrated too; after the commit that made it live, so its
          // handlers see a settled tree.
          const heldSince = takeHeldEvents(element);
          queueMicrotask(() => replayIntoPart(element, changes, [...held, ...heldSince]));
        },
        onError: fail,
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
  }, [readyPart, propsJson, markup, moduleId, identifierPrefix, fail, holdsEnded]);

  const onRetry = () => {
    // Focus stays in this part while the Retry button is replaced by the loading state.
    slotRef.current?.focus();
    retry();
  };

  return (
    <div
      ref={slotRef}
      tabIndex={-1}
      className={[styles.slot, className].filter(Boolean).join(' ')}
      {...{ [PART_SLOT_ATTRIBUTE]: moduleId }}
    >
      {(markup || state.status === 'ready') && (
        <div
          key={`part-${state.period}`}
          ref={partRef}
          {...partAttributes(moduleId, markup)}
          // The host never renders inside: React is told the element's content is this markup (the
          // server's, or an empty root), so hydrating the page keeps it, and it never changes it; the
          // part's own React root takes over the root element inside.
          dangerouslySetInnerHTML={{ __html: markup?.html ?? EMPTY_PART_ROOT }}
        />
      )}
      {state.status === 'loading' && !markup && (
        <div
          className={styles.skeleton}
          role="status"
          aria-busy="true"
          {...{ [PART_PLACEHOLDER_ATTRIBUTE]: moduleId }}
        >
          <span className="visually-hidden">Loading the {title}…</span>
        </div>
      )}
      {state.status === 'loading' && state.slow && (
        <div className={styles.slowNotice} role="status">
          <p className={styles.slowText}>The {title} is taking longer than usual.</p>
          <button type="button" className={styles.slowRetry} onClick={onRetry}>
            Retry
          </button>
        </div>
      )}
      {state.status === 'failed' && (
        <RemoteFallback title={title} error={state.error} onRetry={onRetry} />
      )}
    </div>
  );
}
