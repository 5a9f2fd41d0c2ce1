/** One order as its shopper may see it: no internal ids, the email partly hidden. */
import { PAGE_PATHS } from '@tshirt/shared/routes';
import { artworkUrlForShirt } from '@tshirt/shared/artworkUrls';
import type { OrderProgress, OrderView } from '@tshirt/shared/types';
import type { Order } from './ordersRepository';

/** `jane.doe@example.com` → `j•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

function progress(order: Order): OrderProgress {
  if (order.status === 'pending') return 'awaiting_payment';
  switch (order.fulfillment) {
    case 'in_production':
      return 'in_production';
    case 'shipped':
      return 'shipped';
    case 'problem':
      return 'problem';
    default:
      // Ready to print, waiting to be sent, or being retried by the owner: paid, being prepared.
      return 'paid';
  }
}

/** The link of the order's own page (its secret in the query). */
export function orderPagePath(accessToken: string): string {
  return `${PAGE_PATHS.order}?token=${accessToken}`;
}

export function orderView(order: Order & { accessToken: string }): OrderView {
  const state = progress(order);
  return {
    orderNumber: order.id,
    state,
    orderPagePath: orderPagePath(order.accessToken),
    productName: order.productName,
    shirtColor: order.shirtColor,
    shirtStyle: order.shirtStyle,
    shirtSize: order.shirtSize,
    quantity: order.quantity,
    artworkPath: artworkUrlForShirt(order.imagePath, order.shirtColor),
    totalCents: order.totalCents,
    currency: order.currency,
    shipTo: order.shipTo,
    email: order.email === null ? null : maskEmail(order.email),
    tracking: order.tracking,
    problem:
      state === 'problem'
        ? 'The print shop could not make this order as it is. We will contact you by email.'
        : null,
    paidAt: order.paidAt?.toISOString() ?? null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
  };
}
