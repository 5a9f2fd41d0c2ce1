/**
 * `/admin/orders/<id>`: the order whole (its art on its shirt and the print file, the picks, the
 * totals and what it earned, where it ships, the provider's side, its history, its emails and the
 * owner's notes) and a form for each of the owner's actions its state allows.
 */
import { Fragment, type ReactNode } from 'react';
import { artworkUrlForShirt, printFileUrlForShirt } from '@tshirt/shared/artworkUrls';
import { SHIRT_COLOR_HEX, formatPrice } from '@tshirt/shared/catalog';
import { UNKNOWN_AMOUNT, marginCents, printCostCents } from '../orders/orderEarnings';
import type { OrderState } from '../orders/orderLife';
import { PAYMENT_STATUS, type PaymentStatus } from '../orders/orderStatus';
import {
  orderState,
  providerExternalId,
  type Order,
  type OrderHistoryEntry,
} from '../orders/ordersRepository';
import { countryName } from '../payments/countryName';
import { SHIPPING_FIELDS, type ShippingField } from '../payments/testPaymentPage';
import { FieldError, When, invalidAttributes } from '../html/components';
import type { OrderEmailEntry } from '../mail/orderEmailLog';
import type { DeskFlash } from './deskForms';
import { NOTE_MAX_LENGTH, REASON_MAX_LENGTH, TRACKING_LIMITS } from './deskForms';
import { Flash, renderDeskPage, type DeskFrame } from './deskLayout';
import { DESK_PATHS, deskActionPath, type DeskAction } from './deskPaths';
import type { OrderNote } from './orderNotes';
import { ownerLabel, type ActionsAvailable } from './orderLists';
import { PaymentBadge, StateBadge, paymentOf } from './ordersPage';

export interface OrderPageData extends DeskFrame {
  order: Order;
  history: readonly OrderHistoryEntry[];
  emails: readonly OrderEmailEntry[];
  notes: readonly OrderNote[];
  actions: ActionsAvailable;
  /** The countries the store ships to (the address form offers only these). */
  countries: readonly string[];
  flash?: DeskFlash;
}

/** The payment providers by the names the owner knows them by. */
const PAYMENT_PROVIDER_NAMES: Readonly<Record<string, string>> = {
  test: 'Test payment page',
  stripe: 'Stripe',
};

/**
 * How the order was paid: its status, the provider by name, and the provider's own reference
 * (Stripe's Checkout Session, to find it in Stripe's dashboard); the test page has none worth
 * showing.
 */
function paymentLine(order: Order, payment: PaymentStatus): string {
  const provider = PAYMENT_PROVIDER_NAMES[order.paymentProvider] ?? order.paymentProvider;
  const reference = order.paymentProvider === 'test' ? null : order.paymentReference;
  return [PAYMENT_STATUS[payment].ownerLabel, provider, reference].filter(Boolean).join(' · ');
}

/** `ready_to_print` → `ready to print`. */
const words = (name: string) => name.replace(/_/g, ' ');

/** Terms and their values; those with no value are left out. */
function Details({ entries }: { entries: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl>
      {entries
        .filter(
          ([, value]) => value !== null && value !== undefined && value !== '' && value !== false,
        )
        .map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}

/** The id of a field of one of the page's forms. */
function fieldId(form: DeskFlash['form'], name: string): string {
  if (form === 'address' && name in SHIPPING_FIELDS)
    return SHIPPING_FIELDS[name as ShippingField].id;
  return `${form}-${name}`;
}

function FlashMessage({ flash }: { flash: DeskFlash | undefined }) {
  if (!flash) return null;
  const problems = Object.entries(flash.fields ?? {});
  return (
    <Flash kind={flash.kind}>
      <p>{flash.message}</p>
      {problems.length > 0 && (
        <ul>
          {problems.map(([name, message]) => (
            <li key={name}>
              <a href={`#${fieldId(flash.form, name)}`}>{message}</a>
            </li>
          ))}
        </ul>
      )}
    </Flash>
  );
}

interface FieldProps {
  form: NonNullable<DeskFlash['form']>;
  name: string;
  label: string;
  value: string;
  error: string | undefined;
  /** The control's own attributes (type, autocomplete, limits). */
  attributes?: Record<string, string | number | boolean>;
  control?: 'input' | 'textarea' | 'select';
  children?: ReactNode;
}

function Field({
  form,
  name,
  label,
  value,
  error,
  attributes = {},
  control = 'input',
  children,
}: FieldProps) {
  const id = fieldId(form, name);
  const common = { id, name, ...attributes, ...invalidAttributes(`${id}-error`, error) };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldError id={`${id}-error`} className="field-error" message={error} />
      {control === 'textarea' ? (
        <textarea {...common} defaultValue={value} />
      ) : control === 'select' ? (
        <select {...common} defaultValue={value}>
          {children}
        </select>
      ) : (
        <input {...common} defaultValue={value} />
      )}
    </div>
  );
}

/** What a refused form typed and why, when the flash is about `form`. */
function formState(flash: DeskFlash | undefined, form: DeskFlash['form']) {
  const about = flash?.form === form;
  return {
    value: (name: string, fallback = '') => (about ? (flash?.values?.[name] ?? '') : fallback),
    error: (name: string) => (about ? flash?.fields?.[name] : undefined),
  };
}

/** The typing help of a shipping field's input, as the payment page gives it. */
function shippingInput(name: ShippingField): Record<string, string | boolean> {
  const spec = SHIPPING_FIELDS[name];
  return { ...spec.input, autoComplete: 'off', ...(spec.whenMissing && { required: true }) };
}

function AddressForm({ order, countries, flash }: OrderPageData) {
  const state = formState(flash, 'address');
  const shipTo: Partial<Record<ShippingField, string>> = order.shipTo ?? {};
  const addressField = (name: Exclude<ShippingField, 'email' | 'country'>) => (
    <Field
      form="address"
      name={name}
      label={SHIPPING_FIELDS[name].label}
      value={state.value(name, shipTo[name] ?? '')}
      error={state.error(name)}
      attributes={shippingInput(name)}
    />
  );
  return (
    <form method="post" action={deskActionPath(order.id, 'address')} noValidate>
      {addressField('name')}
      {addressField('line1')}
      {addressField('line2')}
      <div className="fields two">
        {addressField('city')}
        {addressField('state')}
      </div>
      {addressField('postalCode')}
      <Field
        form="address"
        name="country"
        label={SHIPPING_FIELDS.country.label}
        value={state.value('country', shipTo.country ?? countries[0] ?? '')}
        error={state.error('country')}
        attributes={{ required: true }}
        control="select"
      >
        {countries.map((code) => (
          <option key={code} value={code}>
            {countryName(code)}
          </option>
        ))}
      </Field>
      <button type="submit">Save the address and send it again</button>
    </form>
  );
}

function ShipForm({ order, flash }: OrderPageData) {
  const state = formState(flash, 'ship');
  const field = (name: string, label: string, attributes: FieldProps['attributes']) => (
    <Field
      form="ship"
      name={name}
      label={label}
      value={state.value(name)}
      error={state.error(name)}
      attributes={attributes}
    />
  );
  return (
    <form method="post" action={deskActionPath(order.id, 'ship')} noValidate>
      {field('carrier', 'Carrier', {
        type: 'text',
        required: true,
        maxLength: TRACKING_LIMITS.carrier,
        autoComplete: 'off',
      })}
      {field('number', 'Tracking number', {
        type: 'text',
        required: true,
        maxLength: TRACKING_LIMITS.number,
        autoComplete: 'off',
        spellCheck: false,
      })}
      {field('url', 'Tracking link (optional)', {
        type: 'url',
        maxLength: TRACKING_LIMITS.url,
        autoComplete: 'off',
        spellCheck: false,
      })}
      <button type="submit">Mark shipped and email the shopper</button>
    </form>
  );
}

/** What remains of the order's payment: the most a refund can give back. */
const remainingCents = (order: Order) => Math.max(0, order.totalCents - order.refundedCents);

function RefundForm({ order, flash }: OrderPageData) {
  const state = formState(flash, 'refund');
  return (
    <form method="post" action={deskActionPath(order.id, 'refund')} noValidate>
      <Field
        form="refund"
        name="amount"
        label={`Amount (${order.currency}, at most ${formatPrice(remainingCents(order), order.currency)})`}
        value={state.value('amount')}
        error={state.error('amount')}
        attributes={{ type: 'text', inputMode: 'decimal', required: true, autoComplete: 'off' }}
      />
      <Field
        form="refund"
        name="reason"
        label="Reason (the shopper reads it)"
        value={state.value('reason')}
        error={state.error('reason')}
        attributes={{ required: true, maxLength: REASON_MAX_LENGTH }}
        control="textarea"
      />
      <button type="submit" className="danger">
        Refund this amount
      </button>
    </form>
  );
}

function CancelForm({ order, flash }: OrderPageData) {
  const state = formState(flash, 'cancel');
  const confirmError = state.error('confirm');
  const confirmId = fieldId('cancel', 'confirm');
  return (
    <form method="post" action={deskActionPath(order.id, 'cancel-and-refund')} noValidate>
      <Field
        form="cancel"
        name="reason"
        label="Reason"
        value={state.value('reason')}
        error={state.error('reason')}
        attributes={{ required: true, maxLength: REASON_MAX_LENGTH }}
        control="textarea"
      />
      <FieldError id={`${confirmId}-error`} className="field-error" message={confirmError} />
      <div className="check">
        <input
          type="checkbox"
          id={confirmId}
          name="confirm"
          value="yes"
          required
          {...invalidAttributes(`${confirmId}-error`, confirmError)}
        />
        <label htmlFor={confirmId}>I understand this refunds the shopper</label>
      </div>
      <button type="submit" className="danger">
        {`Cancel and refund ${formatPrice(remainingCents(order), order.currency)}`}
      </button>
    </form>
  );
}

function OneButton({
  orderId,
  action,
  label,
}: {
  orderId: string;
  action: DeskAction;
  label: string;
}) {
  return (
    <form method="post" action={deskActionPath(orderId, action)}>
      <button type="submit" className="quiet">
        {label}
      </button>
    </form>
  );
}

function Card({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <p>{intro}</p>
      {children}
    </section>
  );
}

function Actions({ data, state }: { data: OrderPageData; state: OrderState }) {
  const { order, actions } = data;
  // One-button actions side by side first, then the forms (shipping first: it is the usual one).
  const quick = [
    actions.resubmit && (
      <Card
        key="resubmit"
        id="resubmit-title"
        title="Resubmit"
        intro="Sends the order to the print provider again, as it is: a new print order when the last one is dead (a reprint of a package that came back), whose cost joins this order's."
      >
        <OneButton orderId={order.id} action="resubmit" label="Resubmit to the print provider" />
      </Card>
    ),
    actions.resendConfirmation && (
      <Card
        key="resend"
        id="resend-title"
        title="Resend the confirmation"
        intro={`Emails the order’s confirmation, with the link to its page, to ${order.email ?? ''} again.`}
      >
        <OneButton
          orderId={order.id}
          action="resend-confirmation"
          label="Resend the confirmation"
        />
      </Card>
    ),
  ].filter(Boolean);
  const forms = [
    actions.shipByHand && (
      <Card
        key="ship"
        id="ship-title"
        title="Mark shipped"
        intro="You printed and posted it yourself: the shopper gets the shipping email with this tracking."
      >
        <ShipForm {...data} />
      </Card>
    ),
    actions.correctAddress && (
      <Card
        key="address"
        id="address-title"
        title="Correct the address"
        intro="Saves where it ships; the order then goes on its way again."
      >
        <AddressForm {...data} />
      </Card>
    ),
    remainingCents(order) > 0 && (
      <Card
        key="refund"
        id="refund-title"
        title="Refund part of it"
        intro="Gives part of the money back (a damaged shirt, a late one), after shipping too; the order stays where it is. The shopper is emailed the amount."
      >
        <RefundForm {...data} />
      </Card>
    ),
    actions.cancelAndRefund && (
      <Card
        key="cancel"
        id="cancel-title"
        title="Cancel and refund"
        intro="Cancels the order (at the print provider too, while it still can) and gives the shopper their money back, once. The shopper is emailed."
      >
        <CancelForm {...data} />
      </Card>
    ),
  ].filter(Boolean);
  return (
    <section aria-labelledby="fix-title">
      <h2 id="fix-title">Fix it</h2>
      {quick.length + forms.length === 0 ? (
        <p>{`Nothing to do for an order that is ${ownerLabel(state).toLowerCase()}.`}</p>
      ) : (
        <>
          {quick.length > 0 && <div className="actions">{quick}</div>}
          {forms.length > 0 && <div className="actions">{forms}</div>}
        </>
      )}
    </section>
  );
}

function Table({
  titleId,
  columns,
  children,
}: {
  titleId: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <table className="cards" aria-labelledby={titleId}>
      <thead>
        <tr>
          {columns.map((name) => (
            <th scope="col" key={name}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function History({ history }: { history: readonly OrderHistoryEntry[] }) {
  if (history.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <Table titleId="history-title" columns={['When', 'Source', 'Event', 'From → to', 'Note']}>
      {history.map((entry, index) => {
        const from = entry.fromState ? words(entry.fromState) : '—';
        return (
          <tr key={index}>
            <td data-label="When">
              <When date={entry.at} />
            </td>
            <td data-label="Source">{entry.source}</td>
            <td data-label="Event">{words(entry.event)}</td>
            <td data-label="From → to">
              {entry.toState === null
                ? `${from} (not applied)`
                : `${from} → ${words(entry.toState)}`}
            </td>
            <td data-label="Note">{entry.note ?? ''}</td>
          </tr>
        );
      })}
    </Table>
  );
}

function Emails({ order, emails }: { order: Order; emails: readonly OrderEmailEntry[] }) {
  if (emails.length === 0) return <p>No email has been written about this order.</p>;
  return (
    <Table
      titleId="emails-title"
      columns={['Kind', 'To', 'Queued', 'Sent', 'Attempts', 'Last error', 'Send again']}
    >
      {emails.map((email) => (
        <tr key={email.messageId}>
          <td data-label="Kind">{words(email.kind)}</td>
          <td data-label="To">{`${email.audience}: ${email.recipient}`}</td>
          <td data-label="Queued">
            <When date={email.queuedAt} />
          </td>
          <td data-label="Sent">{email.sentAt ? <When date={email.sentAt} /> : 'not yet'}</td>
          <td data-label="Attempts" className="num">
            {email.attempts}
          </td>
          <td data-label="Last error">{email.lastError ?? ''}</td>
          <td data-label="Send again">
            <form method="post" action={deskActionPath(order.id, 'resend-email')}>
              <input type="hidden" name="message" value={email.messageId} />
              <button
                type="submit"
                className="quiet"
                aria-label={`Resend the ${words(email.kind)} email to ${email.recipient}`}
              >
                Resend
              </button>
            </form>
          </td>
        </tr>
      ))}
    </Table>
  );
}

function Notes({ order, notes, flash }: OrderPageData) {
  const state = formState(flash, 'note');
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      {notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ul className="card notes" aria-labelledby="notes-title">
          {notes.map((note) => (
            <li key={note.id}>
              <When date={note.at} />: <span className="why">{note.text}</span>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={deskActionPath(order.id, 'note')} noValidate>
        <Field
          form="note"
          name="text"
          label="Add a note (only you see it)"
          value={state.value('text')}
          error={state.error('text')}
          attributes={{ required: true, maxLength: NOTE_MAX_LENGTH }}
          control="textarea"
        />
        <button type="submit" className="quiet">
          Save the note
        </button>
      </form>
    </section>
  );
}

function Address({ order }: { order: Order }) {
  const to = order.shipTo;
  if (!to) return <>No address yet</>;
  const lines = [
    to.name,
    to.line1,
    to.line2,
    [to.city, [to.state, to.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    countryName(to.country),
  ].filter(Boolean);
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 && <br />}
          {line}
        </span>
      ))}
    </address>
  );
}

/** What every print order of it cost, the current one in parts, or `—` while nobody knows. */
function PrintCost({ order }: { order: Order }) {
  const total = printCostCents(order);
  if (total === null) return <>{UNKNOWN_AMOUNT}</>;
  const price = (cents: number) => formatPrice(cents, order.currency);
  const cost = order.providerCost;
  const parts = [
    ...(cost
      ? [
          `shirts ${price(cost.itemsCents)}`,
          `shipping ${price(cost.shippingCents)}`,
          ...(cost.taxCents === 0 ? [] : [`tax ${price(cost.taxCents)}`]),
        ]
      : []),
    ...(order.earlierPrintCostCents > 0
      ? [`earlier print orders ${price(order.earlierPrintCostCents)}`]
      : []),
  ];
  return (
    <>
      <span className="num">{price(total)}</span>{' '}
      {parts.length > 1 && <span className="note">{`(${parts.join(' + ')})`}</span>}
    </>
  );
}

export function orderPage(data: OrderPageData): string {
  const { order } = data;
  const state = orderState(order);
  const paid = order.status === 'paid';
  const money = (cents: number) => (
    <span className="num">{formatPrice(cents, order.currency)}</span>
  );
  const margin = marginCents(order);
  const payment: PaymentStatus = paymentOf(order);
  return renderDeskPage({
    brandName: data.brandName,
    timeZone: data.timeZone,
    title: `Order ${order.id}`,
    signedIn: true,
    children: (
      <>
        <a className="back" href={DESK_PATHS.desk}>
          ← All orders
        </a>
        <h1>
          Order {order.id} <StateBadge state={state} />
          <PaymentBadge order={order} />
        </h1>
        <FlashMessage flash={data.flash} />
        <div className="order-grid">
          <section className="card" aria-labelledby="shirt-title">
            <h2 id="shirt-title">The shirt</h2>
            <div className="shirt" style={{ background: SHIRT_COLOR_HEX[order.shirtColor] }}>
              <img
                src={artworkUrlForShirt(order.imagePath, order.shirtColor)}
                alt={`The artwork on a ${order.shirtColor} shirt`}
                width="320"
                height="427"
              />
            </div>
            {paid ? (
              <a
                className="print-link"
                href={printFileUrlForShirt(order.imagePath, order.shirtColor)}
                target="_blank"
                rel="noopener"
              >
                Open the print file (PNG)
              </a>
            ) : (
              <p className="note">The print file is made once the order is paid.</p>
            )}
            <Details
              entries={[
                ['Product', order.productName],
                ['Colour', order.shirtColor],
                ['Style', order.shirtStyle],
                ['Size', order.shirtSize],
                ['Quantity', String(order.quantity)],
                ['Prompt', order.prompt],
                ['Unit price', money(order.unitPriceCents)],
                ['Subtotal', money(order.subtotalCents)],
                ['Shipping', money(order.shippingCents)],
                ['Sales tax', order.taxCents > 0 && money(order.taxCents)],
                ['Total', money(order.totalCents)],
                ['Refunded', order.refundedCents > 0 && money(order.refundedCents)],
                ['Print cost', paid && <PrintCost order={order} />],
                [
                  'Margin',
                  paid && (
                    <span className="num">
                      {margin === null ? UNKNOWN_AMOUNT : formatPrice(margin, order.currency)}
                    </span>
                  ),
                ],
              ]}
            />
          </section>
          <div className="stack">
            <section className="card" aria-labelledby="shipping-title">
              <h2 id="shipping-title">Shopper and shipping</h2>
              <Details
                entries={[
                  ['Ships to', <Address order={order} />],
                  ['Email', order.email ?? 'None'],
                  ['Placed', <When date={order.createdAt} />],
                  ['Paid', paid ? <When date={order.paidAt} /> : 'Not paid'],
                  ['Payment', paymentLine(order, payment)],
                  ['Refunded', order.refundedAt && <When date={order.refundedAt} />],
                ]}
              />
            </section>
            <section className="card" aria-labelledby="provider-title">
              <h2 id="provider-title">Print provider</h2>
              <Details
                entries={[
                  ['Provider order', order.providerOrderId ?? 'None yet'],
                  ['External id', providerExternalId(order)],
                  ['Tries', String(order.submitAttempts)],
                  ['Last error or reason', order.fulfillmentError ?? 'None'],
                  [
                    'Tracking',
                    order.tracking && (
                      <>
                        {`${order.tracking.carrier} ${order.tracking.number}`.trim()}
                        {order.tracking.url && (
                          <>
                            {' ('}
                            <a href={order.tracking.url} rel="noopener noreferrer">
                              tracking link
                            </a>
                            {')'}
                          </>
                        )}
                      </>
                    ),
                  ],
                  ['Shipped', order.shippedAt && <When date={order.shippedAt} />],
                ]}
              />
            </section>
          </div>
        </div>
        {paid && <Actions data={data} state={state} />}
        <Notes {...data} />
        <section aria-labelledby="history-title">
          <h2 id="history-title">History</h2>
          <History history={data.history} />
        </section>
        <section aria-labelledby="emails-title">
          <h2 id="emails-title">Emails</h2>
          <Emails order={order} emails={data.emails} />
        </section>
      </>
    ),
  });
}
