/** Visible text that the spec fixes: labels of controls and pages. Tests find controls by these. */
import type { OrderProgress, ShipTo } from './types';

export const GENERATE_BUTTON_LABELS = {
  idle: 'Generate Art',
  loading: 'Loading…',
  generated: 'Re-Generate Art',
  limitReached: 'Daily generation limit exceeded',
} as const;

export const BUY_BUTTON_LABELS = {
  idle: 'Buy It',
  loading: 'Loading…',
} as const;

export const FIELD_LABELS = {
  interests: 'Interests',
  colors: 'Colors',
  objects: 'Objects',
  style: 'Art style',
  target: 'Who is it for?',
  occasion: 'What occasion is this for?',
  customizations: 'Additional customizations',
  pickYourShirt: 'Pick your shirt',
  shirtColor: 'Color',
  shirtStyle: 'Style',
  shirtSize: 'Size',
  quantity: 'Quantity',
} as const;

export const PAGE_TEXT = {
  welcome: 'Welcome to our store!',
  shopAll: 'Shop All',
  loadingOrder: 'Loading your order…',
  orderComplete: 'Order complete!',
  continueShopping: 'Continue shopping',
  emptyPage: 'That page does not exist yet',
  yourOrder: 'Your order',
} as const;

/** An order's state in the words its shopper reads on /order and in every email. */
export const ORDER_STATE_TEXT: Readonly<Record<OrderProgress, string>> = {
  awaiting_payment: 'Waiting for payment',
  paid: 'Paid — being prepared for printing',
  in_production: 'In production',
  on_hold: 'On hold — the print shop has paused this order',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned — the package came back to the print shop',
  problem: 'We need a new shipping address from you',
  failed: 'Delayed — this order could not be printed yet',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** What happens next, for each state: the order page and the emails say the same. */
export const ORDER_NEXT_STEP_TEXT: Readonly<Record<OrderProgress, string>> = {
  awaiting_payment: 'Once the payment goes through, we confirm the order by email.',
  paid: 'We send your shirt to the print shop next, and email you when it ships.',
  in_production: 'Your shirt is being printed. We email you the tracking link when it ships.',
  on_hold:
    'Nothing is needed from you yet. We are sorting it out with the print shop and will email you when it moves again.',
  shipped: 'Your shirt is on its way: follow the package with the tracking link.',
  delivered: 'The carrier says the package was delivered. Enjoy your shirt!',
  returned:
    'Check your shipping address below and correct it if it is wrong; we then send the shirt again.',
  problem:
    'The print shop could not ship to this address. Correct it below and we send your order on its way again.',
  failed:
    'We have been told and are looking into it. We will email you when it moves again, or how we make it right.',
  cancelled: 'This order will not be printed. We will email you when your payment is refunded.',
  refunded: 'Your payment has been refunded; it can take 5–10 days to show on your statement.',
};

/**
 * The shipping address fields' labels, the same words on the test payment page's form and on the
 * order page's address correction.
 */
export const SHIP_TO_FIELD_LABELS = {
  name: 'Full name',
  line1: 'Address line 1',
  line2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State / province / region',
  postalCode: 'ZIP / postal code',
  country: 'Country',
} as const satisfies Record<keyof ShipTo, string>;

/** The steps of the order page's progress list, in order. */
export const ORDER_PROGRESS_STEPS: ReadonlyArray<{
  state: Extract<OrderProgress, 'paid' | 'in_production' | 'shipped'>;
  label: string;
}> = [
  { state: 'paid', label: 'Paid' },
  { state: 'in_production', label: 'In production' },
  { state: 'shipped', label: 'Shipped' },
];

/** Text of /complete and /order around the order they show. */
export const ORDER_TEXT = {
  orderNumber: 'Order number',
  loading: 'Getting your order details…',
  confirming: 'Payment received, confirming…',
  confirmed: 'Payment confirmed.',
  confirmingSlow:
    'Confirming your payment is taking longer than usual. Your order page, through Track your order below, shows it once it is confirmed.',
  notFound: 'We could not find this order. Check the link in your confirmation.',
  tryAgain: 'Try again',
  backHome: 'Back to the home page',
  trackYourOrder: 'Track your order',
  trackThePackage: 'Track the package',
  whatHappensNext: 'What happens next',
  status: 'Order status',
  progress: 'Order progress',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  opensInNewTab: 'Opens in a new tab',
  summary: 'Order summary',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  tax: 'Sales tax',
  total: 'Total',
  totalPaid: 'Total paid',
  shipTo: 'Ship to',
  email: 'Email',
  correctAddress: 'Correct the shipping address',
  saveAddress: 'Send my order with this address',
  savingAddress: 'Sending…',
  addressSaved: 'Thank you: your order is on its way again with the new address.',
} as const;
