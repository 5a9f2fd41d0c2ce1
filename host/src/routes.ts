/** The pages of the store (SPEC §3); every other path is the not-found page (HTTP 404). */
export const PAGE_PATHS = ['/', '/product', '/loading', '/complete', '/empty'] as const;

export function isPagePath(path: string): boolean {
  return (PAGE_PATHS as readonly string[]).includes(path);
}
