/**
 * A word table with no prototype: shopper words such as "constructor" or "__proto__" must find
 * nothing rather than Object.prototype's members.
 */
export function wordTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
