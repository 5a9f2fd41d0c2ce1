/**
 * The designs the shopper generated in this visit, oldest first, so any of them can go back on the
 * shirt. Held in memory only: a new visit starts with none. The list follows the shared order
 * store, so a design is kept however it was recorded (the art form, the early script's answer).
 */
import { useSyncExternalStore } from 'react';
import { orderStore, type OrderState } from '@tshirt/shared';

export interface GeneratedDesign {
  imageUrl: string;
  /** The prompt the server drew it from: what the order says when this design is bought. */
  prompt: string;
}

const NONE: readonly GeneratedDesign[] = [];
let designs = NONE;
const listeners = new Set<() => void>();
let following = false;

function follow({ lastGeneratedUrl, prompt }: OrderState) {
  // Only a reset of the store empties the last generated image: the visit starts again.
  const next =
    lastGeneratedUrl === ''
      ? NONE
      : designs.some((design) => design.imageUrl === lastGeneratedUrl)
        ? designs
        : [...designs, { imageUrl: lastGeneratedUrl, prompt }];
  if (next === designs) return;
  designs = next;
  for (const listener of [...listeners]) listener();
}

function startFollowing() {
  if (following) return;
  following = true;
  follow(orderStore.getState());
  orderStore.subscribe(() => follow(orderStore.getState()));
}

function subscribe(listener: () => void) {
  startFollowing();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function generatedDesigns(): readonly GeneratedDesign[] {
  startFollowing();
  return designs;
}

/** This visit's generated designs, oldest first; none in markup rendered ahead of the visit. */
export function useGeneratedDesigns(): readonly GeneratedDesign[] {
  return useSyncExternalStore(subscribe, generatedDesigns, () => NONE);
}

/** Puts a design generated earlier back on the shirt, with its own prompt, as if just generated. */
export function pickGeneratedDesign(design: GeneratedDesign): void {
  orderStore.recordGeneratedImage(design.imageUrl, design.prompt);
}
