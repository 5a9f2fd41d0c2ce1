/**
 * What each status of an order means to everyone who shows or acts on it, written once beside the
 * status (as Medusa keeps an order's payment and fulfilment as two small sets of values): the
 * owner's label, the shopper's words, the badge's tone, whether it needs the owner, whether it is
 * final, whether it is tracked, how the shopper's page shows it (its tone and progress steps).
 * The desk, the stuck-order check, the alerts, the shopper's page and the command line read these
 * tables; none keeps a list of states of its own.
 */
import type { OrderProgress } from '@tshirt/shared/types';
import { ORDER_STATE_TEXT } from '@tshirt/shared/labels';
import type { OrderState } from './orderLife';

/** How the desk colours a status: what it asks of the owner. */
export type StatusTone = 'attention' | 'waiting' | 'moving' | 'done' | 'quiet';

/** The owner alerts a status can send when the order reaches it without the owner. */
export type StatusAlert = 'failed' | 'on_hold' | 'cancelled' | 'returned';

/** The desk's grouped lists a status belongs to (besides its own list). */
export type DeskListKey = 'attention' | 'ready' | 'production' | 'shipped' | 'refunded' | 'unpaid';

/** How the shopper's page shows a status off the usual way: a warning, or paused while it is held. */
export type ShopperTone = 'warning' | 'paused';

/**
 * How far along Paid → In production → Shipped the shopper sees it: the steps reached, and whether
 * the last of them is under way (`current`), stopped (`paused`) or behind it (`done`: finished, or
 * off its usual way so that no step is under way).
 */
export interface ShopperSteps {
  reached: 0 | 1 | 2 | 3;
  last: 'current' | 'paused' | 'done';
}

export interface FulfilmentStatus {
  /** The owner's word for it: the desk, the command line and the alert emails say the same. */
  ownerLabel: string;
  /** The status as its shopper sees it (states they cannot tell apart are one). */
  shopper: OrderProgress;
  tone: StatusTone;
  /** The owner must act (Needs attention). */
  needsOwner: boolean;
  /** Nothing more is expected to happen (the shopper's page stops asking). */
  final: boolean;
  /** A package is with the carrier: the tracking link is shown. */
  tracked: boolean;
  /** Waiting on the shop, not on the printer or the carrier: too long here, and it is stuck. */
  waitsOnShop: boolean;
  /** The owner is emailed when the order gets here without them. */
  alert?: StatusAlert;
  /** The grouped desk list it is in. */
  deskList: DeskListKey;
  /**
   * Why it is here, in the shop's words, for the shopper (order page and email); the print
   * provider's own reason is the owner's alone.
   */
  shopperReason?: string;
  /** How the shopper's page shows it when it is off the usual way; absent on the usual way. */
  shopperTone?: ShopperTone;
  /** The shopper's progress steps; null where they would mislead (it is not going to ship). */
  shopperSteps: ShopperSteps | null;
}

/**
 * The order's fulfilment, one row per status of its life (`ORDER_STATES`). `pending` is an unpaid
 * order and `refunded` one whose money all went back: they are the payment status showing through.
 */
export const FULFILMENT_STATUS: Readonly<Record<OrderState, FulfilmentStatus>> = {
  pending: {
    ownerLabel: 'Not paid',
    shopper: 'awaiting_payment',
    tone: 'quiet',
    needsOwner: false,
    final: false,
    tracked: false,
    waitsOnShop: false,
    deskList: 'unpaid',
    shopperSteps: { reached: 0, last: 'current' },
  },
  ready_to_print: {
    ownerLabel: 'Ready to print',
    shopper: 'paid',
    tone: 'waiting',
    needsOwner: false,
    final: false,
    tracked: false,
    waitsOnShop: true,
    deskList: 'ready',
    shopperSteps: { reached: 1, last: 'current' },
  },
  queued: {
    ownerLabel: 'Going to the printer',
    shopper: 'paid',
    tone: 'moving',
    needsOwner: false,
    final: false,
    tracked: false,
    waitsOnShop: true,
    deskList: 'production',
    shopperSteps: { reached: 1, last: 'current' },
  },
  in_production: {
    ownerLabel: 'In production',
    shopper: 'in_production',
    tone: 'moving',
    needsOwner: false,
    final: false,
    tracked: false,
    waitsOnShop: false,
    deskList: 'production',
    shopperSteps: { reached: 2, last: 'current' },
  },
  on_hold: {
    ownerLabel: 'On hold',
    shopper: 'on_hold',
    tone: 'attention',
    needsOwner: true,
    final: false,
    tracked: false,
    waitsOnShop: true,
    alert: 'on_hold',
    deskList: 'attention',
    shopperReason: 'The print shop has a question about this order, which we are answering.',
    shopperTone: 'paused',
    shopperSteps: { reached: 2, last: 'paused' },
  },
  shipped: {
    ownerLabel: 'Shipped',
    shopper: 'shipped',
    tone: 'done',
    needsOwner: false,
    final: false,
    tracked: true,
    waitsOnShop: false,
    deskList: 'shipped',
    shopperSteps: { reached: 3, last: 'current' },
  },
  delivered: {
    ownerLabel: 'Delivered',
    shopper: 'delivered',
    tone: 'done',
    needsOwner: false,
    // A delivered package may still come back (returned).
    final: false,
    tracked: true,
    waitsOnShop: false,
    deskList: 'shipped',
    shopperSteps: { reached: 3, last: 'done' },
  },
  returned: {
    ownerLabel: 'Returned',
    shopper: 'returned',
    tone: 'attention',
    needsOwner: true,
    final: false,
    tracked: false,
    waitsOnShop: true,
    alert: 'returned',
    deskList: 'attention',
    shopperReason: 'The carrier could not deliver the package to this address.',
    shopperTone: 'warning',
    // It had shipped, then came back.
    shopperSteps: { reached: 3, last: 'done' },
  },
  problem: {
    ownerLabel: 'Needs a new address',
    shopper: 'problem',
    tone: 'attention',
    needsOwner: true,
    final: false,
    tracked: false,
    waitsOnShop: true,
    deskList: 'attention',
    shopperReason: 'The print shop cannot ship to this address as it is written.',
    shopperTone: 'warning',
    // Stopped after payment: printed or not, the shop cannot say it is made for this address.
    shopperSteps: { reached: 1, last: 'done' },
  },
  failed: {
    ownerLabel: 'Failed',
    shopper: 'failed',
    tone: 'attention',
    needsOwner: true,
    final: false,
    tracked: false,
    waitsOnShop: true,
    alert: 'failed',
    deskList: 'attention',
    shopperTone: 'warning',
    shopperSteps: { reached: 1, last: 'done' },
  },
  cancelled: {
    ownerLabel: 'Cancelled',
    shopper: 'cancelled',
    tone: 'attention',
    needsOwner: true,
    // A cancelled order is still refunded or sent again.
    final: false,
    tracked: false,
    waitsOnShop: false,
    alert: 'cancelled',
    deskList: 'attention',
    shopperTone: 'warning',
    // Not going to ship: steps would mislead.
    shopperSteps: null,
  },
  refunded: {
    ownerLabel: 'Refunded',
    shopper: 'refunded',
    tone: 'quiet',
    needsOwner: false,
    final: true,
    tracked: false,
    waitsOnShop: false,
    deskList: 'refunded',
    shopperSteps: null,
  },
};

const ALL_STATES = Object.keys(FULFILMENT_STATUS) as OrderState[];

/** The statuses that have `property`, in the order of the table. */
export function statusesWhere(property: (status: FulfilmentStatus) => boolean): OrderState[] {
  return ALL_STATES.filter((state) => property(FULFILMENT_STATUS[state]));
}

/** Why an order is where the shopper sees it, in the shop's words; null where nothing is to be said. */
export function shopperReason(progress: OrderProgress): string | null {
  const state = ALL_STATES.find((each) => FULFILMENT_STATUS[each].shopper === progress);
  return (state && FULFILMENT_STATUS[state].shopperReason) ?? null;
}

/** Where the shopper's money stands, apart from where the shirt is. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'partly_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface PaymentStatusWords {
  ownerLabel: string;
  shopperWords: string;
  tone: StatusTone;
}

export const PAYMENT_STATUS: Readonly<Record<PaymentStatus, PaymentStatusWords>> = {
  unpaid: {
    ownerLabel: 'Not paid',
    shopperWords: ORDER_STATE_TEXT.awaiting_payment,
    tone: 'quiet',
  },
  paid: { ownerLabel: 'Paid', shopperWords: 'Paid', tone: 'done' },
  partly_refunded: {
    ownerLabel: 'Partly refunded',
    shopperWords: 'Partly refunded',
    tone: 'waiting',
  },
  refunded: { ownerLabel: 'Refunded', shopperWords: ORDER_STATE_TEXT.refunded, tone: 'quiet' },
};

/** The payment status of an order paid `totalCents` (or not at all) of which `refundedCents` went back. */
export function paymentStatus(order: {
  paid: boolean;
  totalCents: number;
  refundedCents: number;
}): PaymentStatus {
  if (!order.paid) return 'unpaid';
  if (order.refundedCents <= 0) return 'paid';
  return order.refundedCents >= order.totalCents ? 'refunded' : 'partly_refunded';
}

/** The payment status of a stored order. */
export function orderPaymentStatus(order: {
  status: 'pending' | 'paid';
  totalCents: number;
  refundedCents: number;
}): PaymentStatus {
  return paymentStatus({
    paid: order.status === 'paid',
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
  });
}
