/**
 * Ajv turns "Infinity", "-Infinity" and "1e400" into non-finite numbers when it coerces a
 * querystring or body, then skips `minimum`/`maximum` for them (ajv-validator/ajv#2212), so a
 * validated request can still carry one. This finds it, so the request is refused like any other
 * out-of-range value.
 */

/** The dotted path of the first non-finite number in `value` ('' for the value itself), if any. */
export function nonFiniteNumberPath(value: unknown): string | undefined {
  // Iterative: a deeply nested body cannot exhaust the stack.
  const pending: Array<[unknown, string]> = [[value, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'number') {
      if (!Number.isFinite(item)) return path;
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        pending.push([child, path === '' ? key : `${path}.${key}`]);
      }
    }
  }
  return undefined;
}
