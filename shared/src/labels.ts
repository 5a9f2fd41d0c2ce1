/** Visible text that the spec fixes: labels of controls and pages. Tests find controls by these. */
import type { OrderProgress } from './types';

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

/** An order's state in the words its shopper reads on /order. */
export const ORDER_STATE_TEXT: Readonly<Record<OrderProgress, string>> = {
  awaiting_payment: 'Waiting for payment',
  paid: 'Paid — being prepared for printing',
  in_production: 'In production',
  shipped: 'Shipped',
  problem: 'There is a problem with this order',
};

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
  total: 'Total',
  totalPaid: 'Total paid',
  shipTo: 'Ship to',
  email: 'Email',
} as const;
