/**
 * The fragments file a remote's build publishes beside its entry (REMOTE_FRAGMENTS_FILE): the
 * server-side markup of each exposed module's initial state, which is the same for every shopper.
 * The remote's build writes it (tooling/build/fragments.ts); the store's server reads it, checks it
 * against this schema and stitches its parts into `/product` (server/src/site/composition).
 *
 * Node-only: imported through `@tshirt/shared/fragments`, never by browser code.
 */
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { FRAGMENTS_FORMAT } from './contract';

/** Generous bounds: a fragments file is a few tens of kilobytes; anything near these is a mistake. */
const MAX_HTML_LENGTH = 512 * 1024;
const MAX_CSS_LENGTH = 512 * 1024;
const MAX_NAME_LENGTH = 200;

const RenderedPart = Type.Object({
  /** `renderToString` of the module with `props`, under `identifierPrefix`. */
  html: Type.String({ maxLength: MAX_HTML_LENGTH }),
  identifierPrefix: Type.String({ maxLength: MAX_NAME_LENGTH, pattern: '^[A-Za-z0-9_-]*$' }),
  props: Type.Record(Type.String(), Type.Unknown()),
});

const Stylesheet = Type.Object({
  /** The file's path relative to the remote's folder, as its own code would load it. */
  href: Type.String({ maxLength: MAX_NAME_LENGTH, pattern: '^[A-Za-z0-9_./-]+\\.css$' }),
  css: Type.String({ maxLength: MAX_CSS_LENGTH }),
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
  parts: Type.Record(Type.String({ maxLength: MAX_NAME_LENGTH }), RenderedPart),
});

export type RemoteFragments = Static<typeof RemoteFragmentsSchema>;
export type RenderedPart = Static<typeof RenderedPart>;

/** The fragments in `value`, or why they cannot be used (a clear sentence for the server's log). */
export function parseRemoteFragments(
  value: unknown,
): { ok: true; fragments: RemoteFragments } | { ok: false; reason: string } {
  if (Value.Check(RemoteFragmentsSchema, value)) return { ok: true, fragments: value };
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== undefined && format !== FRAGMENTS_FORMAT) {
    return { ok: false, reason: `fragments format ${String(format)} is not ${FRAGMENTS_FORMAT}` };
  }
  const [first] = Value.Errors(RemoteFragmentsSchema, value);
  return {
    ok: false,
    reason: first ? `${first.instancePath || '/'} ${first.message}` : 'not a fragments file',
  };
}
