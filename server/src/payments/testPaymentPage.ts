/**
 * The built-in test payment page: server-rendered, no script, clearly not a real payment, with the
 * shipping form a real checkout page has.
 */
import { SHIRT_COLOR_HEX, formatPrice } from '@tshirt/shared/catalog';
import type { ShippingDetails } from '@tshirt/shared/types';
import type { Order } from '../orders/ordersRepository';
import { testPaymentPath } from './paymentProvider';
import type { InlineSources } from '../http/contentSecurityPolicy';
import { escapeHtml } from '../pages/htmlPages';
import { hashSource } from '../pages/inlineSources';
import { PAGE_PATHS } from '@tshirt/shared/routes';

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f6f5f2; color: #1d1d1f; line-height: 1.5; }
  header { background: #1d1d1f; color: #fff; padding: 0.9rem 1.25rem; font-weight: 700; font-size: 1.1rem; }
  .test-banner { background: #fff3c4; color: #4d3800; border-bottom: 2px solid #c99a00; padding: 0.75rem 1.25rem;
    font-weight: 700; text-align: center; letter-spacing: 0.02em; }
  main { max-width: 56rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
  h1 { font-size: 1.6rem; margin: 0 0 1rem; }
  .layout { display: grid; gap: 1.5rem; }
  @media (min-width: 48rem) { .layout { grid-template-columns: 1fr 1fr; align-items: start; } }
  .preview { background: #fff; border-radius: 12px; padding: 1rem; box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
  .preview svg { width: 100%; height: auto; display: block; }
  .summary { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.4rem 1rem; margin: 0 0 1rem; }
  dt { color: #55575c; }
  dd { margin: 0; font-weight: 600; }
  .total { display: flex; justify-content: space-between; border-top: 1px solid #ddd; padding-top: 0.75rem;
    font-size: 1.2rem; font-weight: 700; margin-bottom: 1.25rem; }
  button { width: 100%; font: inherit; font-weight: 700; font-size: 1.1rem; padding: 0.85rem 1rem; border: 0;
    border-radius: 8px; background: #1f4fa3; color: #fff; cursor: pointer; }
  button:hover { background: #173d80; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1f4fa3; outline-offset: 3px; }
  a { color: #1f4fa3; }
  .back { display: inline-block; margin-top: 1rem; }
  .note { color: #55575c; font-size: 0.9rem; }
  .paid { background: #e3f4e6; color: #14532d; border-radius: 8px; padding: 0.75rem 1rem; font-weight: 600; }
  h2.form-title { font-size: 1.2rem; margin: 0 0 0.75rem; }
  .field { margin-bottom: 1rem; }
  label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
  input, select { display: block; width: 100%; font: inherit; font-size: max(16px, 1rem); padding: 0.6rem 0.7rem;
    border: 2px solid #55575c; border-radius: 6px; background: #fff; color: #1d1d1f; }
  input:focus, select:focus { outline: 3px solid #1f4fa3; outline-offset: 2px; }
  [aria-invalid="true"] { border-color: #a4161a; }
  .error { color: #a4161a; font-weight: 600; margin: 0 0 0.25rem; }
  .area { display: grid; gap: 0 1rem; align-items: end; }
  @media (min-width: 30rem) { .area { grid-template-columns: 1fr 1fr; } }
  .error-summary { border: 3px solid #a4161a; border-radius: 8px; padding: 0.75rem 1rem; margin-bottom: 1.25rem; }
  .error-summary:focus { outline: 3px solid #1f4fa3; outline-offset: 3px; }
  .error-summary h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
  .error-summary ul { margin: 0; padding-left: 1.25rem; }
  .error-summary a { color: #a4161a; font-weight: 600; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

/** The inline sources of the test payment pages (and of the order-not-found page): their style. */
export const TEST_PAYMENT_PAGE_SOURCES: InlineSources = {
  scripts: [],
  styles: [hashSource(STYLE)],
};

/** A simple shirt in the chosen colour with the artwork in the print area. */
function shirtPicture(order: Order): string {
  const fabric = SHIRT_COLOR_HEX[order.shirtColor];
  const image = escapeHtml(order.imagePath);
  return `<svg viewBox="0 0 400 440" role="img" aria-label="${escapeHtml(
    `${order.shirtColor} ${order.shirtStyle} t-shirt with your artwork`,
  )}">
  <path d="M130 20 L80 38 L10 100 L52 160 L92 132 L92 425 L308 425 L308 132 L348 160 L390 100 L320 38 L270 20
    Q250 62 200 62 Q150 62 130 20 Z" fill="${fabric}" stroke="rgb(0 0 0 / 25%)" stroke-width="3" stroke-linejoin="round"/>
  <image href="${image}" x="125" y="110" width="150" height="200" preserveAspectRatio="xMidYMid meet"/>
</svg>`;
}

function pageShell(brandName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(brandName)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>${escapeHtml(brandName)}</header>
<p class="test-banner" role="note">TEST PAYMENT — no card is charged</p>
<main>
${body}
</main>
</body>
</html>`;
}

/** The form's fields: their names are the shipping details' keys. */
export type ShippingField = keyof ShippingDetails;
/** What the shopper typed, field by field. */
export type ShippingForm = Record<ShippingField, string>;
/** Each bad field's message, in plain words. */
export type ShippingFormErrors = Partial<Record<ShippingField, string>>;

interface FieldSpec {
  id: string;
  label: string;
  autocomplete: string;
  /** What the field is called inside a sentence ("Full name must be …"). */
  noun: string;
  /** The message when it is left empty; absent for optional fields. */
  whenMissing?: string;
  /** The message when it is not in the right form, where plainer than the general one. */
  whenMalformed?: string;
  /** Its input's type and typing help (spelling, capitals); `type="text"` when absent. */
  input?: string;
}

const EMAIL_MESSAGE = 'Enter your email address, like name@example.com';
const COUNTRY_MESSAGE = 'Choose a country we ship to';

/** The form's fields, in page order (the error summary lists them in the same order). */
export const SHIPPING_FIELDS: Readonly<Record<ShippingField, FieldSpec>> = {
  name: {
    id: 'ship-name',
    label: 'Full name',
    autocomplete: 'name',
    noun: 'Full name',
    whenMissing: 'Enter your full name',
    input: 'type="text" spellcheck="false"',
  },
  email: {
    id: 'ship-email',
    label: 'Email',
    autocomplete: 'email',
    noun: 'Email address',
    whenMissing: EMAIL_MESSAGE,
    whenMalformed: EMAIL_MESSAGE,
    input: 'type="email" spellcheck="false" autocapitalize="off"',
  },
  line1: {
    id: 'ship-line1',
    label: 'Address line 1',
    autocomplete: 'address-line1',
    noun: 'Address line 1',
    whenMissing: 'Enter the first line of your address',
  },
  line2: {
    id: 'ship-line2',
    label: 'Address line 2 (optional)',
    autocomplete: 'address-line2',
    noun: 'Address line 2',
  },
  city: {
    id: 'ship-city',
    label: 'City',
    autocomplete: 'address-level2',
    noun: 'City',
    whenMissing: 'Enter your town or city',
  },
  state: {
    id: 'ship-state',
    label: 'State / province / region',
    autocomplete: 'address-level1',
    noun: 'State, province or region',
  },
  postalCode: {
    id: 'ship-postal-code',
    label: 'ZIP / postal code',
    autocomplete: 'postal-code',
    noun: 'ZIP or postal code',
    whenMissing: 'Enter the ZIP or postal code',
    whenMalformed: 'Enter the ZIP or postal code using only letters, numbers, spaces and hyphens',
    input: 'type="text" spellcheck="false" autocapitalize="characters"',
  },
  country: {
    id: 'ship-country',
    label: 'Country',
    autocomplete: 'country',
    noun: 'Country',
    whenMissing: COUNTRY_MESSAGE,
    whenMalformed: COUNTRY_MESSAGE,
  },
};

/** The form's field names, in page order. */
export const SHIPPING_FIELD_NAMES = Object.keys(SHIPPING_FIELDS) as ShippingField[];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export interface ShippingFormState {
  /** The countries the shop ships to (ISO codes); the first is preselected. */
  countries: readonly string[];
  /** What the shopper typed, when the page is shown again. */
  values?: ShippingForm;
  errors?: ShippingFormErrors;
}

const errorId = (name: ShippingField) => `${SHIPPING_FIELDS[name].id}-error`;

function countryOptions(countries: readonly string[], chosen = countries[0]): string {
  return countries
    .map(
      (code) =>
        `<option value="${escapeHtml(code)}"${code === chosen ? ' selected' : ''}>${escapeHtml(
          regionNames.of(code) ?? code,
        )}</option>`,
    )
    .join('');
}

function fieldHtml(name: ShippingField, state: ShippingFormState): string {
  const field = SHIPPING_FIELDS[name];
  const error = state.errors?.[name];
  const value = state.values?.[name];
  const attributes = [
    `id="${field.id}" name="${name}" autocomplete="${field.autocomplete}"`,
    field.whenMissing === undefined ? '' : 'required',
    error === undefined ? '' : `aria-invalid="true" aria-describedby="${errorId(name)}"`,
  ]
    .filter(Boolean)
    .join(' ');
  const control =
    name === 'country'
      ? `<select ${attributes}>${countryOptions(state.countries, value)}</select>`
      : `<input ${field.input ?? 'type="text"'} ${attributes} value="${escapeHtml(value ?? '')}">`;
  const message =
    error === undefined
      ? ''
      : `<p class="error" id="${errorId(name)}"><span class="visually-hidden">Error:</span> ${escapeHtml(error)}</p>`;
  return `<div class="field">
  <label for="${field.id}">${escapeHtml(field.label)}</label>${message}
  ${control}
</div>`;
}

function errorSummary(errors: ShippingFormErrors): string {
  const links = SHIPPING_FIELD_NAMES.flatMap((name) => {
    const error = errors[name];
    return error === undefined
      ? []
      : [`<li><a href="#${SHIPPING_FIELDS[name].id}">${escapeHtml(error)}</a></li>`];
  });
  if (links.length === 0) return '';
  // With no script to move focus, autofocus brings the shopper to the summary first.
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">Please check these fields</h2>
<ul>
${links.join('\n')}
</ul>
</div>`;
}

function shippingForm(order: Order, state: ShippingFormState): string {
  const fields = (...names: ShippingField[]) =>
    names.map((name) => fieldHtml(name, state)).join('\n');
  return `<form method="post" action="${escapeHtml(testPaymentPath(order))}" novalidate aria-labelledby="shipping-title">
${errorSummary(state.errors ?? {})}
<h2 id="shipping-title" class="form-title">Where should we send it?</h2>
${fields('name', 'email', 'line1', 'line2')}
<div class="area">
${fields('city', 'state', 'postalCode')}
</div>
${fields('country')}
  <button type="submit">Pay</button>
</form>`;
}

export function testPaymentPage(order: Order, brandName: string, form: ShippingFormState): string {
  const details: Array<[string, string]> = [
    ['Product', order.productName],
    ['Color', order.shirtColor],
    ['Style', order.shirtStyle],
    ['Size', order.shirtSize],
    ['Quantity', String(order.quantity)],
    ['Unit price', formatPrice(order.unitPriceCents)],
  ];
  // A paid order shows neither its address nor its order page's link: this page's link is not that.
  const action =
    order.status === 'paid'
      ? `<p class="paid" role="status">This order is already paid.</p>
<p><a href="${PAGE_PATHS.complete}">See your order confirmation</a></p>`
      : `${shippingForm(order, form)}
<p class="note">This is the store’s built-in test checkout. Pressing Pay marks the order as paid; nothing is charged.</p>`;
  const hasErrors = Object.keys(form.errors ?? {}).length > 0;
  return pageShell(
    brandName,
    hasErrors ? 'Error: Test payment' : 'Test payment',
    `<h1>Review and pay</h1>
<div class="layout">
  <section class="preview" aria-label="Your shirt">${shirtPicture(order)}</section>
  <section class="summary" aria-labelledby="summary-title">
    <h2 id="summary-title" class="note">Order ${escapeHtml(order.id)}</h2>
    <dl>
${details.map(([term, value]) => `      <dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
    </dl>
    <p class="total"><span>Total</span><span>${escapeHtml(formatPrice(order.totalCents))}</span></p>
    ${action}
    <a class="back" href="/product">Back to the shop</a>
  </section>
</div>`,
  );
}

export function orderNotFoundPage(brandName: string): string {
  return pageShell(
    brandName,
    'Order not found',
    `<h1>Order not found</h1>
<p>There is no order at this address. It may have been mistyped.</p>
<a class="back" href="/product">Back to the shop</a>`,
  );
}
