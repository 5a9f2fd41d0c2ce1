/** One order as its shopper may see it: no internal ids, the email partly hidden. */
import { PAGE_PATHS } from '@tshirt/shared/routes';
import { artworkUrlForShirt } from '@tshirt/shared/artworkUrls';
import { ORDER_NEXT_STEP_TEXT } from '@tshirt/shared/labels';
import type { OrderProgress, OrderView } from '@tshirt/shared/types';
import type { OrderEmailKind } from '../mail/orderEmail';
import { canCorrectAddress, shopperProgress } from './orderLife';
import { orderState, type Order } from './ordersRepository';
import { FULFILMENT_STATUS, shopperReason } from './orderStatus';

/** `jane.doe@example.com` → `j•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`;
}

/** The link of the order's own page (its secret in the query). */
export function orderPagePath(accessToken: string): string {
  return `${PAGE_PATHS.order}?token=${accessToken}`;
}

/** The state each email speaks of: the one its event led to, whatever happened since. */
const EMAIL_STATES: Readonly<Record<Exclude<OrderEmailKind, 'partly_refunded'>, OrderProgress>> = {
  confirmed: 'paid',
  shipped: 'shipped',
  on_hold: 'on_hold',
  address_needed: 'problem',
  failed: 'failed',
  returned: 'returned',
  cancelled: 'cancelled',
  refunded: 'refunded',
  back_in_production: 'in_production',
};

/** The state an email speaks of; a partial refund leaves the order where it is (`now`). */
export function shopperEmailState(kind: OrderEmailKind, now: OrderProgress): OrderProgress {
  return kind === 'partly_refunded' ? now : EMAIL_STATES[kind];
}

export function orderView(
  order: Order & { accessToken: string },
  shippingCountries: readonly string[],
): OrderView {
  const life = orderState(order);
  const state = shopperProgress(life);
  const correctable = canCorrectAddress(life);
  const status = FULFILMENT_STATUS[life];
  return {
    orderNumber: order.id,
    state,
    nextStep: ORDER_NEXT_STEP_TEXT[state],
    orderPagePath: orderPagePath(order.accessToken),
    productName: order.productName,
    shirtColor: order.shirtColor,
    shirtStyle: order.shirtStyle,
    shirtSize: order.shirtSize,
    quantity: order.quantity,
    artworkPath: artworkUrlForShirt(order.imagePath, order.shirtColor),
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    currency: order.currency,
    shipTo: order.shipTo,
    email: order.email === null ? null : maskEmail(order.email),
    tracking: order.tracking,
    // The shop's words: the print provider's reason (fulfillmentError) is the owner's alone.
    problem: shopperReason(state),
    final: status.final,
    tracked: status.tracked,
    tone: status.shopperTone ?? null,
    progress: status.shopperSteps,
    canCorrectAddress: correctable,
    addressCountries: correctable ? [...shippingCountries] : [],
    paidAt: order.paidAt?.toISOString() ?? null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
  };
}
