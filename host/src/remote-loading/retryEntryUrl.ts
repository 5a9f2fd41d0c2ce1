/**
 * The entry URL for a retry. A distinct URL gives a fresh request: the runtime reuses a `<script>`
 * still waiting on the old URL, and its loading cache is keyed by the entry. Webpack's `auto`
 * public path drops the query, so the remote's chunks still load from the same folder.
 */
export function retryEntryUrl(
  entry: string,
  attempt: number,
  base: string = window.location.href,
): string {
  const url = new URL(entry, base);
  url.searchParams.set('retry', String(attempt));
  return url.href;
}
