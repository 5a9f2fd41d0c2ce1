/**
 * `/admin/orders/<id>`: the order whole (its art on its shirt and the print file, the picks, the
 * totals and what it earned, where it ships, the provider's side, its history and its emails) and
 * a form for each of the owner's actions its state allows.
 */
import { artworkUrlForShirt, printFileUrlForShirt } from '@tshirt/shared/artworkUrls';
import { SHIRT_COLOR_HEX, formatPrice } from '@tshirt/shared/catalog';
import { UNKNOWN_AMOUNT, marginCents } from '../orders/orderEarnings';
import type { OrderState } from '../orders/orderLife';
import {
  orderState,
  providerExternalId,
  type Order,
  type OrderHistoryEntry,
} from '../orders/ordersRepository';
import { SHIPPING_FIELDS, type ShippingField } from '../payments/testPaymentPage';
import type { DeskFlash } from './deskForms';
import { REASON_MAX_LENGTH, TRACKING_LIMITS } from './deskForms';
import { deskPage, escapeHtml, when } from './deskLayout';
import { DESK_PATHS, deskActionPath } from './deskPaths';
import type { OrderEmailEntry } from '../mail/orderEmailLog';
import { STATE_LABELS, type ActionsAvailable } from './orderLists';
import { stateBadge } from './ordersPage';

export interface OrderPageData {
  brandName: string;
  order: Order;
  history: readonly OrderHistoryEntry[];
  emails: readonly OrderEmailEntry[];
  actions: ActionsAvailable;
  /** The countries the store ships to (the address form offers only these). */
  countries: readonly string[];
  flash?: DeskFlash;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => regionNames.of(code) ?? code;

/** `ready_to_print` → `ready to print`. */
const words = (name: string) => name.replace(/_/g, ' ');

function details(entries: ReadonlyArray<readonly [string, string | null | undefined]>): string {
  const shown = entries.filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  return `<dl>
${shown.map(([term, value]) => `  <dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('\n')}
</dl>`;
}

function flashMessage(flash: DeskFlash | undefined): string {
  if (!flash) return '';
  const problems = Object.entries(flash.fields ?? {});
  const list =
    problems.length === 0
      ? ''
      : `<ul>${problems
          .map(
            ([name, message]) =>
              `<li><a href="#${fieldId(flash.form, name)}">${escapeHtml(message)}</a></li>`,
          )
          .join('')}</ul>`;
  const role = flash.kind === 'error' ? 'alert' : 'status';
  return `<div class="flash ${flash.kind}" role="${role}"><p>${escapeHtml(flash.message)}</p>${list}</div>`;
}

/** The id of a field of one of the page's forms. */
function fieldId(form: DeskFlash['form'], name: string): string {
  if (form === 'address' && name in SHIPPING_FIELDS)
    return SHIPPING_FIELDS[name as ShippingField].id;
  return `${form}-${name}`;
}

interface FieldOptions {
  form: NonNullable<DeskFlash['form']>;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  /** The control's own attributes (type, autocomplete, limits). */
  attributes: string;
  control?: 'input' | 'textarea' | 'select';
  options?: string;
}

function field(options: FieldOptions): string {
  const id = fieldId(options.form, options.name);
  const described =
    options.error === undefined ? '' : ` aria-invalid="true" aria-describedby="${id}-error"`;
  const common = `id="${id}" name="${options.name}" ${options.attributes}${described}`;
  const control =
    options.control === 'textarea'
      ? `<textarea ${common}>${escapeHtml(options.value)}</textarea>`
      : options.control === 'select'
        ? `<select ${common}>${options.options ?? ''}</select>`
        : `<input ${common} value="${escapeHtml(options.value)}">`;
  const error =
    options.error === undefined
      ? ''
      : `<p class="field-error" id="${id}-error"><span class="visually-hidden">Error:</span> ${escapeHtml(options.error)}</p>`;
  return `<div class="field">
  <label for="${id}">${escapeHtml(options.label)}</label>${error}
  ${control}
</div>`;
}

/** What a refused form typed and why, when the flash is about `form`. */
function formState(flash: DeskFlash | undefined, form: DeskFlash['form']) {
  const about = flash?.form === form;
  return {
    value: (name: string, fallback = '') => (about ? (flash?.values?.[name] ?? '') : fallback),
    error: (name: string) => (about ? flash?.fields?.[name] : undefined),
  };
}

function addressForm(data: OrderPageData): string {
  const { order, countries, flash } = data;
  const state = formState(flash, 'address');
  const shipTo: Partial<Record<ShippingField, string>> = order.shipTo ?? {};
  const addressField = (name: Exclude<ShippingField, 'email' | 'country'>) => {
    const spec = SHIPPING_FIELDS[name];
    return field({
      form: 'address',
      name,
      label: spec.label,
      value: state.value(name, shipTo[name] ?? ''),
      error: state.error(name),
      attributes: `${spec.input ?? 'type="text"'} autocomplete="off"${spec.whenMissing ? ' required' : ''}`,
    });
  };
  const chosenCountry = state.value('country', shipTo.country ?? countries[0] ?? '');
  const countryOptions = countries
    .map(
      (code) =>
        `<option value="${escapeHtml(code)}"${code === chosenCountry ? ' selected' : ''}>${escapeHtml(countryName(code))}</option>`,
    )
    .join('');
  return `<form method="post" action="${deskActionPath(order.id, 'address')}" novalidate>
${addressField('name')}
${addressField('line1')}
${addressField('line2')}
<div class="fields two">
${addressField('city')}
${addressField('state')}
</div>
${addressField('postalCode')}
${field({
  form: 'address',
  name: 'country',
  label: SHIPPING_FIELDS.country.label,
  value: chosenCountry,
  error: state.error('country'),
  attributes: 'required',
  control: 'select',
  options: countryOptions,
})}
<button type="submit">Save the address and send it again</button>
</form>`;
}

function shipForm(data: OrderPageData): string {
  const state = formState(data.flash, 'ship');
  return `<form method="post" action="${deskActionPath(data.order.id, 'ship')}" novalidate>
${field({
  form: 'ship',
  name: 'carrier',
  label: 'Carrier',
  value: state.value('carrier'),
  error: state.error('carrier'),
  attributes: `type="text" required maxlength="${TRACKING_LIMITS.carrier}" autocomplete="off"`,
})}
${field({
  form: 'ship',
  name: 'number',
  label: 'Tracking number',
  value: state.value('number'),
  error: state.error('number'),
  attributes: `type="text" required maxlength="${TRACKING_LIMITS.number}" autocomplete="off" spellcheck="false"`,
})}
${field({
  form: 'ship',
  name: 'url',
  label: 'Tracking link (optional)',
  value: state.value('url'),
  error: state.error('url'),
  attributes: `type="url" maxlength="${TRACKING_LIMITS.url}" autocomplete="off" spellcheck="false"`,
})}
<button type="submit">Mark shipped and email the shopper</button>
</form>`;
}

function cancelForm(data: OrderPageData): string {
  const state = formState(data.flash, 'cancel');
  const confirmError = state.error('confirm');
  const confirmId = fieldId('cancel', 'confirm');
  return `<form method="post" action="${deskActionPath(data.order.id, 'cancel-and-refund')}" novalidate>
${field({
  form: 'cancel',
  name: 'reason',
  label: 'Reason',
  value: state.value('reason'),
  error: state.error('reason'),
  attributes: `required maxlength="${REASON_MAX_LENGTH}"`,
  control: 'textarea',
})}
${
  confirmError === undefined
    ? ''
    : `<p class="field-error" id="${confirmId}-error"><span class="visually-hidden">Error:</span> ${escapeHtml(confirmError)}</p>`
}
<div class="check">
  <input type="checkbox" id="${confirmId}" name="confirm" value="yes" required${
    confirmError === undefined ? '' : ` aria-invalid="true" aria-describedby="${confirmId}-error"`
  }>
  <label for="${confirmId}">I understand this refunds the shopper</label>
</div>
<button type="submit" class="danger">Cancel and refund ${escapeHtml(formatPrice(data.order.totalCents, data.order.currency))}</button>
</form>`;
}

function simpleAction(
  orderId: string,
  action: 'resubmit' | 'resend-confirmation',
  label: string,
): string {
  return `<form method="post" action="${deskActionPath(orderId, action)}"><button type="submit" class="quiet">${escapeHtml(label)}</button></form>`;
}

function actionsSection(data: OrderPageData, state: OrderState): string {
  const { order, actions } = data;
  const card = (id: string, title: string, intro: string, form: string) =>
    `<section class="card" aria-labelledby="${id}">
<h3 id="${id}">${escapeHtml(title)}</h3>
<p>${intro}</p>
${form}
</section>`;
  // One-button actions side by side first, then the forms (shipping first: it is the usual one).
  const quick = [
    actions.resubmit &&
      card(
        'resubmit-title',
        'Resubmit',
        'Sends the order to the print provider again, as it is (a new provider order when the last one is dead).',
        simpleAction(order.id, 'resubmit', 'Resubmit to the print provider'),
      ),
    actions.resendConfirmation &&
      card(
        'resend-title',
        'Resend the confirmation',
        `Emails the order’s confirmation, with the link to its page, to ${escapeHtml(order.email ?? '')} again.`,
        simpleAction(order.id, 'resend-confirmation', 'Resend the confirmation'),
      ),
  ].filter((html): html is string => typeof html === 'string');
  const forms = [
    actions.shipByHand &&
      card(
        'ship-title',
        'Mark shipped',
        'You printed and posted it yourself: the shopper gets the shipping email with this tracking.',
        shipForm(data),
      ),
    actions.correctAddress &&
      card(
        'address-title',
        'Correct the address',
        'Saves where it ships; the order then goes on its way again.',
        addressForm(data),
      ),
    actions.cancelAndRefund &&
      card(
        'cancel-title',
        'Cancel and refund',
        'Cancels the order (at the print provider too, while it still can) and gives the shopper their money back, once. The shopper is emailed.',
        cancelForm(data),
      ),
  ].filter((html): html is string => typeof html === 'string');
  const grid = (cards: string[]) =>
    cards.length === 0 ? '' : `<div class="actions">\n${cards.join('\n')}\n</div>`;
  const content =
    quick.length + forms.length === 0
      ? `<p>Nothing to do for an order that is ${escapeHtml(STATE_LABELS[state].toLowerCase())}.</p>`
      : `${grid(quick)}\n${grid(forms)}`;
  return `<section aria-labelledby="fix-title">
<h2 id="fix-title">Fix it</h2>
${content}
</section>`;
}

function historyTable(history: readonly OrderHistoryEntry[]): string {
  if (history.length === 0) return '<p>Nothing recorded yet.</p>';
  const rows = history.map((entry) => {
    const move =
      entry.toState === null
        ? `${escapeHtml(entry.fromState ? words(entry.fromState) : '—')} (not applied)`
        : `${escapeHtml(entry.fromState ? words(entry.fromState) : '—')} → ${escapeHtml(words(entry.toState))}`;
    return `<tr>
  <td data-label="When">${when(entry.at)}</td>
  <td data-label="Source">${escapeHtml(entry.source)}</td>
  <td data-label="Event">${escapeHtml(words(entry.event))}</td>
  <td data-label="From → to">${move}</td>
  <td data-label="Note">${escapeHtml(entry.note ?? '')}</td>
</tr>`;
  });
  return `<table class="cards" aria-labelledby="history-title">
<thead><tr><th scope="col">When</th><th scope="col">Source</th><th scope="col">Event</th><th scope="col">From → to</th><th scope="col">Note</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function emailsTable(emails: readonly OrderEmailEntry[]): string {
  if (emails.length === 0) return '<p>No email has been written about this order.</p>';
  const rows = emails.map(
    (email) => `<tr>
  <td data-label="Kind">${escapeHtml(words(email.kind))}</td>
  <td data-label="To">${escapeHtml(email.audience)}: ${escapeHtml(email.recipient)}</td>
  <td data-label="Queued">${when(email.queuedAt)}</td>
  <td data-label="Sent">${email.sentAt ? when(email.sentAt) : 'not yet'}</td>
  <td data-label="Attempts" class="num">${email.attempts}</td>
  <td data-label="Last error">${escapeHtml(email.lastError ?? '')}</td>
</tr>`,
  );
  return `<table class="cards" aria-labelledby="emails-title">
<thead><tr><th scope="col">Kind</th><th scope="col">To</th><th scope="col">Queued</th><th scope="col">Sent</th><th scope="col">Attempts</th><th scope="col">Last error</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function addressHtml(order: Order): string | null {
  const to = order.shipTo;
  if (!to) return null;
  const lines = [
    to.name,
    to.line1,
    to.line2,
    [to.city, [to.state, to.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    countryName(to.country),
  ].filter(Boolean);
  return `<address>${lines.map((line) => escapeHtml(line ?? '')).join('<br>')}</address>`;
}

/** What the print provider charges, in parts, or `—` while nobody knows. */
function providerCostHtml(order: Order): string {
  const cost = order.providerCost;
  if (!cost) return escapeHtml(UNKNOWN_AMOUNT);
  const price = (cents: number) => formatPrice(cents, order.currency);
  const parts = [
    `shirts ${price(cost.itemsCents)}`,
    `shipping ${price(cost.shippingCents)}`,
    ...(cost.taxCents === 0 ? [] : [`tax ${price(cost.taxCents)}`]),
  ];
  return `<span class="num">${escapeHtml(price(cost.totalCents))}</span> <span class="note">(${escapeHtml(parts.join(' + '))})</span>`;
}

/** Total − the provider's cost − sales tax collected (orders/orderEarnings.ts), or `—`. */
function marginText(order: Order): string {
  const margin = marginCents(order);
  return margin === null ? UNKNOWN_AMOUNT : formatPrice(margin, order.currency);
}

export function orderPage(data: OrderPageData): string {
  const { order } = data;
  const state = orderState(order);
  const paid = order.status === 'paid';
  const printFile = paid
    ? `<a class="print-link" href="${escapeHtml(printFileUrlForShirt(order.imagePath, order.shirtColor))}" target="_blank" rel="noopener">Open the print file (PNG)</a>`
    : '<p class="note">The print file is made once the order is paid.</p>';
  const tracking = order.tracking
    ? `${escapeHtml(`${order.tracking.carrier} ${order.tracking.number}`.trim())}${
        order.tracking.url
          ? ` (<a href="${escapeHtml(order.tracking.url)}" rel="noopener noreferrer">tracking link</a>)`
          : ''
      }`
    : null;
  const esc = (value: string | null | undefined) => (value ? escapeHtml(value) : null);
  const money = (cents: number) =>
    `<span class="num">${escapeHtml(formatPrice(cents, order.currency))}</span>`;
  return deskPage({
    brandName: data.brandName,
    title: `Order ${order.id}`,
    signedIn: true,
    body: `<a class="back" href="${DESK_PATHS.desk}">← All orders</a>
<h1>Order ${escapeHtml(order.id)} ${stateBadge(state)}</h1>
${flashMessage(data.flash)}
<div class="order-grid">
<section class="card" aria-labelledby="shirt-title">
<h2 id="shirt-title">The shirt</h2>
<div class="shirt" style="background: ${SHIRT_COLOR_HEX[order.shirtColor]}">
  <img src="${escapeHtml(artworkUrlForShirt(order.imagePath, order.shirtColor))}" alt="${escapeHtml(
    `The artwork on a ${order.shirtColor} shirt`,
  )}" width="320" height="427">
</div>
${printFile}
${details([
  ['Product', esc(order.productName)],
  ['Colour', esc(order.shirtColor)],
  ['Style', esc(order.shirtStyle)],
  ['Size', esc(order.shirtSize)],
  ['Quantity', String(order.quantity)],
  ['Prompt', esc(order.prompt)],
  ['Unit price', money(order.unitPriceCents)],
  ['Subtotal', money(order.subtotalCents)],
  ['Shipping', money(order.shippingCents)],
  ['Sales tax', order.taxCents > 0 ? money(order.taxCents) : null],
  ['Total', money(order.totalCents)],
  ['Print provider’s cost', paid ? providerCostHtml(order) : null],
  ['Margin', paid ? `<span class="num">${escapeHtml(marginText(order))}</span>` : null],
])}
</section>
<div class="stack">
<section class="card" aria-labelledby="shipping-title">
<h2 id="shipping-title">Shopper and shipping</h2>
${details([
  ['Ships to', addressHtml(order) ?? 'No address yet'],
  ['Email', esc(order.email) ?? 'None'],
  ['Placed', when(order.createdAt)],
  ['Paid', paid ? when(order.paidAt) : 'Not paid'],
  [
    'Payment',
    esc(`${order.paymentProvider}${order.paymentReference ? ` · ${order.paymentReference}` : ''}`),
  ],
  ['Refunded', order.refundedAt ? when(order.refundedAt) : null],
])}
</section>
<section class="card" aria-labelledby="provider-title">
<h2 id="provider-title">Print provider</h2>
${details([
  ['Provider order', esc(order.providerOrderId) ?? 'None yet'],
  ['External id', esc(providerExternalId(order))],
  ['Tries', String(order.submitAttempts)],
  ['Last error or reason', esc(order.fulfillmentError) ?? 'None'],
  ['Tracking', tracking],
  ['Shipped', order.shippedAt ? when(order.shippedAt) : null],
])}
</section>
</div>
</div>
${paid ? actionsSection(data, state) : ''}
<section aria-labelledby="history-title">
<h2 id="history-title">History</h2>
${historyTable(data.history)}
</section>
<section aria-labelledby="emails-title">
<h2 id="emails-title">Emails</h2>
${emailsTable(data.emails)}
</section>`,
  });
}
