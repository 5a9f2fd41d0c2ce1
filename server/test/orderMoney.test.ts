/**
 * The money adds up: the server decides every figure (shirts, shipping by country, the total),
 * the test payment page shows them and pays exactly what it showed, the order keeps them.
 */
import { PAGE_PATHS } from '@tshirt/shared/routes';
import { within } from '@testing-library/dom';
import { withTestApps, withTestServer } from './fixtures';
import { SHIPPING_FORM, VALID_ORDER, payOnTestPage, placeOrder, type SendRequest } from './helpers';
import { readPage } from './htmlPage';
import { orderIdOfPaymentLink } from './orderLinks';

interface Figures {
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  total_cents: number;
  status: string;
}

/** Places `quantity` shirts of the valid order through the checkout route; its payment link. */
function checkout(send: SendRequest, quantity: number): Promise<string> {
  return placeOrder(send, { order: { ...VALID_ORDER, quantity } });
}

/** The figures the payment page shows, by their words: the list of amounts in "Your order", and its total. */
function pageFigures(html: string): Record<string, string> {
  const summary = within(readPage(html).getByRole('region', { name: 'Your order' }));
  const words = (element: Element | null) =>
    (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const subtotal = summary.getAllByRole('term').find((term) => words(term).startsWith('Subtotal'));
  const amounts = within(subtotal!.parentElement!).getAllByRole('term');
  const figures = Object.fromEntries(
    amounts.map((term) => [words(term), words(term.nextElementSibling)]),
  );
  const total = summary.getByText('Total', { exact: true }).nextElementSibling;
  return { ...figures, Total: words(total) };
}

// Each block's app has its own settings; the orders of all three go in one database, each read by its id.
const store = withTestApps();

describe('with the default shipping rates', () => {
  const server = withTestServer({ sharing: store });

  async function stored(link: string): Promise<Figures> {
    const id = await orderIdOfPaymentLink(server.db, link);
    const [row] = await server.db.query<Figures>(
      'SELECT subtotal_cents, shipping_cents, tax_cents, total_cents, status FROM orders WHERE id = $1',
      [id],
    );
    return row!;
  }

  it.each([
    [1, 1999, 499],
    [2, 3998, 699],
    [9, 17991, 2099],
  ])(
    'records %i shirt(s) as subtotal %i + shipping %i = total, each in cents',
    async (quantity, subtotal, shipping) => {
      const link = await checkout(server.request, quantity);
      expect(await stored(link)).toEqual({
        subtotal_cents: subtotal,
        shipping_cents: shipping,
        tax_cents: 0,
        total_cents: subtotal + shipping,
        status: 'pending',
      });
    },
  );

  it('shows subtotal + shipping = total on the test page, pays that, and the order page says the same', async () => {
    const link = await checkout(server.request, 3);
    const page = await (await server.request(link)).text();
    expect(pageFigures(page)).toEqual({
      'Subtotal (3 × $19.99 USD)': '$59.97 USD',
      'Shipping to United States': '$8.99 USD',
      Total: '$68.96 USD',
    });
    const paid = await payOnTestPage(server.request, link, SHIPPING_FORM);
    expect(paid.status).toBe(303);
    expect(await stored(link)).toMatchObject({
      status: 'paid',
      subtotal_cents: 5997,
      shipping_cents: 899,
      total_cents: 6896,
    });
    const token = new URL(paid.headers.get('location')!, 'http://x').searchParams.get('token');
    const view = await (await server.request(`/creator/order?token=${token}`)).json();
    expect(view).toMatchObject({
      subtotalCents: 5997,
      shippingCents: 899,
      taxCents: 0,
      totalCents: 6896,
    });
    expect(paid.headers.get('location')).toMatch(new RegExp(`^${PAGE_PATHS.complete}\\?token=`));
  });
});

describe('with a free-shipping threshold', () => {
  const server = withTestServer({ env: { FREE_SHIPPING_FROM: '39.98' }, sharing: store });

  it.each([
    [1, 'one shirt, under the threshold, pays shipping', '$4.99 USD', '$24.98 USD'],
    [2, 'two shirts, exactly at the threshold, ship free', 'Free', '$39.98 USD'],
    [3, 'three shirts, past the threshold, ship free', 'Free', '$59.97 USD'],
  ])('%i: %s', async (quantity, _case, shipping, total) => {
    const link = await checkout(server.request, quantity);
    const figures = pageFigures(await (await server.request(link)).text());
    expect(figures['Shipping to United States']).toBe(shipping);
    expect(figures.Total).toBe(total);
  });
});

describe('with shipping zones', () => {
  const server = withTestServer({
    env: { SHIPPING_COUNTRIES: 'US', SHIPPING_ZONES: 'CA,MX=9.99+4.00' },
    sharing: store,
  });

  it('lists each zone on the page, shows the new total before paying to another zone, then pays it', async () => {
    const link = await checkout(server.request, 2);
    const page = await (await server.request(link)).text();
    expect(readPage(page).text).toContain(
      'Shipping depends on the country: United States $6.99 USD; Canada, Mexico $13.99 USD',
    );

    const toCanada = { ...SHIPPING_FORM, country: 'CA', state: 'ON', postalCode: 'K1A 0B1' };
    const first = await payOnTestPage(server.request, link, toCanada);
    expect(first.status).toBe(409);
    const shown = await first.text();
    expect(readPage(shown).text).toContain('The total is now $53.97 USD');
    expect(pageFigures(shown)).toMatchObject({
      'Shipping to Canada': '$13.99 USD',
      Total: '$53.97 USD',
    });
    const id = await orderIdOfPaymentLink(server.db, link);
    const [pending] = await server.db.query<Figures>('SELECT status FROM orders WHERE id = $1', [
      id,
    ]);
    expect(pending!.status).toBe('pending');

    const again = await payOnTestPage(server.request, link, { ...toCanada, shown_total: '5397' });
    expect(again.status).toBe(303);
    const [paid] = await server.db.query<Figures>(
      'SELECT status, subtotal_cents, shipping_cents, total_cents FROM orders WHERE id = $1',
      [id],
    );
    expect(paid).toMatchObject({ status: 'paid', shipping_cents: 1399, total_cents: 5397 });
  });

  it('refuses a country outside every zone with a message naming where it ships; nothing is paid', async () => {
    const link = await checkout(server.request, 1);
    const answer = await payOnTestPage(server.request, link, { ...SHIPPING_FORM, country: 'FR' });
    expect(answer.status).toBe(422);
    expect(readPage(await answer.text()).text).toContain(
      'We do not ship to France. We ship to United States, Canada, Mexico.',
    );
    const id = await orderIdOfPaymentLink(server.db, link);
    const [row] = await server.db.query<Figures>('SELECT status FROM orders WHERE id = $1', [id]);
    expect(row!.status).toBe('pending');
  });
});
