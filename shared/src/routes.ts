/**
 * The store's pages (SPEC §3), named once: the host routes and pre-renders them, the server
 * answers them with 200, and every other path is the not-found page (HTTP 404).
 */
export const PAGE_PATHS = {
  home: '/',
  product: '/product',
  /** Opened in the payment tab while the order is sent. */
  loading: '/loading',
  /** Where a successful payment lands. */
  complete: '/complete',
  /** An order's own page, opened by its secret link (`?token=`): state, shipping, tracking. */
  order: '/order',
  empty: '/empty',
} as const;

export type PageName = keyof typeof PAGE_PATHS;
export type PagePath = (typeof PAGE_PATHS)[PageName];

/** Every page's path, in the order above. */
export const ALL_PAGE_PATHS: readonly PagePath[] = /* @__PURE__ */ Object.values(PAGE_PATHS);

export function isPagePath(path: string): path is PagePath {
  return (ALL_PAGE_PATHS as readonly string[]).includes(path);
}
