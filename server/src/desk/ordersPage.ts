/**
 * `/admin`: what needs the owner first, then the orders of one list or of a search, newest first,
 * each with what it earned, then the sales of the last days.
 */
import { formatPrice } from '@tshirt/shared/catalog';
import {
  EARNINGS_NOTE,
  UNKNOWN_AMOUNT,
  marginCents,
  withoutCostText,
  type DailyEarnings,
} from '../orders/orderEarnings';
import type { OrderState } from '../orders/orderLife';
import { orderState, type Order } from '../orders/ordersRepository';
import { deskPage, escapeHtml, when } from './deskLayout';
import { DESK_PATHS, deskOrderPath } from './deskPaths';
import { ORDER_LISTS, STATE_LABELS, STATE_TONES, listCount, type OrderList } from './orderLists';

/** An order waiting on the owner, and why. */
export interface AttentionItem {
  order: Order;
  /** Since when it has waited too long, for an order stuck in a state that is not itself a problem. */
  stuckSince?: Date;
}

export interface OrdersPageData {
  brandName: string;
  list: OrderList;
  counts: Partial<Record<OrderState, number>>;
  orders: readonly Order[];
  /** How many the page shows at most. */
  limit: number;
  /** The search, when the owner searched. */
  search: string;
  attention: readonly AttentionItem[];
  /** The sales of the last days with any, newest first. */
  earnings: readonly DailyEarnings[];
}

export function stateBadge(state: OrderState): string {
  return `<span class="state tone-${STATE_TONES[state]}">${escapeHtml(STATE_LABELS[state])}</span>`;
}

function orderLink(order: Order): string {
  return `<a href="${deskOrderPath(order.id)}">${escapeHtml(order.id)}</a>`;
}

function attentionSection(items: readonly AttentionItem[]): string {
  if (items.length === 0) return '';
  const entries = items.map(({ order, stuckSince }) => {
    const why = [
      stuckSince && `Waiting since ${when(stuckSince)}`,
      order.fulfillmentError && escapeHtml(order.fulfillmentError),
    ]
      .filter(Boolean)
      .join(' · ');
    return `<li>${orderLink(order)} ${stateBadge(orderState(order))}${
      why ? ` <span class="why">${why}</span>` : ''
    }</li>`;
  });
  return `<section class="card attention" aria-labelledby="attention-title">
<h2 id="attention-title">Needs attention <span class="count">(${items.length})</span></h2>
<ul>
${entries.join('\n')}
</ul>
</section>`;
}

function filterLinks(current: OrderList | undefined, counts: OrdersPageData['counts']): string {
  const links = ORDER_LISTS.map((list) => {
    const href = `${DESK_PATHS.desk}?show=${list.key}`;
    const selected = list === current ? ' aria-current="page"' : '';
    return `<li><a href="${href}"${selected}>${escapeHtml(list.label)} <span class="count">${listCount(
      list,
      counts,
    )}</span></a></li>`;
  });
  return `<nav class="filters" aria-label="Orders by state"><ul>
${links.join('\n')}
</ul></nav>`;
}

/** An amount in a currency, or `—` when nobody knows it. */
function amount(cents: number | null, currency: string): string {
  return escapeHtml(cents === null ? UNKNOWN_AMOUNT : formatPrice(cents, currency));
}

function ordersTable(orders: readonly Order[], titleId: string): string {
  const rows = orders.map((order) => {
    const state = orderState(order);
    const shirt = `${order.shirtColor} ${order.shirtStyle} ${order.shirtSize} × ${order.quantity}`;
    const shopper = [order.shipTo?.name, order.email].filter(Boolean).join(' · ') || '—';
    return `<tr>
  <th scope="row">${orderLink(order)}</th>
  <td data-label="Placed">${when(order.createdAt)}</td>
  <td data-label="State">${stateBadge(state)}</td>
  <td data-label="Shirt">${escapeHtml(shirt)}</td>
  <td data-label="Total" class="num">${amount(order.totalCents, order.currency)}</td>
  <td data-label="Cost" class="num">${amount(order.providerCost?.totalCents ?? null, order.currency)}</td>
  <td data-label="Margin" class="num">${amount(marginCents(order), order.currency)}</td>
  <td data-label="Shopper">${escapeHtml(shopper)}</td>
</tr>`;
  });
  return `<table class="cards" aria-labelledby="${titleId}">
<thead><tr><th scope="col">Order</th><th scope="col">Placed</th><th scope="col">State</th><th scope="col">Shirt</th><th scope="col">Total</th><th scope="col">Cost</th><th scope="col">Margin</th><th scope="col">Shopper</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function earningsSection(days: readonly DailyEarnings[]): string {
  const rows = days.map((day) => {
    const missing = withoutCostText(day);
    return `<tr>
  <th scope="row">${escapeHtml(day.day)}</th>
  <td data-label="Orders" class="num">${day.orders}</td>
  <td data-label="Revenue" class="num">${amount(day.revenueCents, day.currency)}</td>
  <td data-label="Cost" class="num">${amount(day.costedOrders === 0 ? null : day.costCents, day.currency)}${
    missing ? ` <span class="note">${escapeHtml(missing)}</span>` : ''
  }</td>
  <td data-label="Margin" class="num">${amount(day.marginCents, day.currency)}</td>
</tr>`;
  });
  const table =
    days.length === 0
      ? '<p>No sales yet.</p>'
      : `<table class="cards" aria-labelledby="sales-title">
<thead><tr><th scope="col">Day (UTC)</th><th scope="col">Orders</th><th scope="col">Revenue</th><th scope="col">Cost</th><th scope="col">Margin</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>
<p class="note">${escapeHtml(EARNINGS_NOTE)}</p>`;
  return `<section aria-labelledby="sales-title">
<h2 id="sales-title">Sales by day</h2>
${table}
</section>`;
}

export function ordersPage(data: OrdersPageData): string {
  const searching = data.search !== '';
  const title = searching ? `Orders matching “${data.search}”` : data.list.label;
  const shown =
    data.orders.length === 0
      ? `<p>${searching ? 'No order matches this search.' : 'No orders here.'}</p>`
      : ordersTable(data.orders, 'list-title') +
        (data.orders.length >= data.limit
          ? `<p class="note">The newest ${data.limit} are shown; search finds older ones.</p>`
          : '');
  return deskPage({
    brandName: data.brandName,
    title: searching ? 'Search' : 'Orders',
    signedIn: true,
    body: `<h1>Orders</h1>
${searching || data.list.key === 'attention' ? '' : attentionSection(data.attention)}
<form class="search" method="get" action="${DESK_PATHS.desk}" role="search">
  <div class="field">
    <label for="order-search">Find an order by number, email or name</label>
    <input type="search" id="order-search" name="q" value="${escapeHtml(data.search)}" spellcheck="false" autocapitalize="off">
  </div>
  <button type="submit">Search</button>
</form>
${filterLinks(searching ? undefined : data.list, data.counts)}
<section aria-labelledby="list-title">
<h2 id="list-title">${escapeHtml(title)}</h2>
${shown}
</section>
${searching ? '' : earningsSection(data.earnings)}`,
  });
}
