/**
 * Orders in the mocked API. A dev page has no server to keep them, and the payment tab and the
 * confirmation are other pages, so an order travels in its own token: the checkout's choices, its
 * number and, once the mocked payment page has been through, where it ships.
 */
import { CURRENCY, UNIT_PRICE_CENTS } from '../catalog';
import { ORDER_NEXT_STEP_TEXT } from '../labels';
import { orderAmounts, type ShippingZone } from '../money';
import { artworkUrlForShirt } from '../artworkUrls';
import { fromBase64Url, toBase64Url } from '../base64url';
import { PAGE_PATHS } from '../routes';
import type { CheckoutOrder, OrderView, ShippingDetails, StoreOffer } from '../types';

/** The store's default offer (the server's with no shipping settings): US only, $4.99 + $2.00. */
export const MOCK_SHIPPING_ZONE: ShippingZone = {
  countries: ['US'],
  firstItemCents: 499,
  additionalItemCents: 200,
};

export const MOCK_STORE_OFFER: StoreOffer = {
  currency: CURRENCY,
  unitPriceCents: UNIT_PRICE_CENTS,
  shipping: [{ ...MOCK_SHIPPING_ZONE, countryNames: ['United States'] }],
  salesTax: 'off',
  unavailable: [],
};

/**
 * Where the mocked payment page is (`?order=<token>`): a page of the remote's dev server, at its
 * top level, where the page's relative script addresses resolve.
 */
export const MOCK_PAYMENT_PATH = '/mock-payment';

export interface MockOrder {
  order: CheckoutOrder;
  orderNumber: string;
  /** Set by the mocked payment page. */
  paid?: { shipping: ShippingDetails; at: string };
}

export function mockOrderToken(order: MockOrder): string {
  return toBase64Url(JSON.stringify(order));
}

/** The order a token carries, or undefined for anything else (a real store's token, a typo). */
export function readMockOrderToken(token: string): MockOrder | undefined {
  try {
    const parsed = JSON.parse(fromBase64Url(token)) as Partial<MockOrder>;
    if (typeof parsed.orderNumber !== 'string' || typeof parsed.order?.imageURL !== 'string') {
      return undefined;
    }
    return parsed as MockOrder;
  } catch {
    return undefined;
  }
}

/** A readable order number like the store's (`TW-4821-7730`). */
export function newMockOrderNumber(random: () => number = Math.random): string {
  const four = () => String(Math.floor(random() * 10_000)).padStart(4, '0');
  return `TW-${four()}-${four()}`;
}

export function mockPaymentPath(order: MockOrder): string {
  return `${MOCK_PAYMENT_PATH}?order=${mockOrderToken(order)}`;
}

export function mockCompletePath(order: MockOrder): string {
  return `${PAGE_PATHS.complete}?token=${mockOrderToken(order)}`;
}

export function mockOrderAmounts(order: CheckoutOrder) {
  return orderAmounts(UNIT_PRICE_CENTS, order.quantity, MOCK_SHIPPING_ZONE);
}

function maskedEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}

/** The order as `GET /creator/order` shows it to its shopper. */
export function mockOrderView(mock: MockOrder): OrderView {
  const { order, paid } = mock;
  const state = paid ? 'paid' : 'awaiting_payment';
  const { email, ...shipTo } = paid?.shipping ?? { email: '' };
  return {
    orderNumber: mock.orderNumber,
    state,
    nextStep: ORDER_NEXT_STEP_TEXT[state],
    orderPagePath: `${PAGE_PATHS.order}?token=${mockOrderToken(mock)}`,
    productName: order.productName,
    shirtColor: order.shirtColor,
    shirtStyle: order.shirtStyle,
    shirtSize: order.shirtSize,
    quantity: order.quantity,
    artworkPath: artworkUrlForShirt(order.imageURL, order.shirtColor),
    ...mockOrderAmounts(order),
    currency: CURRENCY,
    shipTo: paid ? (shipTo as OrderView['shipTo']) : null,
    email: paid ? maskedEmail(email) : null,
    tracking: null,
    problem: null,
    // Paid or awaiting payment: neither final nor with a carrier.
    final: false,
    tracked: false,
    tone: null,
    // The server's status table: paid is the first step under way, awaiting payment none yet.
    progress: { reached: paid ? 1 : 0, last: 'current' },
    canCorrectAddress: false,
    addressCountries: [],
    paidAt: paid?.at ?? null,
    shippedAt: null,
  };
}
