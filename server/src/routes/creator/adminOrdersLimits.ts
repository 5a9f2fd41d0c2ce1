/** How many orders `GET /admin/orders` (and `npm run orders`) lists: unless asked, and at most. */
export const DEFAULT_ORDERS_LIMIT = 100;
export const MAX_ORDERS_LIMIT = 1000;
