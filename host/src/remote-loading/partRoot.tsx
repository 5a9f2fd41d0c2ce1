import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

/**
 * Each part is its own React root inside its slot, rendered (or hydrated) with the same element and
 * identifierPrefix the remote's build rendered its fragment with (tooling/build/fragmentRenderer.tsx),
 * so React's ids and markup match. The host's own tree never renders inside the part's element.
 */
export interface PartRootOptions<P extends object> {
  /** e.g. `designer/ArtForm`, for logs. */
  moduleId: string;
  element: HTMLElement;
  component: ComponentType<P>;
  props: P;
  identifierPrefix: string;
  /** Adopt the server's markup (true) or render anew over it (false). */
  hydrate: boolean;
  /** After the first commit and its effects: the part is live. */
  onLive(): void;
  /** The part threw while rendering (and no boundary of its own caught it). */
  onError(error: unknown): void;
}

export interface PartRoot<P extends object> {
  render(props: P): void;
  unmount(): void;
}

/**
 * Calls `onLive` once the part has committed and run its effects. Like the error boundary around
 * it, it renders its one child as it is, without DOM and without useId, so the ids inside match
 * the fragment, which was rendered without either.
 */
function LiveSignal({ onLive, children }: { onLive: () => void; children?: ReactNode }) {
  useEffect(() => onLive(), [onLive]);
  return children;
}

export function mountPartRoot<P extends object>(options: PartRootOptions<P>): PartRoot<P> {
  const { moduleId, element, component, identifierPrefix, hydrate, onLive, onError } = options;
  let live = false;
  /** Props given while the part hydrates: rendered once it is live (see `render` below). */
  let propsWhileHydrating: P | undefined;
  const signalLive = () => {
    if (live) return;
    live = true;
    if (propsWhileHydrating) root.render(rootElement(propsWhileHydrating));
    propsWhileHydrating = undefined;
    onLive();
  };
  const rootElement = (props: P) => (
    <RemoteErrorBoundary moduleId={moduleId} onError={onError}>
      <LiveSignal onLive={signalLive}>{createElement(component, props)}</LiveSignal>
    </RemoteErrorBoundary>
  );
  const rootOptions: RootOptions = {
    identifierPrefix,
    onUncaughtError: onError,
    // A mismatch React recovers from by rendering the part anew; worth a line, not a fallback.
    onRecoverableError: (error) =>
      console.warn(`[remote-loading] ${moduleId} rendered anew:`, error),
  };
  let root: Root;
  if (hydrate) {
    root = hydrateRoot(element, rootElement(options.props), rootOptions);
  } else {
    root = createRoot(element, rootOptions);
    root.render(rootElement(options.props));
  }
  return {
    render: (props) => {
      // A root given new children before its hydration (scheduled, not done in hydrateRoot) commits
      // throws the server's markup away and renders anew: new props wait until the part is live.
      if (hydrate && !live) propsWhileHydrating = props;
      else root.render(rootElement(props));
    },
    unmount: () => root.unmount(),
  };
}
