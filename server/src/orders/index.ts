/**
 * The order module: an order's whole life, which the desk, the JSON API, the command line, the
 * webhooks, the emails and the shopper's page only ask.
 *
 * - `orderLife.ts`: the states and events, and `ORDER_RULES`, the table of each event (the states
 *   it moves an order from, where to, the email it sends); `decide` applies it.
 * - `orderStatus.ts`: the table of each status (`FULFILMENT_STATUS`: the owner's label, the
 *   shopper's words and reason, tone, needs the owner, final, tracked, waits on the shop, the owner
 *   alert, the desk list) and of the payment status (`PAYMENT_STATUS`, `paymentStatus`);
 *   `statusesWhere` lists the statuses with a property.
 * - `refunding.ts`: the refund workflow (cancel at the print provider, refund once, settle, email)
 *   and `finishClaimedRefund`, which the refund recovery job runs after a crash.
 * - `ownerActions.ts`: the owner's actions' interface and their refusal (`OwnerActionRefused`).
 * - `ordersRepository.ts`: the orders' rows, `applyEvent` (an event with its effects, in one
 *   transaction); `orderView.ts`: what the shopper may see; `orderEarnings.ts`, `orderAmounts.ts`:
 *   the figures; `orderNumber.ts`: order numbers.
 */
export {
  FULFILMENT_STATUS,
  PAYMENT_STATUS,
  paymentStatus,
  shopperReason,
  statusesWhere,
} from './orderStatus';
export type { FulfilmentStatus, PaymentStatus, StatusTone } from './orderStatus';
export { ORDER_RULES, ORDER_STATES, decide, type OrderEvent, type OrderState } from './orderLife';
export { createRefunding, type Refunding } from './refunding';
export { OwnerActionRefused, type OwnerActions } from './ownerActions';
