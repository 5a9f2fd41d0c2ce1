/**
 * The CSP sources (`'sha256-…'`) that allow exactly the inline scripts and styles of a page: the
 * host's build inlines its page-start script, the server inlines server-rendered parts' CSS, and
 * nothing else inline may run or apply.
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

/** Types of `<script>` the browser does not run (data islands such as the inlined site config). */
const DATA_SCRIPT_TYPES = new Set(['application/json', 'application/ld+json']);

/** The CSP source that allows an inline element with exactly this text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

type Element = DefaultTreeAdapterTypes.Element;

/** The hash sources of the elements of `html` that `isInline` picks, by their text. */
function inlineElementHashes(html: string, isInline: (element: Element) => boolean): string[] {
  const hashes = new Set<string>();
  const visit = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      if (isInline(child)) {
        const text = child.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
        hashes.add(hashSource(text));
      }
      visit(child);
    }
  };
  visit(parse(html));
  return [...hashes];
}

/** The sources of the inline scripts of `html` (not those with `src`, not data islands). */
export function inlineScriptHashes(html: string): string[] {
  return inlineElementHashes(html, (element) => {
    if (element.tagName !== 'script') return false;
    const attributes = new Map(element.attrs.map((attr) => [attr.name, attr.value]));
    const type = attributes.get('type')?.trim().toLowerCase();
    return !attributes.has('src') && !(type && DATA_SCRIPT_TYPES.has(type));
  });
}

/** The sources of the `<style>` elements of `html`. */
export function inlineStyleHashes(html: string): string[] {
  return inlineElementHashes(html, (element) => element.tagName === 'style');
}
