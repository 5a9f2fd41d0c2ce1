/** The desk's addresses, named once: its routes, its forms and its links use these. */

/** Everything of the desk is under it, the session cookie's path included. */
export const DESK_ROOT = '/admin';

export const DESK_PATHS = {
  desk: DESK_ROOT,
  signIn: `${DESK_ROOT}/sign-in`,
  signOut: `${DESK_ROOT}/sign-out`,
  order: `${DESK_ROOT}/orders/:id`,
} as const;

/** What the owner can do to an order, each a POST form to `/admin/orders/<id>/<action>`. */
export const DESK_ACTIONS = [
  'resubmit',
  'address',
  'ship',
  'resend-confirmation',
  'resend-email',
  'cancel-and-refund',
  'refund',
  'note',
] as const;
export type DeskAction = (typeof DESK_ACTIONS)[number];

export function deskOrderPath(orderId: string): string {
  return `${DESK_ROOT}/orders/${encodeURIComponent(orderId)}`;
}

export function deskActionPath(orderId: string, action: DeskAction): string {
  return `${deskOrderPath(orderId)}/${action}`;
}
