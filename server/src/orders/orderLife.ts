/**
 * An order's life, as one state machine: every state it can be in, every event that can move it,
 * and which event moves it from which state to which. Everything that changes an order's state
 * (payment, the print queue, the provider's webhook, the shopper, the owner) goes through `decide`,
 * so no path can put an order somewhere more hopeful than the truth.
 */
import type { OrderProgress, ShippingDetails, ShipTo } from '@tshirt/shared/types';

export const ORDER_STATES = [
  /** Recorded at checkout; the shopper is paying. */
  'pending',
  /** Paid, with no print provider configured: the owner prints it. */
  'ready_to_print',
  /** Paid, waiting to be sent to the print provider (or being retried). */
  'queued',
  /** The print provider accepted it. */
  'in_production',
  /** The print provider paused it (it says why). */
  'on_hold',
  'shipped',
  /** The carrier delivered it (when the provider reports that). */
  'delivered',
  /** The package came back to the provider: the shopper's address is the usual cause. */
  'returned',
  /** Something only the shopper can fix: the provider refused the address. */
  'problem',
  /** The provider could not make it, or sending it gave up: the owner must act. */
  'failed',
  /** Cancelled at the provider or by the owner; not printed. */
  'cancelled',
  /** The shopper's money went back. */
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
/** The states of a paid order (every one but `pending`). */
export type PaidState = Exclude<OrderState, 'pending'>;

export interface Tracking {
  carrier: string;
  number: string;
  url: string;
}

/** The figures a payment settles: shipping to where it goes, the tax collected, the total paid. */
export interface ChargedAmounts {
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * What the print provider charges the shop for the order it accepted, as its API reports it, in
 * cents of the order's currency: `totalCents` = items + shipping + tax.
 */
export interface ProviderCost {
  /** The shirts and their printing, less any discount, with the provider's fees. */
  itemsCents: number;
  shippingCents: number;
  /** The tax the provider charges the shop (sales tax, VAT). */
  taxCents: number;
  totalCents: number;
}

/** Everything that can happen to an order, from whoever makes it happen. */
export type OrderEvent =
  | {
      type: 'paid';
      next: 'ready_to_print' | 'queued';
      /** The provider's id for the payment (Stripe's session id); kept when absent. */
      reference?: string;
      /** Where it ships and whom to tell; absent when the provider did not collect them. */
      shipping?: ShippingDetails;
      /** What was charged for shipping and tax, and in all, when payment settled them. */
      charged?: ChargedAmounts;
    }
  | {
      type: 'submitted';
      providerOrderId: string;
      /** What the provider charges for it; absent when it did not say (the cost stays unknown). */
      cost?: ProviderCost;
    }
  | { type: 'submit_failed'; reason: string; needsShopper: boolean }
  | { type: 'provider_shipped'; tracking: Tracking }
  | { type: 'provider_delivered' }
  | { type: 'provider_returned'; reason: string }
  | { type: 'provider_failed'; reason: string }
  | { type: 'provider_cancelled'; reason: string }
  | { type: 'provider_hold'; reason: string }
  | { type: 'provider_hold_removed' }
  | { type: 'resubmitted'; next: 'ready_to_print' | 'queued' }
  | { type: 'address_corrected'; next: 'ready_to_print' | 'queued'; shipTo: ShipTo }
  /**
   * The shopper corrected the address of a package that came back: sending it again is a second
   * print order, a cost the owner approves (by resubmitting), so the order waits for them.
   */
  | { type: 'reprint_requested'; shipTo: ShipTo }
  /** The owner printed and posted it themselves. */
  | { type: 'shipped_by_hand'; tracking: Tracking }
  /** The owner sends the confirmation again (a shopper who lost it). */
  | { type: 'confirmation_resent' }
  /** The owner took it back before it shipped (cancelled at the provider when it was there). */
  | { type: 'cancelled_by_owner'; reason: string }
  /** The shopper's money went back (the owner's refund, or one made in the payment provider's dashboard). */
  | {
      type: 'refunded';
      reason: string;
      /** What this last refund gave back (its email says it); absent when it is not known. */
      amountCents?: number;
    }
  /** Part of the shopper's money went back; the shirt goes on where it is. */
  | { type: 'partly_refunded'; reason: string; amountCents: number };
export type OrderEventType = OrderEvent['type'];

/** The email an event sends the shopper, named by what it tells them. */
export type ShopperEmail =
  | 'confirmed'
  | 'shipped'
  | 'on_hold'
  | 'address_needed'
  | 'failed'
  | 'returned'
  | 'cancelled'
  | 'refunded'
  | 'partly_refunded'
  | 'back_in_production';

interface Rule {
  /** The states the event may arrive in and move the order. */
  from: readonly OrderState[];
  /** Where it moves the order (an event carrying `next` chooses among the paths it allows). */
  to: (event: OrderEvent, from: OrderState) => OrderState;
  email?: ShopperEmail;
}

/** States from which the provider is (or may be) making the order. */
const AT_PROVIDER = ['in_production', 'on_hold'] as const;
/** Every state of a paid order. */
const PAID: readonly OrderState[] = [
  'ready_to_print',
  'queued',
  'in_production',
  'on_hold',
  'shipped',
  'delivered',
  'returned',
  'problem',
  'failed',
  'cancelled',
];
/** A paid order that has not left the printer: the owner may still take it back. */
export const NOT_YET_SHIPPED: readonly OrderState[] = [
  'ready_to_print',
  'queued',
  'in_production',
  'on_hold',
  'problem',
  'failed',
  'cancelled',
];
/** States a paid order can be sent (again) from. */
const RESUBMITTABLE = ['ready_to_print', 'problem', 'failed', 'cancelled', 'returned'] as const;
const next = (event: OrderEvent): OrderState => ('next' in event ? event.next : 'queued');
const to = (state: OrderState) => () => state;

export const ORDER_RULES: Readonly<Record<OrderEventType, Rule>> = {
  paid: { from: ['pending'], to: next, email: 'confirmed' },
  submitted: { from: ['queued'], to: to('in_production') },
  submit_failed: {
    from: ['queued'],
    to: (event) => (event.type === 'submit_failed' && event.needsShopper ? 'problem' : 'failed'),
  },
  // A second package of the same order (a new tracking number) moves shipped to shipped.
  provider_shipped: {
    from: [...AT_PROVIDER, 'shipped'],
    to: to('shipped'),
    email: 'shipped',
  },
  provider_delivered: { from: ['shipped'], to: to('delivered') },
  provider_returned: {
    from: ['shipped', 'delivered'],
    to: to('returned'),
    email: 'returned',
  },
  provider_failed: { from: [...AT_PROVIDER, 'queued'], to: to('failed'), email: 'failed' },
  provider_cancelled: {
    from: [...AT_PROVIDER, 'queued'],
    to: to('cancelled'),
    email: 'cancelled',
  },
  provider_hold: { from: ['in_production'], to: to('on_hold'), email: 'on_hold' },
  // The on-hold email promised word when it moves again.
  provider_hold_removed: {
    from: ['on_hold'],
    to: to('in_production'),
    email: 'back_in_production',
  },
  resubmitted: { from: RESUBMITTABLE, to: next },
  address_corrected: { from: ['ready_to_print', 'problem', 'returned'], to: next },
  reprint_requested: { from: ['returned'], to: to('returned') },
  shipped_by_hand: { from: ['ready_to_print'], to: to('shipped'), email: 'shipped' },
  confirmation_resent: { from: PAID, to: (_event, from) => from, email: 'confirmed' },
  cancelled_by_owner: {
    from: NOT_YET_SHIPPED.filter((state) => state !== 'cancelled'),
    to: to('cancelled'),
  },
  // A dashboard refund may come at any time after payment, a shipped order's included.
  refunded: { from: PAID, to: to('refunded'), email: 'refunded' },
  // A part refunded changes the payment, not where the shirt is.
  partly_refunded: { from: PAID, to: (_event, from) => from, email: 'partly_refunded' },
};

/** The email each state a failure can lead to sends (a submission refused for its address). */
const FAILURE_EMAILS: Partial<Record<OrderState, ShopperEmail>> = {
  problem: 'address_needed',
  failed: 'failed',
};

/**
 * The follow-ups an earlier email promised ("we will email you when it moves again"): the email an
 * event sends when it moves the order out of the state that promised it.
 */
const FOLLOW_UP_EMAILS: Partial<Record<OrderEventType, Partial<Record<OrderState, ShopperEmail>>>> =
  {
    resubmitted: { failed: 'back_in_production', cancelled: 'back_in_production' },
  };

export type Decision =
  | { moves: true; from: OrderState; to: OrderState; email: ShopperEmail | undefined }
  | { moves: false; from: OrderState; reason: string };

const words = (state: OrderState) => state.replace(/_/g, ' ');

/** What `decide` needs to know of the order. */
export interface OrderNow {
  state: OrderState;
  /** The tracking number it shipped with, if it has. */
  trackingNumber?: string | null;
}

/** Whether `event` may move the order, where to, and which email it sends. */
export function decide(order: OrderNow, event: OrderEvent): Decision {
  const { state } = order;
  const rule = ORDER_RULES[event.type];
  if (!rule.from.includes(state)) {
    return {
      moves: false,
      from: state,
      reason: `${event.type.replace(/_/g, ' ')} does not apply to an order that is ${words(state)}`,
    };
  }
  if (
    event.type === 'provider_shipped' &&
    state === 'shipped' &&
    event.tracking.number === (order.trackingNumber ?? '')
  ) {
    return { moves: false, from: state, reason: 'already shipped with this tracking number' };
  }
  const target = rule.to(event, state);
  const email = rule.email ?? FOLLOW_UP_EMAILS[event.type]?.[state] ?? FAILURE_EMAILS[target];
  return { moves: true, from: state, to: target, email };
}

/** Whether the shopper may still send a corrected address. */
export function canCorrectAddress(state: OrderState): boolean {
  return ORDER_RULES.address_corrected.from.includes(state) && state !== 'ready_to_print';
}

/** Where the order is, in the shopper's terms (states they cannot tell apart are one). */
export function shopperProgress(state: OrderState): OrderProgress {
  switch (state) {
    case 'pending':
      return 'awaiting_payment';
    case 'ready_to_print':
    case 'queued':
      return 'paid';
    default:
      return state;
  }
}
