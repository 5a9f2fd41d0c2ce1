/**
 * The built-in test payment page: server-rendered, no script, clearly not a real payment, with the
 * shipping form a real checkout page has.
 */
import { readFileSync } from 'node:fs';
import { artworkUrlForShirt } from '@tshirt/shared/artworkUrls';
import { SHIRT_COLOR_HEX, findPremadeDesignByPath, formatPrice } from '@tshirt/shared/catalog';
import { SHIRT_DRAWING } from '@tshirt/shared/shirtDrawing';
import type { ShippingDetails } from '@tshirt/shared/types';
import { zoneOf, type SalesTaxMode, type ShippingZone } from '@tshirt/shared/money';
import { amountsShippedTo } from '../orders/orderAmounts';
import type { Order } from '../orders/ordersRepository';
import { testPaymentPath } from './paymentProvider';
import { countryName } from './countryName';
import { Fragment, type ReactNode } from 'react';
import type { InlineSources } from '../http/contentSecurityPolicy';
import { FieldError, invalidAttributes } from '../html/components';
import { Document, renderDocument } from '../html/document';
import { hashSource } from '../pages/inlineSources';
import { PAGE_PATHS } from '@tshirt/shared/routes';

/** The store's design tokens (the host's and the remotes' pages read the same file). */
const STORE_TOKENS = readFileSync(require.resolve('@tshirt/shared/tokens.css'), 'utf8');

// The store's look, in its tokens: the same colours, type, radii and focus ring as the shop.
const STYLE = `${STORE_TOKENS}
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--color-bg); color: var(--color-text); font-family: var(--font-sans);
    line-height: var(--line-height); }
  .top-bar { background: var(--color-bg); border-bottom: 1px solid var(--color-border); }
  .top-bar-inner { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
    gap: var(--space-2) var(--space-4); max-width: 60rem; margin: 0 auto;
    padding: var(--space-3) var(--space-4); min-height: var(--top-bar-height); }
  .brand { display: inline-flex; align-items: center; gap: var(--space-2); color: var(--color-text);
    font-weight: 800; font-size: var(--font-size-lg); letter-spacing: -0.02em; text-decoration: none;
    border-radius: var(--radius); padding: var(--space-1) var(--space-2); margin-left: calc(-1 * var(--space-2)); }
  .secure { display: inline-flex; align-items: center; gap: var(--space-2); margin: 0; color: var(--color-text-muted);
    font-size: var(--font-size-sm); font-weight: 600; }
  .test-banner { display: flex; align-items: center; justify-content: center; gap: var(--space-2); margin: 0;
    padding: var(--space-2) var(--space-4); background: #fff3c4; color: #4d3800; border-bottom: 1px solid #e3c564;
    font-weight: 700; font-size: var(--font-size-sm); text-align: center; letter-spacing: 0.02em; }
  main { max-width: 60rem; margin: 0 auto; padding: var(--space-5) var(--space-4) var(--space-7); }
  .eyebrow { margin: 0 0 var(--space-1); color: var(--color-accent-hover); font-size: var(--font-size-sm);
    font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; }
  h1 { font-size: var(--font-size-xl); line-height: 1.2; margin: 0 0 var(--space-5); }
  .layout { display: grid; gap: var(--space-5); }
  @media (min-width: 48rem) { .layout { grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); align-items: start; } }
  .card { background: var(--color-surface); border: 1px solid var(--color-border); border-radius: var(--radius-lg);
    box-shadow: var(--shadow-sm); }
  .preview { padding: var(--space-4); }
  @media (min-width: 48rem) { .preview { position: sticky; top: var(--space-4); } }
  .shirt { max-width: 12rem; margin: 0 auto; }
  @media (min-width: 48rem) { .shirt { max-width: 22rem; } }
  .shirt svg { width: 100%; height: auto; display: block; }
  .summary { padding: var(--space-5); }
  .order-number { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between;
    gap: var(--space-1) var(--space-3); margin: 0 0 var(--space-4); padding-bottom: var(--space-3);
    border-bottom: 1px solid var(--color-border); }
  .order-number dt { color: var(--color-text-muted); font-size: var(--font-size-sm); font-weight: 600; }
  .order-number dd { margin: 0; font-size: var(--font-size-lg); font-weight: 800; letter-spacing: 0.04em;
    font-variant-numeric: tabular-nums; }
  .details { display: grid; grid-template-columns: auto 1fr; gap: var(--space-2) var(--space-4); margin: 0 0 var(--space-4); }
  .details dt { color: var(--color-text-muted); }
  .details dd { margin: 0; font-weight: 600; text-align: right; overflow-wrap: anywhere; }
  .amounts { display: grid; grid-template-columns: auto 1fr; gap: var(--space-1) var(--space-4); margin: 0 0 var(--space-3);
    border-top: 1px solid var(--color-border); padding-top: var(--space-3); }
  .amounts dt { color: var(--color-text-muted); }
  .amounts dd { margin: 0; font-weight: 600; text-align: right; white-space: nowrap; }
  .price { white-space: nowrap; font-variant-numeric: tabular-nums; }
  .preview figcaption { margin: var(--space-3) 0 0; text-align: center; overflow-wrap: anywhere; }
  .preview figcaption span { display: block; color: var(--color-text-muted); font-size: var(--font-size-sm); font-weight: 600; }
  .preview figure { margin: 0; }
  .notice { background: #fff3c4; color: #4d3800; border-radius: var(--radius-sm); padding: var(--space-3) var(--space-4);
    font-weight: 600; margin: 0 0 var(--space-4); }
  .total { display: flex; justify-content: space-between; align-items: baseline; border-top: 1px solid var(--color-border);
    padding-top: var(--space-3); font-size: var(--font-size-lg); font-weight: 800; margin: 0 0 var(--space-5); }
  button { display: flex; align-items: center; justify-content: center; gap: var(--space-2); width: 100%;
    min-height: 3.25rem; font: inherit; font-weight: 700; font-size: 1.125rem; padding: var(--space-3) var(--space-5);
    border: 0; border-radius: var(--radius-md); background: var(--color-accent); color: var(--color-on-accent);
    cursor: pointer; box-shadow: 0 6px 16px rgb(194 65 12 / 0.22); }
  button:hover { background: var(--color-accent-hover); }
  a { color: var(--color-accent-text); font-weight: 600; }
  button:focus-visible, a:focus-visible { outline: var(--focus-ring); outline-offset: 3px; }
  .back { display: inline-block; margin-top: var(--space-4); }
  .note { color: var(--color-text-muted); font-size: var(--font-size-sm); margin: var(--space-3) 0 0; }
  .paid { background: #e7f5ea; color: #14532d; border-radius: var(--radius-sm); padding: var(--space-3) var(--space-4);
    font-weight: 700; margin: 0 0 var(--space-3); }
  h2.form-title { font-size: var(--font-size-lg); margin: 0 0 var(--space-3); }
  .field { margin-bottom: var(--space-4); }
  label { display: block; font-weight: 600; font-size: var(--font-size-sm); margin-bottom: var(--space-1); }
  input, select { display: block; width: 100%; min-height: 2.875rem; font: inherit; font-size: max(16px, 1rem);
    padding: 0.625rem 0.75rem; border: 1px solid var(--color-text-muted); border-radius: var(--radius-sm);
    background: var(--color-surface); color: var(--color-text); }
  input:hover, select:hover { border-color: var(--color-text); }
  input:focus, select:focus { outline: var(--focus-ring); outline-offset: 2px; }
  [aria-invalid="true"] { border: 2px solid var(--color-danger); }
  .error { color: var(--color-danger); font-weight: 600; font-size: var(--font-size-sm); margin: 0 0 var(--space-1); }
  .area { display: grid; gap: 0 var(--space-3); align-items: end; }
  @media (min-width: 30rem) { .area { grid-template-columns: 1fr 1fr; } }
  .error-summary { border: 1px solid var(--color-danger); border-left-width: 4px; border-radius: var(--radius-sm);
    background: var(--color-danger-surface); color: var(--color-danger); padding: var(--space-3) var(--space-4);
    margin-bottom: var(--space-5); }
  .error-summary:focus { outline: var(--focus-ring); outline-offset: 3px; }
  .error-summary h2 { font-size: var(--font-size-md); margin: 0 0 var(--space-2); }
  .error-summary ul { margin: 0; padding-left: 1.25rem; }
  .error-summary a { color: var(--color-danger); font-weight: 600; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

/** The inline sources of the test payment pages (and of the order-not-found page): their style. */
export const TEST_PAYMENT_PAGE_SOURCES: InlineSources = {
  scripts: [],
  styles: [hashSource(STYLE)],
};

/** The shirt as the order pages draw it: the shop's tee in the fabric colour, the artwork on its chest. */
function ShirtPicture({ order }: { order: Order }) {
  const { viewBox, outline, collar, neckOpening, printArea } = SHIRT_DRAWING;
  const fabric = SHIRT_COLOR_HEX[order.shirtColor];
  const seam = { stroke: '#000', strokeOpacity: 0.22, strokeWidth: 2 };
  return (
    <svg
      viewBox={`0 0 ${viewBox.width} ${viewBox.height}`}
      role="img"
      aria-label={`Your artwork on a ${order.shirtColor} ${order.shirtStyle} t-shirt`}
    >
      <path d={outline} fill={fabric} {...seam} strokeLinejoin="round" />
      <path d={neckOpening} fill={fabric} />
      <path d={neckOpening} fill="#000" fillOpacity={0.28} />
      <path d={collar} fill="none" {...seam} />
      <image
        href={artworkUrlForShirt(order.imagePath, order.shirtColor)}
        x={printArea.x}
        y={printArea.y}
        width={printArea.width}
        height={printArea.height}
        preserveAspectRatio="xMidYMin meet"
      />
    </svg>
  );
}

/** The shop's shirt logo, as the top bar of every store page shows it. */
function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="M11 4 4 8l2.5 6 3-1.3V28h13V12.7l3 1.3L28 8l-7-4c-.6 2-2.6 3.3-5 3.3S11.6 6 11 4Z"
        fill="var(--color-accent)"
      />
      <circle cx="16" cy="17" r="3.2" fill="var(--color-accent-soft)" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 12 6h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 5H6V4.5a2 2 0 1 1 4 0V6Z"
      />
    </svg>
  );
}

function CheckoutPage({
  brandName,
  title,
  children,
}: {
  brandName: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Document title={`${title} · ${brandName}`} style={STYLE} robots="noindex">
      <header className="top-bar">
        <div className="top-bar-inner">
          <a className="brand" href="/">
            <BrandMark />
            {brandName}
          </a>
          <p className="secure">
            <LockIcon />
            Checkout
          </p>
        </div>
      </header>
      <p className="test-banner" role="note">
        TEST PAYMENT — no card is charged
      </p>
      <main>{children}</main>
    </Document>
  );
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
  input?: { type: 'text' | 'email'; spellCheck?: boolean; autoCapitalize?: string };
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
    input: { type: 'text', spellCheck: false },
  },
  email: {
    id: 'ship-email',
    label: 'Email',
    autocomplete: 'email',
    noun: 'Email address',
    whenMissing: EMAIL_MESSAGE,
    whenMalformed: EMAIL_MESSAGE,
    input: { type: 'email', spellCheck: false, autoCapitalize: 'off' },
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
    input: { type: 'text', spellCheck: false, autoCapitalize: 'characters' },
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

export interface ShippingFormState {
  /** The countries the shop ships to (ISO codes); the first is preselected. */
  countries: readonly string[];
  /** What the shopper typed, when the page is shown again. */
  values?: ShippingForm;
  errors?: ShippingFormErrors;
  /** What shipping costs where, and how tax is charged; without it the order's own figures show. */
  money?: { zones: readonly ShippingZone[]; salesTax: SalesTaxMode };
  /** Why the page is shown again before paying (the total changed with the country). */
  notice?: string;
}

/** The field carrying the total the page showed: Pay pays that total or shows the page again. */
export const SHOWN_TOTAL_FIELD = 'shown_total';

/** The order's figures as the page shows them: shipped to the country in the form (or the first). */
export function pageAmounts(order: Order, form: ShippingFormState) {
  const country = form.values?.country ?? form.countries[0] ?? '';
  const zones = form.money?.zones;
  const amounts = order.status === 'pending' && zones && amountsShippedTo(order, zones, country);
  return { country, amounts: amounts || order };
}

/** Subtotal, shipping (+ tax) lines and the total, as the shopper pays them. */
function Amounts({ order, form }: { order: Order; form: ShippingFormState }) {
  const { country, amounts } = pageAmounts(order, form);
  const price = (cents: number) => formatPrice(cents, order.currency);
  const lines: Array<[ReactNode, string]> = [
    [
      <>
        Subtotal ({order.quantity} × <span className="price">{price(order.unitPriceCents)}</span>)
      </>,
      price(amounts.subtotalCents),
    ],
    [
      order.status === 'pending' ? `Shipping to ${countryName(country)}` : 'Shipping',
      amounts.shippingCents === 0 ? 'Free' : price(amounts.shippingCents),
    ],
  ];
  if (form.money && form.money.salesTax !== 'off') {
    lines.push(['Sales tax (test: none charged)', price(0)]);
  } else if (amounts.taxCents > 0) {
    lines.push(['Sales tax', price(amounts.taxCents)]);
  }
  const zones = form.money?.zones ?? [];
  return (
    <>
      <dl className="amounts">
        {lines.map(([term, value], index) => (
          <Fragment key={index}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="total">
        <span>Total</span>
        <span className="price">{price(amounts.totalCents)}</span>
      </p>
      {order.status === 'pending' && zones.length > 1 && (
        <p className="note">
          Shipping depends on the country:{' '}
          {zones.map((zone, index) => {
            const cost = amountsShippedTo(order, zones, zone.countries[0] ?? '')!.shippingCents;
            return (
              <Fragment key={index}>
                {index > 0 && '; '}
                {zone.countries.map(countryName).join(', ')}{' '}
                <span className="price">{cost === 0 ? 'free' : price(cost)}</span>
              </Fragment>
            );
          })}
          . Pay always pays the total shown here.
        </p>
      )}
    </>
  );
}

/** Whether a country is one the zones ship to (for the message naming it). */
export function shipsTo(zones: readonly ShippingZone[], country: string): boolean {
  return zoneOf(zones, country) !== undefined;
}

const errorId = (name: ShippingField) => `${SHIPPING_FIELDS[name].id}-error`;

function FormField({ name, state }: { name: ShippingField; state: ShippingFormState }) {
  const field = SHIPPING_FIELDS[name];
  const error = state.errors?.[name];
  const value = state.values?.[name];
  const attributes = {
    id: field.id,
    name,
    autoComplete: field.autocomplete,
    required: field.whenMissing !== undefined,
    ...invalidAttributes(errorId(name), error),
  };
  return (
    <div className="field">
      <label htmlFor={field.id}>{field.label}</label>
      <FieldError id={errorId(name)} className="error" message={error} />
      {name === 'country' ? (
        <select {...attributes} defaultValue={value ?? state.countries[0]}>
          {state.countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
      ) : (
        <input type="text" {...field.input} {...attributes} defaultValue={value ?? ''} />
      )}
    </div>
  );
}

function ErrorSummary({ errors }: { errors: ShippingFormErrors }) {
  const wrong = SHIPPING_FIELD_NAMES.filter((name) => errors[name] !== undefined);
  if (wrong.length === 0) return null;
  // With no script to move focus, autofocus brings the shopper to the summary first.
  return (
    <div
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      autoFocus
    >
      <h2 id="error-summary-title">Please check these fields</h2>
      <ul>
        {wrong.map((name) => (
          <li key={name}>
            <a href={`#${SHIPPING_FIELDS[name].id}`}>{errors[name]}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ShippingFormPart({ order, state }: { order: Order; state: ShippingFormState }) {
  const fields = (...names: ShippingField[]) =>
    names.map((name) => <FormField key={name} name={name} state={state} />);
  return (
    <form method="post" action={testPaymentPath(order)} noValidate aria-labelledby="shipping-title">
      <ErrorSummary errors={state.errors ?? {}} />
      <input
        type="hidden"
        name={SHOWN_TOTAL_FIELD}
        value={String(pageAmounts(order, state).amounts.totalCents)}
      />
      <h2 id="shipping-title" className="form-title">
        Where should we send it?
      </h2>
      {fields('name', 'email', 'line1', 'line2')}
      <div className="area">{fields('city', 'state', 'postalCode')}</div>
      {fields('country')}
      <button type="submit">Pay</button>
    </form>
  );
}

/** What the design is called: the shopper's words for it, or a ready-made design's name. */
function designName(order: Order): string | undefined {
  const prompt = order.prompt.trim();
  return prompt ? `“${prompt}”` : findPremadeDesignByPath(order.imagePath)?.title;
}

export function testPaymentPage(order: Order, brandName: string, form: ShippingFormState): string {
  const details: Array<[string, ReactNode]> = [
    ['Product', order.productName],
    ['Color', order.shirtColor],
    ['Style', order.shirtStyle],
    ['Size', order.shirtSize],
    ['Quantity', String(order.quantity)],
    [
      'Unit price',
      <span className="price">{formatPrice(order.unitPriceCents, order.currency)}</span>,
    ],
  ];
  const hasErrors = Object.keys(form.errors ?? {}).length > 0;
  return renderDocument(
    <CheckoutPage brandName={brandName} title={hasErrors ? 'Error: Test payment' : 'Test payment'}>
      <p className="eyebrow">{order.productName}</p>
      <h1>Review and pay</h1>
      <div className="layout">
        <section className="card preview" aria-label="Your shirt">
          <figure>
            <div className="shirt">
              <ShirtPicture order={order} />
            </div>
            {designName(order) && (
              <figcaption>
                <span>Your design</span> {designName(order)}
              </figcaption>
            )}
          </figure>
        </section>
        <section className="card summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="visually-hidden">
            Your order
          </h2>
          <dl className="order-number">
            <dt>Order number</dt>
            <dd>{order.id}</dd>
          </dl>
          <dl className="details">
            {details.map(([term, value]) => (
              <Fragment key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
          <Amounts order={order} form={form} />
          {form.notice && (
            <p className="notice" role="alert">
              {form.notice}
            </p>
          )}
          {order.status === 'paid' ? (
            // A paid order shows neither its address nor its order page's link: this page's link is not that.
            <>
              <p className="paid" role="status">
                This order is already paid.
              </p>
              <p>
                <a href={PAGE_PATHS.complete}>See your order confirmation</a>
              </p>
            </>
          ) : (
            <>
              <ShippingFormPart order={order} state={form} />
              <p className="note">
                This is the store’s built-in test checkout. Pressing Pay marks the order as paid;
                nothing is charged.
              </p>
            </>
          )}
          <a className="back" href="/product">
            Back to the shop
          </a>
        </section>
      </div>
    </CheckoutPage>,
  );
}

export function orderNotFoundPage(brandName: string): string {
  return renderDocument(
    <CheckoutPage brandName={brandName} title="Order not found">
      <h1>Order not found</h1>
      <p>There is no order at this address. It may have been mistyped.</p>
      <a className="back" href="/product">
        Back to the shop
      </a>
    </CheckoutPage>,
  );
}
