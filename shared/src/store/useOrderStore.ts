import { useSyncExternalStore } from 'react';
import { orderStore, type OrderState, type OrderStore } from './orderStore';

/**
 * Reads a slice of the shared order state and re-renders when it changes. Select a primitive or
 * a value already held in the state; a selector that builds a new object would re-render forever.
 */
export function useOrderState<T>(
  selector: (state: OrderState) => T,
  store: OrderStore = orderStore,
): T {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}
