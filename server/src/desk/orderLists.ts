/**
 * How the desk names an order's state, the lists it sorts orders into, and which of the owner's
 * actions the state machine (`ORDER_RULES`) lets apply to an order in each state.
 */
import { NOT_YET_SHIPPED, ORDER_RULES, ORDER_STATES, type OrderState } from '../orders/orderLife';
import {
  FULFILMENT_STATUS,
  statusesWhere,
  type DeskListKey,
  type StatusTone,
} from '../orders/orderStatus';

/** Each state in the owner's words (the order module's table). */
export const STATE_LABELS: Readonly<Record<OrderState, string>> = Object.fromEntries(
  ORDER_STATES.map((state) => [state, FULFILMENT_STATUS[state].ownerLabel]),
) as Record<OrderState, string>;

export type { StatusTone as StateTone } from '../orders/orderStatus';

/** The colour of a state's badge: what it asks of the owner (the order module's table). */
export const STATE_TONES: Readonly<Record<OrderState, StatusTone>> = Object.fromEntries(
  ORDER_STATES.map((state) => [state, FULFILMENT_STATUS[state].tone]),
) as Record<OrderState, StatusTone>;

/** States where the order waits for the owner to do something. */
export const NEEDS_ATTENTION: readonly OrderState[] = statusesWhere((status) => status.needsOwner);

export interface OrderList {
  /** Its `?show=` value. */
  key: string;
  label: string;
  states: readonly OrderState[];
}

const inList = (key: DeskListKey) => statusesWhere((status) => status.deskList === key);

/** The lists the desk's filter links open, in their order; the first named `all` is the default. */
export const ORDER_LISTS: readonly OrderList[] = [
  { key: 'attention', label: 'Needs attention', states: inList('attention') },
  { key: 'ready', label: 'Ready to print', states: inList('ready') },
  { key: 'production', label: 'In production', states: inList('production') },
  { key: 'shipped', label: 'Shipped', states: inList('shipped') },
  { key: 'refunded', label: 'Refunded', states: inList('refunded') },
  {
    key: 'all',
    label: 'All paid',
    states: ORDER_STATES.filter((state) => state !== 'pending'),
  },
  { key: 'unpaid', label: 'Not paid', states: inList('unpaid') },
];

/** A list of each state alone (on hold, failed, returned…), its key the state's name. */
export const STATE_LISTS: readonly OrderList[] = ORDER_STATES.map((state) => ({
  key: state,
  label: STATE_LABELS[state],
  states: [state],
}));

export const DEFAULT_LIST = ORDER_LISTS.find((list) => list.key === 'all') as OrderList;

export function orderList(key: string | undefined): OrderList {
  return (
    ORDER_LISTS.find((list) => list.key === key) ??
    STATE_LISTS.find((list) => list.key === key) ??
    DEFAULT_LIST
  );
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
