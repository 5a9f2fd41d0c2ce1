/**
 * The desk's CSV export: one row per order with its money columns, amounts in the order's currency
 * as decimal numbers a spreadsheet sums (`24.98`), empty where nobody knows them (never 0 for that).
 */
import { stringify } from 'csv-stringify/sync';
import { marginCents, printCostCents } from '../orders/orderEarnings';
import { orderState, type Order } from '../orders/ordersRepository';
import { shopTime } from '../html/shopTime';
import { ownerLabel } from './orderLists';

// An amount stays a number until written: the formula guard leaves a negative number (a margin
// lost) as a number a spreadsheet sums, where it would make `-18.61` the text `'-18.61`.
const decimal = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '' : cents / 100;

/** Revenue is what the shopper paid, Refunds what went back; the margin is net of both (orderEarnings). */
export const CSV_COLUMNS = [
  'Order',
  'Placed',
  'Paid',
  'State',
  'Shopper',
  'Email',
  'Country',
  'Quantity',
  'Currency',
  'Revenue',
  'Shipping',
  'Tax',
  'Refunds',
  'Print cost',
  'Margin',
] as const;

export function ordersCsv(orders: readonly Order[], timeZone: string): string {
  const rows = orders.map((order) => {
    return [
      order.id,
      shopTime(order.createdAt, timeZone),
      order.paidAt ? shopTime(order.paidAt, timeZone) : '',
      ownerLabel(orderState(order)),
      order.shipTo?.name ?? '',
      order.email ?? '',
      order.shipTo?.country ?? '',
      String(order.quantity),
      order.currency,
      decimal(order.status === 'paid' ? order.totalCents : 0),
      decimal(order.shippingCents),
      decimal(order.taxCents),
      decimal(order.refundedCents),
      // Every print order of it: a reprint after a failure or a return is a cost too.
      decimal(printCostCents(order)),
      decimal(marginCents(order)),
    ];
  });
  // A cell a spreadsheet would run as a formula (a name typed as `=HYPERLINK(…)`) is quoted as text.
  return stringify([[...CSV_COLUMNS], ...rows], {
    escape_formulas: true,
    cast: { number: (amount) => amount.toFixed(2) },
    record_delimiter: 'windows',
  });
}
