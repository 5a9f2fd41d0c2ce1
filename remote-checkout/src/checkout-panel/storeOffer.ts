import { createContext, use, useEffect, useState } from 'react';
import { fetchStoreOffer, type StoreOffer } from '@tshirt/shared';

/** Where the checkout learns what the store sells and what shipping costs; tests give their own. */
export type StoreOfferSource = () => Promise<StoreOffer | undefined>;

export const StoreOfferContext = createContext<StoreOfferSource>(() => fetchStoreOffer());

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
