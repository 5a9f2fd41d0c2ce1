import {
  EARNINGS_NOTE,
  UNKNOWN_AMOUNT,
  withoutCostText,
  type DailyEarnings,
} from '../orders/orderEarnings';
import { ORDER_STATES, type AdminOrder, type OrderState } from '../routes/creator/admin';
import { printable } from './printable';
import { FULFILMENT_STATUS } from '../orders/orderStatus';

/** The shared `formatPrice`: cents in a currency (the store's when none is given), written out. */
export type PriceFormat = (cents: number, currency?: string) => string;

/** Each state in the owner's words, as the desk and the alerts say it (the order module's table). */
const stateName = (state: OrderState) => FULFILMENT_STATUS[state].ownerLabel.toLowerCase();

export const RESUBMIT_COMMAND = 'npm run orders -w server -- resubmit';

const because = (order: AdminOrder, fallback: string) => order.fulfillmentError ?? fallback;

const tries = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`;

/** Where the order is, in words, with what the owner may do about it. */
export function describeState(order: AdminOrder): string {
  switch (order.state) {
    case 'pending':
      return 'pending payment';
    case 'ready_to_print':
      return 'PAID · ready to print';
    case 'queued':
      return order.fulfillmentError === null
        ? 'PAID · queued for the print provider'
        : `PAID · queued for the print provider, retrying: ${order.fulfillmentError} after ${tries(order.submitAttempts)}`;
    case 'in_production':
      return order.providerOrderId === null
        ? 'PAID · in production'
        : `PAID · in production (provider #${order.providerOrderId})`;
    case 'shipped': {
      const { carrier, number, url } = order.tracking ?? { carrier: '', number: '', url: '' };
      const tracking = [carrier, number, url].filter(Boolean).join(' ');
      return tracking ? `PAID · shipped: ${tracking}` : 'PAID · shipped';
    }
    case 'on_hold':
      return `PAID · ON HOLD at the print provider: ${because(order, 'no reason given')}`;
    case 'delivered':
      return 'PAID · delivered';
    case 'returned':
      return `PAID · RETURNED to the print provider: ${because(order, 'no reason given')} — the shopper was asked to check the address; or resubmit with: ${RESUBMIT_COMMAND} ${order.id}`;
    case 'problem':
      return `PAID · NEEDS A NEW ADDRESS: ${because(order, 'refused by the print provider')} — the shopper was emailed a link to correct it`;
    case 'failed':
      return `PAID · FAILED: ${because(order, 'no reason kept')} after ${tries(order.submitAttempts)} — resubmit with: ${RESUBMIT_COMMAND} ${order.id}`;
    case 'cancelled':
      return `PAID · CANCELLED at the print provider: ${because(order, 'no reason given')} — resubmit with: ${RESUBMIT_COMMAND} ${order.id}, or refund the shopper`;
    case 'refunded':
      return 'refunded';
  }
}

/** The address on two lines: who and the street, then the town and country. */
function shipToLines(shipTo: NonNullable<AdminOrder['shipTo']>): string[] {
  const street = [shipTo.name, shipTo.line1, shipTo.line2].filter(Boolean).join(', ');
  const town = [shipTo.city, [shipTo.state, shipTo.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [`  ship to: ${street}`, `           ${town}, ${shipTo.country}`];
}

/** `$46.97 USD = 2 × $19.99 USD + shipping $6.99 USD` (+ tax, or the tax inside). */
export function moneyLine(
  order: Pick<
    AdminOrder,
    | 'quantity'
    | 'unitPriceCents'
    | 'subtotalCents'
    | 'shippingCents'
    | 'taxCents'
    | 'totalCents'
    | 'currency'
  >,
  format: PriceFormat,
): string {
  const formatPrice = (cents: number) => format(cents, order.currency);
  const taxOnTop = order.totalCents === order.subtotalCents + order.shippingCents + order.taxCents;
  const tax =
    order.taxCents === 0
      ? ''
      : taxOnTop
        ? ` + tax ${formatPrice(order.taxCents)}`
        : ` (tax ${formatPrice(order.taxCents)} included)`;
  return `${formatPrice(order.totalCents)} = ${order.quantity} × ${formatPrice(order.unitPriceCents)} + shipping ${formatPrice(order.shippingCents)}${tax}`;
}

/**
 * `revenue $46.97 USD, cost $21.39 USD (shirts $16.70 USD + shipping $4.69 USD), margin $25.58 USD`;
 * a cost the provider never said is `—`, and so is the margin.
 */
export function earnedLine(
  order: Pick<AdminOrder, 'totalCents' | 'currency' | 'providerCost' | 'marginCents'>,
  format: PriceFormat,
): string {
  const formatPrice = (cents: number) => format(cents, order.currency);
  const cost = order.providerCost;
  const parts = cost && [
    `shirts ${formatPrice(cost.itemsCents)}`,
    `shipping ${formatPrice(cost.shippingCents)}`,
    ...(cost.taxCents === 0 ? [] : [`tax ${formatPrice(cost.taxCents)}`]),
  ];
  const costText = cost
    ? `${formatPrice(cost.totalCents)} (${parts!.join(' + ')})`
    : UNKNOWN_AMOUNT;
  const margin = order.marginCents === null ? UNKNOWN_AMOUNT : formatPrice(order.marginCents);
  return `revenue ${formatPrice(order.totalCents)}, cost ${costText}, margin ${margin}`;
}

/** The sales of each day as a small table: orders, revenue, cost (known ones) and margin. */
export function formatEarnings(days: readonly DailyEarnings[], format: PriceFormat): string {
  if (days.length === 0) return 'No sales yet.';
  const header = ['day', 'orders', 'revenue', 'cost', 'margin'];
  const rows = days.map((day) => {
    const price = (cents: number) => format(cents, day.currency);
    const cost = day.costedOrders === 0 ? UNKNOWN_AMOUNT : price(day.costCents);
    return [
      day.day,
      String(day.orders),
      price(day.revenueCents),
      `${cost} ${withoutCostText(day)}`.trim(),
      day.marginCents === null ? UNKNOWN_AMOUNT : price(day.marginCents),
    ];
  });
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => row[column]!.length)),
  );
  // Words to the left, figures to the right, two spaces between columns.
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === 3
          ? cell.padEnd(widths[column]!)
          : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [
    `Sales by day (UTC), the last ${days.length === 1 ? 'day' : `${days.length} days`} with any:`,
    line(header),
    ...rows.map(line),
    EARNINGS_NOTE,
  ]
    .map(printable)
    .join('\n');
}

function countsByState(orders: readonly AdminOrder[]): string {
  return ORDER_STATES.map((state) => {
    const count = orders.filter((order) => order.state === state).length;
    return count === 0 ? '' : `${count} ${stateName(state)}`;
  })
    .filter(Boolean)
    .join(', ');
}

export function formatOrders(
  orders: readonly AdminOrder[],
  formatPrice: PriceFormat,
  state?: OrderState,
): string {
  if (orders.length === 0) {
    return state === undefined ? 'No orders yet.' : `No orders in state ${state}.`;
  }
  const lines = [`${orders.length} order(s): ${countsByState(orders)} — newest first`, ''];
  for (const order of orders) {
    const paid = order.state !== 'pending';
    lines.push(
      `${order.id}  ${order.createdAt}  ${describeState(order)}`,
      `  ${order.quantity} × ${order.productName}: ${order.shirtColor}, ${order.shirtStyle}, size ${order.shirtSize}`,
      `  total ${moneyLine(order, formatPrice)} (via ${order.paymentProvider})`,
    );
    if (order.state === 'refunded') lines.push('  earned: nothing (refunded)');
    else if (paid) lines.push(`  earned: ${earnedLine(order, formatPrice)}`);
    if (order.shipTo) lines.push(...shipToLines(order.shipTo));
    else if (paid) lines.push('  ship to: (no address was collected)');
    if (order.email !== null || paid) lines.push(`  email: ${order.email ?? '(none)'}`);
    if (order.printFileUrl !== null) {
      lines.push(`  print file: ${order.printFileUrl}  (paid ${order.paidAt ?? ''})`);
    }
    lines.push(`  image: ${order.imageUrl}`);
    if (order.orderPageUrl !== null) lines.push(`  order page: ${order.orderPageUrl}`);
    if (order.prompt) lines.push(`  prompt: ${order.prompt}`);
    lines.push('');
  }
  // One printed line per pushed line, whatever a stored field holds.
  return lines.map(printable).join('\n');
}
