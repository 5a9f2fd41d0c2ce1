/**
 * How the desk names an order's state, the lists it sorts orders into, and which of the owner's
 * actions the state machine (`ORDER_RULES`) lets apply to an order in each state.
 */
import { NOT_YET_SHIPPED, ORDER_RULES, ORDER_STATES, type OrderState } from '../orders/orderLife';

/** Each state in the owner's words. */
export const STATE_LABELS: Readonly<Record<OrderState, string>> = {
  pending: 'Not paid',
  ready_to_print: 'Ready to print',
  queued: 'Going to the printer',
  in_production: 'In production',
  on_hold: 'On hold',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned',
  problem: 'Needs a new address',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export type StateTone = 'attention' | 'waiting' | 'moving' | 'done' | 'quiet';

/** The colour of a state's badge: what it asks of the owner. */
export const STATE_TONES: Readonly<Record<OrderState, StateTone>> = {
  pending: 'quiet',
  ready_to_print: 'waiting',
  queued: 'moving',
  in_production: 'moving',
  on_hold: 'attention',
  shipped: 'done',
  delivered: 'done',
  returned: 'attention',
  problem: 'attention',
  failed: 'attention',
  cancelled: 'attention',
  refunded: 'quiet',
};

/** States where the order waits for the owner to do something. */
export const NEEDS_ATTENTION: readonly OrderState[] = [
  'problem',
  'failed',
  'on_hold',
  'returned',
  'cancelled',
];

export interface OrderList {
  /** Its `?show=` value. */
  key: string;
  label: string;
  states: readonly OrderState[];
}

/** The lists the desk's filter links open, in their order; the first named `all` is the default. */
export const ORDER_LISTS: readonly OrderList[] = [
  { key: 'attention', label: 'Needs attention', states: NEEDS_ATTENTION },
  { key: 'ready', label: 'Ready to print', states: ['ready_to_print'] },
  { key: 'production', label: 'In production', states: ['queued', 'in_production'] },
  { key: 'shipped', label: 'Shipped', states: ['shipped', 'delivered'] },
  { key: 'refunded', label: 'Refunded', states: ['refunded'] },
  {
    key: 'all',
    label: 'All paid',
    states: ORDER_STATES.filter((state) => state !== 'pending'),
  },
  { key: 'unpaid', label: 'Not paid', states: ['pending'] },
];

export const DEFAULT_LIST = ORDER_LISTS.find((list) => list.key === 'all') as OrderList;

export function orderList(key: string | undefined): OrderList {
  return ORDER_LISTS.find((list) => list.key === key) ?? DEFAULT_LIST;
}

/** How many orders a list holds, from the count of each state. */
export function listCount(list: OrderList, counts: Partial<Record<OrderState, number>>): number {
  return list.states.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
}

export interface ActionsAvailable {
  resubmit: boolean;
  correctAddress: boolean;
  shipByHand: boolean;
  resendConfirmation: boolean;
  cancelAndRefund: boolean;
}

/** The owner's actions that apply to an order in `state`: the forms its page shows. */
export function actionsFor(
  state: OrderState,
  store: { hasPrintProvider: boolean; hasEmail: boolean },
): ActionsAvailable {
  const applies = (rule: keyof typeof ORDER_RULES) => ORDER_RULES[rule].from.includes(state);
  return {
    // Without a provider there is nowhere to send it: the owner prints it and marks it shipped.
    resubmit: store.hasPrintProvider && applies('resubmitted'),
    correctAddress: applies('address_corrected'),
    shipByHand: applies('shipped_by_hand'),
    resendConfirmation: store.hasEmail && applies('confirmation_resent'),
    // A shipped shirt is not taken back from the desk: its refund is the payment provider's to make.
    cancelAndRefund: NOT_YET_SHIPPED.includes(state),
  };
}
