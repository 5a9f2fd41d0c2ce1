/**
 * The page's queue of clicks and submissions held on server-rendered parts before their code ran.
 * The host's page-start script fills it (host/public/hold-part-events.js); the host takes a part's
 * share when the part goes live and replays it (host/src/remote-loading/heldEvents.ts); a remote's
 * early script may read it, without taking anything, to act at once on a tap made before it arrived.
 * Not in the package's index: only the host and early scripts need it.
 */
export interface HeldEvent {
  type: 'click' | 'submit';
  target: Element;
  submitter: HTMLElement | null;
}

declare global {
  interface Window {
    __heldPartEvents?: HeldEvent[];
  }
}
