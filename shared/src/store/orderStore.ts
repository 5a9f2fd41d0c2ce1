import {
  DEFAULT_QUANTITY,
  DEFAULT_SHIRT_COLOR,
  DEFAULT_SHIRT_SIZE,
  DEFAULT_SHIRT_STYLE,
  PRODUCT_NAME,
  findPremadeDesignByPath,
} from '../catalog';
import type { ArtFields, CheckoutOrder, ShirtChoices } from '../types';

/** Everything the shopper has chosen, held in memory only (nothing is persisted in the browser). */
export interface OrderState extends ArtFields, ShirtChoices {
  productName: typeof PRODUCT_NAME;
  /** The artwork on the shirt now; empty when none is chosen. */
  currentArtworkUrl: string;
  /** The most recent generated image; empty until the first generation succeeds. */
  lastGeneratedUrl: string;
  /** The prompt the server used for the last generated image. */
  prompt: string;
}

export type OrderChoicesPatch = Partial<ArtFields & ShirtChoices>;

export const INITIAL_ORDER_STATE: OrderState = Object.freeze({
  target: '',
  interests: '',
  occasion: '',
  colors: '',
  style: '',
  objects: '',
  shirtColor: DEFAULT_SHIRT_COLOR,
  shirtStyle: DEFAULT_SHIRT_STYLE,
  shirtSize: DEFAULT_SHIRT_SIZE,
  quantity: DEFAULT_QUANTITY,
  productName: PRODUCT_NAME,
  currentArtworkUrl: '',
  lastGeneratedUrl: '',
  prompt: '',
});

/**
 * The selection rule: choosing the artwork that is already on the shirt takes it off again,
 * going back to the last generated image (or to none); choosing anything else puts it on.
 */
export function selectDesign(state: OrderState, imageUrl: string): OrderState {
  const currentArtworkUrl =
    imageUrl === state.currentArtworkUrl ? state.lastGeneratedUrl : imageUrl;
  return { ...state, currentArtworkUrl };
}

/** A freshly generated image goes on the shirt and becomes the one to revert to. */
export function recordGeneratedImage(
  state: OrderState,
  imageUrl: string,
  prompt: string,
): OrderState {
  return { ...state, currentArtworkUrl: imageUrl, lastGeneratedUrl: imageUrl, prompt };
}

/** Words describing the current artwork: the generation prompt, or the pre-made design's title. */
export function describeArtwork(state: OrderState): string {
  if (state.currentArtworkUrl === '') return '';
  if (state.currentArtworkUrl === state.lastGeneratedUrl)
    return state.prompt || 'Generated artwork';
  return findPremadeDesignByPath(state.currentArtworkUrl)?.title ?? 'Selected artwork';
}

/** The order as the checkout endpoint takes it; the prompt describes whichever artwork is chosen. */
export function toCheckoutOrder(state: OrderState): CheckoutOrder {
  return {
    productName: state.productName,
    quantity: state.quantity,
    shirtStyle: state.shirtStyle,
    shirtColor: state.shirtColor,
    shirtSize: state.shirtSize,
    imageURL: state.currentArtworkUrl,
    prompt: describeArtwork(state),
  };
}

export type OrderStoreListener = () => void;

export interface OrderStore {
  getState(): OrderState;
  subscribe(listener: OrderStoreListener): () => void;
  /** Changes art fields or shirt choices. */
  update(patch: OrderChoicesPatch): void;
  recordGeneratedImage(imageUrl: string, prompt: string): void;
  selectDesign(imageUrl: string): void;
  reset(): void;
}

export function createOrderStore(initial: OrderState = INITIAL_ORDER_STATE): OrderStore {
  let state = initial;
  const listeners = new Set<OrderStoreListener>();
  const commit = (next: OrderState): void => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update(patch) {
      const changed = (Object.keys(patch) as (keyof OrderChoicesPatch)[]).some(
        (key) => patch[key] !== undefined && patch[key] !== state[key],
      );
      if (changed) commit({ ...state, ...stripUndefined(patch) });
    },
    recordGeneratedImage(imageUrl, prompt) {
      commit(recordGeneratedImage(state, imageUrl, prompt));
    },
    selectDesign(imageUrl) {
      commit(selectDesign(state, imageUrl));
    },
    reset() {
      commit(initial);
    },
  };
}

function stripUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(patch).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** The one store instance: Module Federation shares this package as a singleton at run time. */
export const orderStore: OrderStore = createOrderStore();
