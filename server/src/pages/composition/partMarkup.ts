/**
 * Whether a part's markup stays inside the element the server puts it in. The page is parsed by
 * the browser as one document, so a part that leaves a comment, a script or an element open, or
 * closes an element it did not open, takes the parts after it (or the page around it) with it.
 * Checked with the HTML parser the browser follows (parse5), never with a regular expression.
 */
import { createHash } from 'node:crypto';
import {
  defaultTreeAdapter,
  html as htmlSpec,
  parseFragment,
  type DefaultTreeAdapterTypes,
} from 'parse5';

type Node = DefaultTreeAdapterTypes.ChildNode;

const OPEN = '<div>';
const CLOSE = '</div>';

/** A part goes inside a `<div>` (composePage's part root): it is parsed as the browser would there. */
const CONTEXT = defaultTreeAdapter.createElement('div', htmlSpec.NS.HTML, []);

/**
 * Elements inside one another in a part. Far above what a component renders, and far below what
 * would strain code that walks the page's tree (browsers stop nesting at 512).
 */
export const MAX_MARKUP_DEPTH = 256;

/**
 * The source spans [start, end) that the parser turned into a node of the tree, or undefined when
 * elements nest deeper than MAX_MARKUP_DEPTH. A loop, so deep markup is measured, not recursed.
 */
function usedSpans(nodes: Node[]): Array<[number, number]> | undefined {
  const spans: Array<[number, number]> = [];
  const stack = nodes.map((node) => ({ node, depth: 1 }));
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, depth } = item;
    if ('tagName' in node) {
      const location = node.sourceCodeLocation;
      if (depth > MAX_MARKUP_DEPTH) return undefined;
      if (location?.startTag) {
        spans.push([location.startTag.startOffset, location.startTag.endOffset]);
      }
      if (location?.endTag) spans.push([location.endTag.startOffset, location.endTag.endOffset]);
      const children =
        node.tagName === 'template'
          ? [...node.childNodes, ...(node as DefaultTreeAdapterTypes.Template).content.childNodes]
          : node.childNodes;
      for (const child of children) stack.push({ node: child, depth: depth + 1 });
    } else if (node.sourceCodeLocation) {
      spans.push([node.sourceCodeLocation.startOffset, node.sourceCodeLocation.endOffset]);
    }
  }
  return spans.sort(([a], [b]) => a - b);
}

/**
 * Why `markup` cannot be stitched into a page as it is, or undefined when it can: a parse error,
 * an element left open or closed from outside, or a tag the parser drops (a stray end tag would
 * close the page's own elements in the browser).
 */
export function markupProblem(markup: string): string | undefined {
  const errors: string[] = [];
  const wrapped = `${OPEN}${markup}${CLOSE}`;
  const fragment = parseFragment(CONTEXT, wrapped, {
    sourceCodeLocationInfo: true,
    onParseError: (error) => errors.push(`${error.code} at ${error.startOffset - OPEN.length}`),
  });
  if (errors.length > 0) return `its markup does not parse cleanly (${errors[0]})`;
  const [container, ...after] = fragment.childNodes;
  const closedAt =
    container && 'tagName' in container
      ? container.sourceCodeLocation?.endTag?.startOffset
      : undefined;
  if (
    !container ||
    !('tagName' in container) ||
    after.length > 0 ||
    closedAt !== OPEN.length + markup.length
  ) {
    return 'its markup leaves an element open or closes one it did not open';
  }
  const spans = usedSpans(container.childNodes);
  if (!spans) return `its elements nest deeper than ${MAX_MARKUP_DEPTH} levels`;
  let covered = OPEN.length;
  for (const [start, end] of spans) {
    if (start > covered) break;
    covered = Math.max(covered, end);
  }
  if (covered < OPEN.length + markup.length) {
    return `its markup has a tag the parser drops at ${covered - OPEN.length}`;
  }
  return undefined;
}

/** Verdicts kept by the markup's digest: a release that changes only its id is not parsed again. */
const VERDICTS_KEPT = 64;
const verdicts = new Map<string, string | null>();

/** markupProblem, remembered for the last few markups seen. */
export function checkedMarkupProblem(markup: string): string | undefined {
  const digest = createHash('sha256').update(markup).digest('base64');
  let verdict = verdicts.get(digest);
  if (verdict === undefined) {
    verdict = markupProblem(markup) ?? null;
  } else {
    verdicts.delete(digest);
  }
  verdicts.set(digest, verdict);
  if (verdicts.size > VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value!);
  return verdict ?? undefined;
}
