/**
 * A fetched or read fragments file, checked whole before anything uses it: its size, its encoding
 * (UTF-8, nothing replaced), its JSON, then its shape and limits (`@tshirt/shared/fragments`).
 */
import {
  FRAGMENTS_LIMITS,
  parseRemoteFragments,
  type RemoteFragments,
} from '@tshirt/shared/fragments';

export type FragmentsFileVerdict =
  { ok: true; fragments: RemoteFragments } | { ok: false; reason: string };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The fragments in a file's bytes, or why they are refused. */
export function readFragmentsFile(bytes: Uint8Array): FragmentsFileVerdict {
  if (bytes.byteLength > FRAGMENTS_LIMITS.fileBytes) {
    return {
      ok: false,
      reason: `the fragments file is too large (over ${FRAGMENTS_LIMITS.fileBytes} bytes)`,
    };
  }
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { ok: false, reason: 'the fragments file is not valid UTF-8' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the fragments file is not JSON' };
  }
  return parseRemoteFragments(value);
}
