/**
 * The lists the desk sorts orders into, and which of the owner's actions the state machine
 * (`ORDER_RULES`) lets apply to an order in each state. Every status's label, tone, list and
 * whether it needs the owner are the order module's (`FULFILMENT_STATUS`): none is kept here.
 */
import { NOT_YET_SHIPPED, ORDER_RULES, ORDER_STATES, type OrderState } from '../orders/orderLife';
import { FULFILMENT_STATUS, statusesWhere, type DeskListKey } from '../orders/orderStatus';

/** A status in the owner's words. */
export const ownerLabel = (state: OrderState): string => FULFILMENT_STATUS[state].ownerLabel;

/** States where the order waits for the owner to do something. */
export const NEEDS_ATTENTION: readonly OrderState[] = statusesWhere((status) => status.needsOwner);

export interface OrderList {
  /** Its `?show=` value. */
  key: string;
  label: string;
  states: readonly OrderState[];
}

/** The grouped lists' names, in the order of the desk's filter links. */
const GROUPED_LISTS: ReadonlyArray<[DeskListKey, string]> = [
  ['attention', 'Needs attention'],
  ['ready', 'Ready to print'],
  ['production', 'In production'],
  ['shipped', 'Shipped'],
  ['refunded', 'Refunded'],
];

const inList = (key: DeskListKey) => statusesWhere((status) => status.deskList === key);

/** The lists the desk's filter links open, in their order; the one named `all` is the default. */
export const ORDER_LISTS: readonly OrderList[] = [
  ...GROUPED_LISTS.map(([key, label]) => ({
    key,
    label,
    states: key === 'attention' ? NEEDS_ATTENTION : inList(key),
  })),
  {
    key: 'all',
    label: 'All paid',
    states: statusesWhere((status) => status.deskList !== 'unpaid'),
  },
  { key: 'unpaid', label: 'Not paid', states: inList('unpaid') },
];

/** A list of each state alone (on hold, failed, returned…), its key the state's name. */
export const STATE_LISTS: readonly OrderList[] = ORDER_STATES.map((state) => ({
  key: state,
  label: ownerLabel(state),
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
