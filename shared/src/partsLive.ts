/**
 * When every server-rendered part of the page is live. Outside the package index, so no page's
 * shared chunk grows: the host and a remote each bundle their own copy of this small module.
 */
import { PART_ATTRIBUTES } from './contract';
import { PENDING_PART_SELECTOR } from './pageStart';

/**
 * Calls `then` once no part of the page is waiting for its code (at once on a page without parts),
 * or after `capMs` (a part whose remote is down never goes live). Returns a function that cancels.
 */
export function whenEveryPartIsLive(
  then: () => void,
  capMs: number,
  doc: Document = document,
): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    cancel();
    done = true;
    then();
  };
  const check = () => {
    if (!doc.querySelector(PENDING_PART_SELECTOR)) finish();
  };
  const observer = new MutationObserver(check);
  const cap = setTimeout(finish, capMs);
  function cancel() {
    observer.disconnect();
    clearTimeout(cap);
  }
  observer.observe(doc.documentElement, { subtree: true, attributeFilter: [PART_ATTRIBUTES.state] });
  check();
  return () => {
    done = true;
    cancel();
  };
}
