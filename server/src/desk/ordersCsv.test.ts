import type { Order } from '../orders/ordersRepository';
import { CSV_COLUMNS, ordersCsv } from './ordersCsv';

/** The facts of a paid order the export reads: two shirts, sent again after a return. */
const REPRINTED = {
  id: 'TW-1234-5678',
  state: 'in_production',
  status: 'paid',
  createdAt: new Date('2026-11-24T11:00:00Z'),
  paidAt: new Date('2026-11-24T12:00:00Z'),
  shipTo: { name: 'Jane Doe', country: 'US' },
  email: 'jane@example.com',
  quantity: 2,
  currency: 'USD',
  totalCents: 4697,
  shippingCents: 699,
  taxCents: 0,
  refundedCents: 0,
  providerCost: { itemsCents: 2590, shippingCents: 689, taxCents: 0, totalCents: 3279 },
  earlierPrintCostCents: 3279,
} as unknown as Order;

function exportedRow(order: Order): Record<string, string> {
  const [, row] = ordersCsv([order], 'UTC').trim().split('\r\n');
  const cells = row!.split(',');
  return Object.fromEntries(CSV_COLUMNS.map((column, index) => [column, cells[index]!]));
}

describe('the desk’s CSV export', () => {
  it('writes a margin lost as a negative number a spreadsheet sums, not as text', () => {
    expect(exportedRow(REPRINTED)).toMatchObject({
      Revenue: '46.97',
      Shipping: '6.99',
      Refunds: '0.00',
      'Print cost': '65.58',
      Margin: '-18.61',
    });
  });

  it('still keeps a cell that would run as a formula from running', () => {
    const named = { ...REPRINTED, shipTo: { name: '-2+3', country: 'US' } } as unknown as Order;
    expect(exportedRow(named).Shopper).toBe("'-2+3");
  });
});
