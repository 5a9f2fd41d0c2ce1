/**
 * A server-rendered page or email read as a browser would: its document, and Testing Library's
 * queries (by role, label and text) over its body.
 */
import { JSDOM } from 'jsdom';
import { within } from '@testing-library/dom';

export function readPage(html: string) {
  const { document } = new JSDOM(html).window;
  return {
    document,
    /** The page's words as a reader meets them, spaces made single. */
    text: (document.body.textContent ?? '').replace(/\s+/g, ' '),
    ...within(document.body),
  };
}

export type Page = ReturnType<typeof readPage>;
