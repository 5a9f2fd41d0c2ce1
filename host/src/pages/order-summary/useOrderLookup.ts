import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OrderLookup } from '@tshirt/shared';

const noChanges = () => () => {};

/**
 * The order the page's query names: `?token=` (the order page's secret) or, where
 * `acceptSessionId`, Stripe's `?session_id=`; null when it names none. Undefined during
 * hydration: the pages are pre-rendered without a query, so their first render must not read it.
 */
export function useOrderLookup({
  acceptSessionId,
}: {
  acceptSessionId: boolean;
}): OrderLookup | null | undefined {
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const [query] = useSearchParams();
  if (!hydrated) return undefined;
  const token = query.get('token');
  if (token) return { token };
  const sessionId = acceptSessionId ? query.get('session_id') : null;
  return sessionId ? { sessionId } : null;
}
