import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

/** Types of `<script>` the browser does not run (data islands such as the inlined site config). */
const DATA_SCRIPT_TYPES = new Set(['application/json', 'application/ld+json']);

/**
 * The CSP sources (`'sha256-…'`) that allow exactly the inline scripts of `html`: the host's build
 * inlines its page-start script, and nothing else inline may run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  const visit = (node: DefaultTreeAdapterTypes.ParentNode) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      if (child.tagName === 'script') {
        const attributes = new Map(child.attrs.map((attr) => [attr.name, attr.value]));
        const type = attributes.get('type')?.trim().toLowerCase();
        if (!attributes.has('src') && !(type && DATA_SCRIPT_TYPES.has(type))) {
          const text = child.childNodes.map((node) => ('value' in node ? node.value : '')).join('');
          hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
        }
      }
      visit(child);
    }
  };
  visit(parse(html));
  return [...hashes];
}
