import { createContext, use, useEffect, useState } from 'react';
import { fetchStoreOffer, type StoreOffer } from '@tshirt/shared';
import { EARLY_STORE_OFFER_GLOBAL } from '@tshirt/shared/pageStart';

/** Where the checkout learns what the store sells and what shipping costs; tests give their own. */
export type StoreOfferSource = () => Promise<StoreOffer | undefined>;

/**
 * Takes the answer the host's page-start script asked for as the page started, if any, as a
 * `fetch` that answers with it: read once, so a later panel asks the server itself.
 */
export function takeEarlyStoreOffer(win: Window = window): typeof fetch | undefined {
  const early = win[EARLY_STORE_OFFER_GLOBAL];
  if (!early) return undefined;
  delete win[EARLY_STORE_OFFER_GLOBAL];
  return () => early;
}

/** The store's offer: the one the page asked for as it started, or else asked for now. */
export const askStoreOffer: StoreOfferSource = () =>
  fetchStoreOffer({ fetch: takeEarlyStoreOffer() });

export const StoreOfferContext = createContext<StoreOfferSource>(askStoreOffer);

/** The store's offer once it has answered; undefined before, or when it could not say. */
export function useStoreOffer(): StoreOffer | undefined {
  const load = use(StoreOfferContext);
  const [offer, setOffer] = useState<StoreOffer>();
  useEffect(() => {
    let current = true;
    void load().then((loaded) => {
      if (current && loaded) setOffer(loaded);
    });
    return () => {
      current = false;
    };
  }, [load]);
  return offer;
}
