/**
 * What a shopper did to a server-rendered part before its code ran, handed to the part once it is
 * live: the clicks and submissions the page-start script held (../page-start/holdPartEvents.ts),
 * and the text typed or options picked in its fields (which stay in the page on their own, but the
 * part's state does not know them).
 */

import { HELD_ATTRIBUTE, HELD_EVENTS_GLOBAL, type HeldEvent } from '@tshirt/shared/pageStart';

export type { HeldEvent };

/** Takes (removes from the page's queue) the events held for controls inside `part`. */
export function takeHeldEvents(part: Element, win: Window = window): HeldEvent[] {
  const queue = win[HELD_EVENTS_GLOBAL];
  if (!queue) return [];
  const taken: HeldEvent[] = [];
  for (let index = queue.length - 1; index >= 0; index -= 1) {
    const event = queue[index];
    if (event && part.contains(event.target)) {
      taken.unshift(event);
      queue.splice(index, 1);
    }
  }
  // The part's own code must find the markup exactly as the server rendered it.
  for (const { target } of taken) target.removeAttribute(HELD_ATTRIBUTE);
  return taken;
}

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field whose value the shopper changed before the part was live. */
export interface ChangedControl {
  control: FormControl;
  /** How to find the same field if the part was rendered anew (another release's markup). */
  key: string;
  value: string;
  checked: boolean;
}

function isCheckable(control: FormControl): control is HTMLInputElement {
  return (
    control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
  );
}

function changedFromServer(control: FormControl): boolean {
  if (control instanceof HTMLSelectElement) {
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (isCheckable(control)) return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/** A field's name, or else its label: stable across releases, unlike React's generated ids. */
function controlKey(control: FormControl): string {
  const label =
    control.labels?.[0]?.textContent?.trim() ?? control.getAttribute('aria-label') ?? '';
  return `${control.tagName}|${control.getAttribute('name') ?? ''}|${label}`;
}

function accessibleName(element: Element): string {
  return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
}

/** The fields inside `part` whose value differs from what the server rendered. */
export function changedControls(part: Element): ChangedControl[] {
  const controls = part.querySelectorAll<FormControl>('input, textarea, select');
  return [...controls].filter(changedFromServer).map((control) => ({
    control,
    key: controlKey(control),
    value: control.value,
    checked: isCheckable(control) ? control.checked : false,
  }));
}

function sameOrMatching<T extends Element>(
  part: Element,
  element: T,
  matches: (candidate: T) => boolean,
  selector: string,
): T | undefined {
  if (element.isConnected && part.contains(element)) return element;
  return [...part.querySelectorAll<T>(selector)].find(matches);
}

/**
 * Sets a field's value as if the shopper had just typed or picked it. The value is first set
 * through the element itself (which React watches) to what it was, then through the prototype's
 * setter (which React does not watch), so React sees a change and the part's onChange runs.
 */
function enterValue(control: FormControl, change: ChangedControl): void {
  if (control instanceof HTMLSelectElement) {
    control.value = change.value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (isCheckable(control)) {
    control.checked = !change.checked;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(
      control,
      change.checked,
    );
    control.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return;
  }
  const prototype =
    control instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  control.value = control.defaultValue;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, change.value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Hands the part what the shopper did before it was live: field values first, then the held clicks
 * and submissions in their order. Each control is the same element when the markup was hydrated,
 * or the one with the same name, label or text when the part was rendered anew.
 */
export function replayIntoPart(
  part: Element,
  changes: ChangedControl[],
  events: HeldEvent[],
): void {
  for (const change of changes) {
    const control = sameOrMatching(
      part,
      change.control,
      (candidate) => controlKey(candidate) === change.key,
      'input, textarea, select',
    );
    if (control) enterValue(control, change);
  }
  for (const event of events) {
    const name = accessibleName(event.target);
    const target = sameOrMatching(
      part,
      event.target,
      (candidate) =>
        candidate.tagName === event.target.tagName && accessibleName(candidate) === name,
      event.target.tagName,
    );
    if (!target) {
      console.warn(
        '[remote-loading] a held click found no matching control after the part was rendered anew',
      );
      continue;
    }
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      const submitter =
        event.submitter && target.contains(event.submitter) ? event.submitter : null;
      target.requestSubmit(submitter);
    } else if (target instanceof HTMLElement) {
      target.click();
    }
  }
}
