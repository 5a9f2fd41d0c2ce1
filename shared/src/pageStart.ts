/**
 * A page's first moments (docs/ARCHITECTURE.md): what the server, the host's page-start script,
 * the host's part loading and a remote's early script agree on while a server-rendered part is
 * visible but its code is not live. Every name they share is here; each side imports it, and the
 * page-start and early scripts, built from TypeScript, carry them as literals.
 * Not in the package index: only those scripts and the host's and remotes' part loading need it.
 */
import { PART_ATTRIBUTES } from './contract';

/** The value of PART_ATTRIBUTES.state once the host has the part's code running. */
export const PART_LIVE = 'live';

/** Every server-rendered part whose code is not live yet: the page holds taps on these. */
export const PENDING_PART_SELECTOR = `[${PART_ATTRIBUTES.part}]:not([${PART_ATTRIBUTES.state}='${PART_LIVE}'])`;

/** Marks a control whose tap is held (styled as waiting); the host removes it when it replays the tap. */
export const HELD_ATTRIBUTE = 'data-held';

/** The host's slot of a part (its module id), server-rendered or not. */
export const PART_SLOT_ATTRIBUTE = 'data-remote-slot';

/**
 * On the page-start script's own element: the page's scripts, as a JSON list, added once the page
 * has painted. The server puts the site configuration just before this element.
 */
export const PAGE_SCRIPTS_ATTRIBUTE = 'data-scripts';

/**
 * Marks the server's inert `<template>` of preloads of the scripts that make the page's parts
 * live; the page-start script adds them with the page's own scripts.
 */
export const PART_SCRIPTS_ATTRIBUTE = 'data-part-scripts';

/** Where on `window` the page-start script queues the taps it holds (HeldEvent). */
export const HELD_EVENTS_GLOBAL = '__heldPartEvents';

/** Where on `window` the designer's early script leaves the generation it started (EarlyGeneration). */
export const EARLY_GENERATION_GLOBAL = '__designerEarlyGeneration';

/**
 * A click or submission on a part not live yet, held by the page-start script. The host takes a
 * part's share when the part goes live and replays it; an early script may read the queue, without
 * taking anything, to act at once on a tap made before it arrived.
 */
export interface HeldEvent {
  type: 'click' | 'submit';
  target: Element;
  submitter: HTMLElement | null;
}

/**
 * A generation the designer's early script started on a held tap, for the art form to adopt once
 * live rather than ask again (both sides are the designer's).
 */
export interface EarlyGeneration {
  /** The query string sent (without `?`): every field of the form, and `shirt`. */
  query: string;
  /** The answer, as `fetch` gave it: the art form reads it as its own (streamed or JSON). */
  response: Promise<Response>;
  /** Cancels the request (and the reading of its answer). */
  abort: () => void;
  /** `Date.now()` when it left. */
  startedAt: number;
}

/**
 * Where on `window` an early script leaves a promise that settles once the answer to a held tap is
 * on the screen (or failed, or is not one it shows). Until it settles, the host starts no
 * federation runtime, runs no remote's code and starts no part's hydration, for at most
 * EARLY_ANSWER_HOLD_MS from when it first saw the promise: on a phone, the main thread is then free
 * for what the shopper is waiting for when it arrives.
 */
export const EARLY_ANSWER_SHOWN_GLOBAL = '__earlyAnswerShown';

/** How long the host holds back the parts' hydration for an early answer, at most. */
export const EARLY_ANSWER_HOLD_MS = 1500;

/**
 * Where on `window` the host's page-start script leaves the store offer's answer it asked for on
 * the product page, for the checkout part to adopt once live rather than ask again.
 */
export const EARLY_STORE_OFFER_GLOBAL = '__earlyStoreOffer';

declare global {
  interface Window {
    [HELD_EVENTS_GLOBAL]?: HeldEvent[];
    [EARLY_GENERATION_GLOBAL]?: EarlyGeneration;
    [EARLY_ANSWER_SHOWN_GLOBAL]?: Promise<void>;
    /** The answer to `GET` STORE_OFFER_PATH, as `fetch` gave it. */
    [EARLY_STORE_OFFER_GLOBAL]?: Promise<Response>;
  }
}
