/**
 * The mocked payment page: what the store's built-in test payment page does, for a remote's dev
 * page with no store. It shows the order its link carries, collects where to ship, and goes on to
 * `/complete?token=` with the order paid. Plain DOM: it belongs to no app.
 */
import { artworkUrlForShirt } from '../artworkUrls';
import { SHIRT_COLOR_HEX, formatPrice } from '../catalog';
import { ORDER_TEXT, SHIP_TO_FIELD_LABELS } from '../labels';
import type { ShippingDetails } from '../types';
import {
  MOCK_PAYMENT_PATH,
  MOCK_SHIPPING_ZONE,
  mockCompletePath,
  mockOrderAmounts,
  readMockOrderToken,
} from './mockOrders';

export function isMockPaymentPage(path: string): boolean {
  return path === MOCK_PAYMENT_PATH;
}

/** A shopper's address as a tester would type it, ready to pay with one press. */
const SAMPLE_SHIPPING: ShippingDetails = {
  name: 'Sam Tester',
  email: 'sam@example.com',
  line1: '1 Main Street',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
};

const FIELDS: ReadonlyArray<{
  name: keyof ShippingDetails;
  label: string;
  required: boolean;
  type?: string;
}> = [
  { name: 'name', label: SHIP_TO_FIELD_LABELS.name, required: true },
  { name: 'email', label: 'Email', required: true, type: 'email' },
  { name: 'line1', label: SHIP_TO_FIELD_LABELS.line1, required: true },
  { name: 'line2', label: SHIP_TO_FIELD_LABELS.line2, required: false },
  { name: 'city', label: SHIP_TO_FIELD_LABELS.city, required: true },
  { name: 'state', label: SHIP_TO_FIELD_LABELS.state, required: false },
  { name: 'postalCode', label: SHIP_TO_FIELD_LABELS.postalCode, required: true },
];

const STYLE = `
  body { margin: 0; background: #f4f1ec; color: #1c1b1f; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
  main { box-sizing: border-box; max-width: 34rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  .badge { display: inline-block; padding: .25rem .75rem; border-radius: 999px; background: #fde68a; color: #713f12; font-size: .8125rem; font-weight: 700; }
  h1 { margin: .75rem 0 .25rem; font-size: 1.5rem; }
  .muted { margin: 0 0 1.25rem; color: #5f5b66; font-size: .9375rem; }
  .card { box-sizing: border-box; margin-bottom: 1rem; padding: 1.25rem; border: 1px solid #e4ded6; border-radius: 16px; background: #fff; }
  .order { display: flex; gap: 1rem; align-items: center; }
  .order img { flex: none; width: 5.5rem; height: 7.33rem; object-fit: contain; border-radius: 10px; }
  .order p { margin: 0; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: .25rem 1rem; margin: 1rem 0 0; }
  dt { color: #5f5b66; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .total { font-weight: 700; color: #1c1b1f; }
  form { display: grid; gap: .875rem; }
  label { display: grid; gap: .25rem; font-size: .875rem; font-weight: 600; }
  input, select { box-sizing: border-box; width: 100%; min-height: 44px; padding: .5rem .75rem; border: 1px solid #b8b1a8; border-radius: 10px; font: inherit; font-weight: 400; }
  button { min-height: 48px; border: 0; border-radius: 999px; background: #c2410c; color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]> = {},
  children: Array<Node | string> = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
}

/** Renders the page for the order `location` names into `root` (an unknown link says so). */
export function renderMockPaymentPage(
  root: HTMLElement,
  location: Location = window.location,
): void {
  document.title = 'Test payment (mocked)';
  document.head.append(element('style', { textContent: STYLE }));
  const mock = readMockOrderToken(new URLSearchParams(location.search).get('order') ?? '');
  const main = element('main', {}, [
    element('span', {
      className: 'badge',
      textContent: 'Test payment · mocked API, no card is charged',
    }),
  ]);
  root.replaceChildren(main);
  if (!mock) {
    main.append(element('h1', { textContent: 'There is no order at this link' }));
    return;
  }
  const { order } = mock;
  const amounts = mockOrderAmounts(order);
  const picture = element('img', {
    src: artworkUrlForShirt(order.imageURL, order.shirtColor),
    alt: order.prompt || 'The artwork',
  });
  // On the shirt's own colour, as it is drawn for it.
  picture.style.background = SHIRT_COLOR_HEX[order.shirtColor];
  main.append(
    element('h1', { textContent: 'Pay for your order' }),
    element('p', {
      className: 'muted',
      textContent: `${ORDER_TEXT.orderNumber} ${mock.orderNumber}. This page stands in for the store's payment page while no store runs.`,
    }),
    element('section', { className: 'card', ariaLabel: ORDER_TEXT.summary }, [
      element('div', { className: 'order' }, [
        picture,
        element('div', {}, [
          element('p', { textContent: order.productName }),
          element('p', {
            className: 'muted',
            textContent: `${order.shirtColor} · ${order.shirtStyle} · ${order.shirtSize} · × ${order.quantity}`,
          }),
        ]),
      ]),
      element('dl', {}, [
        element('dt', { textContent: ORDER_TEXT.subtotal }),
        element('dd', { textContent: formatPrice(amounts.subtotalCents) }),
        element('dt', { textContent: ORDER_TEXT.shipping }),
        element('dd', { textContent: formatPrice(amounts.shippingCents) }),
        element('dt', { className: 'total', textContent: ORDER_TEXT.total }),
        element('dd', { className: 'total', textContent: formatPrice(amounts.totalCents) }),
      ]),
    ]),
  );
  const form = element('form', { className: 'card', ariaLabel: ORDER_TEXT.shipTo });
  for (const field of FIELDS) {
    form.append(
      element('label', {}, [
        field.label,
        element('input', {
          name: field.name,
          value: SAMPLE_SHIPPING[field.name],
          required: field.required,
          type: field.type ?? 'text',
        }),
      ]),
    );
  }
  const country = element(
    'select',
    { name: 'country' },
    MOCK_SHIPPING_ZONE.countries.map((code) =>
      element('option', { value: code, textContent: code }),
    ),
  );
  form.append(
    element('label', {}, [SHIP_TO_FIELD_LABELS.country, country]),
    element('button', { type: 'submit', textContent: `Pay ${formatPrice(amounts.totalCents)}` }),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const shipping = Object.fromEntries(
      [...FIELDS.map((field) => field.name), 'country' as const].map((name) => [
        name,
        String(data.get(name) ?? '').trim(),
      ]),
    ) as unknown as ShippingDetails;
    location.assign(
      mockCompletePath({ ...mock, paid: { shipping, at: new Date().toISOString() } }),
    );
  });
  main.append(form);
}
