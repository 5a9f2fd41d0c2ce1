import type { ShippingZone } from '@tshirt/shared/money';
import { draftOrder, type Order } from '../orders/ordersRepository';
import { checkoutMoney, settleSession, type ReportedSession } from './stripeAmounts';

const ZONES: ShippingZone[] = [
  { countries: ['US'], firstItemCents: 499, additionalItemCents: 200 },
];

function order(): Order {
  const drafted = draftOrder(
    {
      productName: 'Custom Graphic T-shirt',
      shirtColor: 'Black',
      shirtStyle: "Men's",
      shirtSize: 'M',
      quantity: 2,
      imagePath: '/creator/designs/cosmic-cat.svg',
      prompt: '',
      unitPriceCents: 1999,
      shippingCents: 699,
      currency: 'USD',
      paymentProvider: 'stripe',
    },
    new Date(),
  );
  return { ...drafted, paymentReference: 'cs_test_1' };
}

function session(fields: Partial<ReportedSession> = {}): ReportedSession {
  return {
    id: 'cs_test_1',
    currency: 'usd',
    amount_subtotal: 3998,
    amount_total: 4697,
    total_details: { amount_shipping: 699, amount_tax: 0, amount_discount: 0 },
    metadata: { order_id: 'x', subtotal_cents: '3998' },
    ...fields,
  };
}

it('settles shipping and no tax when Stripe reports the server’s own figures', () => {
  expect(settleSession(order(), session(), ZONES, 'off')).toEqual({
    ok: true,
    charged: { shippingCents: 699, taxCents: 0, totalCents: 4697 },
  });
});

it('keeps tax inside the total when prices include it', () => {
  const inclusive = session({ total_details: { amount_shipping: 699, amount_tax: 391 } });
  expect(settleSession(order(), inclusive, ZONES, 'inclusive')).toEqual({
    ok: true,
    charged: { shippingCents: 699, taxCents: 391, totalCents: 4697 },
  });
  // The same tax on top of that total is not what inclusive prices charge.
  expect(settleSession(order(), { ...inclusive, amount_total: 5088 }, ZONES, 'inclusive').ok).toBe(
    false,
  );
});

it('refuses a session whose amount differs from the order’s, whichever part differs', () => {
  const refused = (fields: Partial<ReportedSession>) =>
    settleSession(order(), session(fields), ZONES, 'exclusive');
  expect(refused({ amount_subtotal: 1999 })).toMatchObject({ ok: false });
  expect(refused({ amount_total: 4696 })).toMatchObject({
    ok: false,
    mismatch: 'amount 4696 is not subtotal + shipping + tax (4697)',
  });
  expect(
    refused({ total_details: { amount_shipping: 0, amount_tax: 0 }, amount_total: 3998 }),
  ).toMatchObject({ ok: false });
  expect(
    refused({ total_details: { amount_shipping: 699, amount_discount: 500 }, amount_total: 4197 }),
  ).toMatchObject({ ok: false });
});

it('pays a session made before shipping was charged at its order’s own total', () => {
  const older = { ...order(), shippingCents: 0, subtotalCents: 3998, totalCents: 3998 };
  const legacy = session({ metadata: { order_id: 'x' }, amount_total: 3998, total_details: null });
  expect(settleSession(older, legacy, ZONES, 'off')).toEqual({
    ok: true,
    charged: { shippingCents: 0, taxCents: 0, totalCents: 3998 },
  });
});

it('names free shipping as such when the threshold is reached', () => {
  const free: ShippingZone[] = [{ ...ZONES[0]!, freeFromCents: 3000 }];
  const money = checkoutMoney(order(), free, { mode: 'off', productTaxCode: 'txcd_30011000' });
  expect(money.shipping_options).toEqual([
    {
      shipping_rate_data: {
        type: 'fixed_amount',
        display_name: 'Free shipping',
        fixed_amount: { amount: 0, currency: 'usd' },
        metadata: { countries: 'US' },
      },
    },
  ]);
  expect(money.automatic_tax).toBeUndefined();
});
