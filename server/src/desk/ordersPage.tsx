/**
 * `/admin`: what needs the owner first (orders, and emails that gave up), then the orders of one
 * list or state over a range of days, or of a search, newest first, each with what it earned, then
 * the sales of the last days.
 */
import { formatPrice } from '@tshirt/shared/catalog';
import {
  EARNINGS_NOTE,
  UNKNOWN_AMOUNT,
  marginCents,
  printCostCents,
  withoutCostText,
  type DailyEarnings,
} from '../orders/orderEarnings';
import type { OrderState } from '../orders/orderLife';
import { FULFILMENT_STATUS, PAYMENT_STATUS, paymentStatus } from '../orders/orderStatus';
import { orderState, type Order } from '../orders/ordersRepository';
import { When } from '../html/components';
import { renderDeskPage, type DeskFrame } from './deskLayout';
import { DESK_PATHS, deskOrderPath } from './deskPaths';
import type { OrderFilter } from './orderFilter';
import { csvPath } from './orderFilter';
import { ORDER_LISTS, STATE_LISTS, listCount, type OrderList } from './orderLists';

/** An order waiting on the owner, and why. */
export interface AttentionItem {
  order: Order;
  /** Since when it has waited too long, for an order stuck in a state that is not itself a problem. */
  stuckSince?: Date;
}

/** An email that gave up after every try: the shopper (or the owner) was never told. */
export interface FailedEmail {
  orderId: string;
  kind: string;
  recipient: string;
  lastError: string | null;
}

export interface OrdersPageData extends DeskFrame {
  filter: OrderFilter;
  counts: Partial<Record<OrderState, number>>;
  orders: readonly Order[];
  /** How many the page shows at most. */
  limit: number;
  attention: readonly AttentionItem[];
  failedEmails: readonly FailedEmail[];
  /** The sales of the last days with any, newest first. */
  earnings: readonly DailyEarnings[];
}

export function StateBadge({ state }: { state: OrderState }) {
  const { tone, ownerLabel } = FULFILMENT_STATUS[state];
  return <span className={`state tone-${tone}`}>{ownerLabel}</span>;
}

/** Where the order's money stands, apart from where the shirt is. */
export const paymentOf = (order: Order) =>
  paymentStatus({
    paid: order.status === 'paid',
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
  });

/** The payment's badge, where the status does not say it already (partly refunded, or refunded after shipping). */
export function PaymentBadge({ order }: { order: Order }) {
  const payment = paymentOf(order);
  if (payment === 'paid' || payment === 'unpaid' || orderState(order) === 'refunded') return null;
  const { tone, ownerLabel } = PAYMENT_STATUS[payment];
  return (
    <>
      {' '}
      <span className={`state tone-${tone}`}>{ownerLabel}</span>
    </>
  );
}

function OrderLink({ id }: { id: string }) {
  return <a href={deskOrderPath(id)}>{id}</a>;
}

/** `on_hold` → `on hold`. */
const words = (name: string) => name.replace(/_/g, ' ');

function Attention({
  items,
  failedEmails,
}: Pick<OrdersPageData, 'failedEmails'> & { items: readonly AttentionItem[] }) {
  const count = items.length + failedEmails.length;
  if (count === 0) return null;
  return (
    <section className="card attention" aria-labelledby="attention-title">
      <h2 id="attention-title">
        Needs attention <span className="count">({count})</span>
      </h2>
      <ul>
        {items.map(({ order, stuckSince }) => (
          <li key={order.id}>
            <OrderLink id={order.id} /> <StateBadge state={orderState(order)} />
            {(stuckSince || order.fulfillmentError) && (
              <>
                {' '}
                <span className="why">
                  {stuckSince && (
                    <>
                      Waiting since <When date={stuckSince} />
                    </>
                  )}
                  {stuckSince && order.fulfillmentError && ' · '}
                  {order.fulfillmentError}
                </span>
              </>
            )}
          </li>
        ))}
        {failedEmails.map((email) => (
          <li key={`${email.orderId}-${email.kind}-${email.recipient}`}>
            <OrderLink id={email.orderId} />{' '}
            <span className="state tone-attention">Email not sent</span>{' '}
            <span className="why">
              {`The “${words(email.kind)}” email to ${email.recipient} gave up after every try`}
              {email.lastError && `: ${email.lastError}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FilterLinks({
  current,
  counts,
}: {
  current: OrderList | undefined;
  counts: OrdersPageData['counts'];
}) {
  return (
    <nav className="filters" aria-label="Orders by state">
      <ul>
        {ORDER_LISTS.map((list) => (
          <li key={list.key}>
            <a
              href={`${DESK_PATHS.desk}?show=${list.key}`}
              aria-current={list === current ? 'page' : undefined}
            >
              {list.label} <span className="count">{listCount(list, counts)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A list or one state, over a range of days: what the export downloads too. */
function FilterForm({ filter }: { filter: OrderFilter }) {
  return (
    <form className="search" method="get" action={DESK_PATHS.desk} aria-label="Filter the orders">
      <div className="field">
        <label htmlFor="filter-show">Orders</label>
        <select id="filter-show" name="show" defaultValue={filter.list.key}>
          <optgroup label="Lists">
            {ORDER_LISTS.map((list) => (
              <option key={list.key} value={list.key}>
                {list.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="One state">
            {STATE_LISTS.map((list) => (
              <option key={list.key} value={list.key}>
                {list.label}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-from">Placed from</label>
        <input type="date" id="filter-from" name="from" defaultValue={filter.from ?? ''} />
      </div>
      <div className="field">
        <label htmlFor="filter-to">Placed until</label>
        <input type="date" id="filter-to" name="to" defaultValue={filter.to ?? ''} />
      </div>
      <button type="submit" className="quiet">
        Show
      </button>
    </form>
  );
}

/** An amount in a currency, or `—` when nobody knows it. */
function amount(cents: number | null, currency: string): string {
  return cents === null ? UNKNOWN_AMOUNT : formatPrice(cents, currency);
}

function OrdersTable({ orders, titleId }: { orders: readonly Order[]; titleId: string }) {
  return (
    <table className="cards" aria-labelledby={titleId}>
      <thead>
        <tr>
          {['Order', 'Placed', 'State', 'Shirt', 'Total', 'Cost', 'Margin', 'Shopper'].map(
            (name) => (
              <th scope="col" key={name}>
                {name}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row">
              <OrderLink id={order.id} />
            </th>
            <td data-label="Placed">
              <When date={order.createdAt} />
            </td>
            <td data-label="State">
              <StateBadge state={orderState(order)} />
              <PaymentBadge order={order} />
            </td>
            <td data-label="Shirt">
              {`${order.shirtColor} ${order.shirtStyle} ${order.shirtSize} × ${order.quantity}`}
            </td>
            <td data-label="Total" className="num">
              {amount(order.totalCents, order.currency)}
            </td>
            <td data-label="Cost" className="num">
              {amount(printCostCents(order), order.currency)}
            </td>
            <td data-label="Margin" className="num">
              {amount(marginCents(order), order.currency)}
            </td>
            <td data-label="Shopper">
              {[order.shipTo?.name, order.email].filter(Boolean).join(' · ') || '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Earnings({ days }: { days: readonly DailyEarnings[] }) {
  return (
    <section aria-labelledby="sales-title">
      <h2 id="sales-title">Sales by day</h2>
      {days.length === 0 ? (
        <p>No sales yet.</p>
      ) : (
        <>
          <table className="cards" aria-labelledby="sales-title">
            <thead>
              <tr>
                {['Day (UTC)', 'Orders', 'Revenue', 'Cost', 'Margin'].map((name) => (
                  <th scope="col" key={name}>
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => {
                const missing = withoutCostText(day);
                return (
                  <tr key={`${day.day}-${day.currency}`}>
                    <th scope="row">{day.day}</th>
                    <td data-label="Orders" className="num">
                      {day.orders}
                    </td>
                    <td data-label="Revenue" className="num">
                      {amount(day.revenueCents, day.currency)}
                    </td>
                    <td data-label="Cost" className="num">
                      {amount(day.costedOrders === 0 ? null : day.costCents, day.currency)}
                      {missing && (
                        <>
                          {' '}
                          <span className="note">{missing}</span>
                        </>
                      )}
                    </td>
                    <td data-label="Margin" className="num">
                      {amount(day.marginCents, day.currency)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="note">{EARNINGS_NOTE}</p>
        </>
      )}
    </section>
  );
}

function listTitle(filter: OrderFilter): string {
  if (filter.search) return `Orders matching “${filter.search}”`;
  const range =
    filter.from && filter.to
      ? `, placed ${filter.from} to ${filter.to}`
      : filter.from
        ? `, placed from ${filter.from}`
        : filter.to
          ? `, placed until ${filter.to}`
          : '';
  return `${filter.list.label}${range}`;
}

export function ordersPage(data: OrdersPageData): string {
  const { filter } = data;
  const searching = filter.search !== '';
  return renderDeskPage({
    brandName: data.brandName,
    timeZone: data.timeZone,
    title: searching ? 'Search' : 'Orders',
    signedIn: true,
    children: (
      <>
        <h1>Orders</h1>
        {!searching && (
          <Attention
            // The list of those orders is shown below: the emails that gave up are not in it.
            items={filter.list.key === 'attention' ? [] : data.attention}
            failedEmails={data.failedEmails}
          />
        )}
        <form className="search" method="get" action={DESK_PATHS.desk} role="search">
          <div className="field">
            <label htmlFor="order-search">Find an order by number, email or name</label>
            <input
              type="search"
              id="order-search"
              name="q"
              defaultValue={filter.search}
              spellCheck={false}
              autoCapitalize="off"
            />
          </div>
          <button type="submit">Search</button>
        </form>
        <FilterLinks current={searching ? undefined : filter.list} counts={data.counts} />
        <FilterForm filter={filter} />
        <section aria-labelledby="list-title">
          <h2 id="list-title">{listTitle(filter)}</h2>
          {data.orders.length === 0 ? (
            <p>{searching ? 'No order matches this search.' : 'No orders here.'}</p>
          ) : (
            <>
              <OrdersTable orders={data.orders} titleId="list-title" />
              {data.orders.length >= data.limit && (
                <p className="note">{`The newest ${data.limit} are shown; search finds older ones.`}</p>
              )}
            </>
          )}
          {!searching && (
            <p>
              <a className="print-link" href={csvPath(filter)} download>
                Export these orders as CSV
              </a>
            </p>
          )}
        </section>
        {!searching && <Earnings days={data.earnings} />}
      </>
    ),
  });
}
