/**
 * The fragments file a remote's build publishes beside its entry (REMOTE_FRAGMENTS_FILE): the
 * server-side markup of each exposed module's initial state, which is the same for every shopper.
 * The remote's build writes it (tooling/build/fragments.ts); the store's server reads it, checks it
 * against this schema and these limits, and stitches its parts into `/product`
 * (server/src/pages/composition).
 *
 * Node-only: imported through `@tshirt/shared/fragments`, never by browser code.
 */
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { FRAGMENTS_FORMAT } from './contract';

const KIB = 1024;

/**
 * What a fragments file may hold. A real one is a few tens of kilobytes with props a few levels
 * deep; the limits are far above that and far below what would slow or crash the server that
 * reads it.
 */
export const FRAGMENTS_LIMITS = {
  /** The whole file, in bytes. */
  fileBytes: 512 * KIB,
  /** One part's HTML, in characters. */
  partHtmlLength: 256 * KIB,
  /** One part's props, as JSON, in characters. */
  propsLength: 64 * KIB,
  /** All the stylesheets' CSS together, in characters. */
  cssLength: 128 * KIB,
  /** Any string anywhere in the file (the largest field, a part's HTML). */
  stringLength: 256 * KIB,
  /** Objects and arrays inside one another, counting the file's own object as 1. */
  depth: 32,
  /** Parts (exposed modules) in one file. */
  parts: 32,
  /** Keys of any one object, or items of any one array. */
  keys: 256,
  /** Values (objects, arrays, strings, numbers…) in the whole file. */
  values: 10_000,
} as const;

const MAX_NAME_LENGTH = 200;

/**
 * A script by a relative path of plain names: no scheme, no host, no `..`, nothing a URL or an
 * HTML attribute would read otherwise (unanchored, for the patterns built on it).
 */
export const PLAIN_SCRIPT_PATH = '(?:[A-Za-z0-9_-]+/)*[A-Za-z0-9_-]+(?:\\.[A-Za-z0-9_-]+)*\\.js';
/** A script of the remote's folder. */
const RemoteScript = Type.String({ maxLength: MAX_NAME_LENGTH, pattern: `^${PLAIN_SCRIPT_PATH}$` });

const RenderedPart = Type.Object({
  /** `renderToString` of the module with `props`, under `identifierPrefix`. */
  html: Type.String({ maxLength: FRAGMENTS_LIMITS.partHtmlLength }),
  identifierPrefix: Type.String({ maxLength: MAX_NAME_LENGTH, pattern: '^[A-Za-z0-9_-]*$' }),
  props: Type.Record(Type.String(), Type.Unknown()),
  /** The scripts (relative to the remote's folder) the part's code loads: the page preloads them. */
  scripts: Type.Optional(Type.Array(RemoteScript, { maxItems: 20 })),
});

const Stylesheet = Type.Object({
  /** The file's path relative to the remote's folder, as its own code would load it. */
  href: Type.String({ maxLength: MAX_NAME_LENGTH, pattern: '^[A-Za-z0-9_./-]+\\.css$' }),
  css: Type.String({ maxLength: FRAGMENTS_LIMITS.cssLength }),
});

export const RemoteFragmentsSchema = Type.Object({
  format: Type.Literal(FRAGMENTS_FORMAT),
  /** The remote's federation name, e.g. `designer`. */
  remote: Type.String({ maxLength: MAX_NAME_LENGTH }),
  /** Identifies the build; the same value its exposed modules export as RELEASE_EXPORT. */
  release: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: '^[A-Za-z0-9_.-]+$' }),
  contractVersion: Type.Integer({ minimum: 1 }),
  /** Each shared singleton the remote was built against, with the version range it requires. */
  requires: Type.Record(Type.String(), Type.String({ maxLength: MAX_NAME_LENGTH })),
  /** The CSS the parts need, in the order the page should apply it. */
  styles: Type.Array(Stylesheet, { maxItems: 50 }),
  /** Exposed module name (e.g. `ArtForm`) → its markup. */
  parts: Type.Record(Type.String({ maxLength: MAX_NAME_LENGTH }), RenderedPart, {
    maxProperties: FRAGMENTS_LIMITS.parts,
  }),
  /**
   * A small classic script (its path relative to the remote's folder, e.g. `early.3f2a9c1d5e.js`)
   * the remote wants on the page before its parts are live; the server adds it, `async`, to a page
   * holding at least one of its parts.
   */
  early: Type.Optional(RemoteScript),
});

export type RemoteFragments = Static<typeof RemoteFragmentsSchema>;
export type RenderedPart = Static<typeof RenderedPart>;

/**
 * Why `value` is beyond the limits of its shape (depth, keys, values, string length), or
 * undefined. A loop, not a recursion: a value nested thousands deep is measured, not followed
 * down the stack.
 */
export function shapeProblem(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  let values = 0;
  for (let item = pending.pop(); item; item = pending.pop()) {
    values += 1;
    if (values > FRAGMENTS_LIMITS.values) {
      return `it holds more than ${FRAGMENTS_LIMITS.values} values`;
    }
    if (typeof item.value === 'string' && item.value.length > FRAGMENTS_LIMITS.stringLength) {
      return `a string is longer than ${FRAGMENTS_LIMITS.stringLength} characters`;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth > FRAGMENTS_LIMITS.depth) {
      return `it nests deeper than ${FRAGMENTS_LIMITS.depth} levels`;
    }
    const children = Array.isArray(item.value)
      ? (item.value as unknown[])
      : Object.values(item.value as Record<string, unknown>);
    if (children.length > FRAGMENTS_LIMITS.keys) {
      return `an object or array has more than ${FRAGMENTS_LIMITS.keys} entries`;
    }
    for (const child of children) pending.push({ value: child, depth: item.depth + 1 });
  }
  return undefined;
}

/** Why fragments of the right shape are still too big to use, or undefined. */
function sizeProblem(fragments: RemoteFragments): string | undefined {
  for (const [name, part] of Object.entries(fragments.parts)) {
    if (JSON.stringify(part.props).length > FRAGMENTS_LIMITS.propsLength) {
      return `/parts/${name}/props is longer than ${FRAGMENTS_LIMITS.propsLength} characters as JSON`;
    }
  }
  const cssLength = fragments.styles.reduce((total, { css }) => total + css.length, 0);
  if (cssLength > FRAGMENTS_LIMITS.cssLength) {
    return `its CSS is longer than ${FRAGMENTS_LIMITS.cssLength} characters`;
  }
  return undefined;
}

/** The fragments in `value`, or why they cannot be used (a clear sentence for the server's log). */
export function parseRemoteFragments(
  value: unknown,
): { ok: true; fragments: RemoteFragments } | { ok: false; reason: string } {
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== undefined && format !== FRAGMENTS_FORMAT) {
    return { ok: false, reason: `fragments format ${String(format)} is not ${FRAGMENTS_FORMAT}` };
  }
  const shape = shapeProblem(value);
  if (shape) return { ok: false, reason: `the fragments file is refused: ${shape}` };
  if (Value.Check(RemoteFragmentsSchema, value)) {
    const size = sizeProblem(value);
    return size ? { ok: false, reason: size } : { ok: true, fragments: value };
  }
  const [first] = Value.Errors(RemoteFragmentsSchema, value);
  return {
    ok: false,
    reason: first ? `${first.instancePath || '/'} ${first.message}` : 'not a fragments file',
  };
}
