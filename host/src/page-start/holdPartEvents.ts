/**
 * A server-rendered part is visible before its code runs. A click on one of its controls, or a
 * submission of one of its forms, until then is held, not lost: stopped, queued on the page and its
 * control marked held (styled as waiting); the host replays it once the part is live
 * (../remote-loading/heldEvents.ts). Typing needs no help: the text stays in the field and the
 * host hands it to the part.
 */
import {
  HELD_ATTRIBUTE,
  HELD_EVENTS_GLOBAL,
  PENDING_PART_SELECTOR,
  type HeldEvent,
} from '@tshirt/shared/pageStart';

/** The controls whose clicks a part acts on. */
const CONTROLS =
  'button, summary, [role="button"], input[type="checkbox"], input[type="radio"], input[type="submit"]';

export function holdPartEvents(win: Window): void {
  const held = (win[HELD_EVENTS_GLOBAL] = win[HELD_EVENTS_GLOBAL] || []);
  const doc = win.document;

  const pendingPart = (node: EventTarget | null) =>
    node instanceof Element ? node.closest(PENDING_PART_SELECTOR) : null;

  const hold = (
    type: HeldEvent['type'],
    event: Event,
    target: Element,
    submitter: HTMLElement | null,
  ) => {
    event.preventDefault();
    // Not stopImmediatePropagation: a remote's early script listening on the document sees it too.
    event.stopPropagation();
    target.setAttribute(HELD_ATTRIBUTE, '');
    held.push({ type, target, submitter });
  };

  doc.addEventListener(
    'click',
    (event) => {
      const part = pendingPart(event.target);
      const control = part && (event.target as Element).closest(CONTROLS);
      if (control && part.contains(control)) hold('click', event, control, null);
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      if (pendingPart(event.target)) {
        hold('submit', event, event.target as Element, event.submitter);
      }
    },
    true,
  );
}
