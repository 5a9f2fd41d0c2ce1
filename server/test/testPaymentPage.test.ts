import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
} from '@tshirt/tooling/test/printProviderStandIn';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import type { Database } from '../src/storage/database';
import { withTestServer } from './fixtures';
import { VALID_ORDER, injectAsFetch, newVisitor, query, type SendRequest } from './helpers';

const server = withTestServer({ env: { SHIPPING_COUNTRIES: 'US,CA' } });

const ADDRESS = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  line1: '12 Analytical Way',
  line2: 'Apartment 3',
  city: 'Portland',
  state: 'OR',
  postalCode: '97201',
  country: 'US',
};

const FIELDS: Array<[label: string, id: string, name: string, autocomplete: string]> = [
  ['Full name', 'ship-name', 'name', 'name'],
  ['Email', 'ship-email', 'email', 'email'],
  ['Address line 1', 'ship-line1', 'line1', 'address-line1'],
  ['Address line 2 (optional)', 'ship-line2', 'line2', 'address-line2'],
  ['City', 'ship-city', 'city', 'address-level2'],
  ['State / province / region', 'ship-state', 'state', 'address-level1'],
  ['ZIP / postal code', 'ship-postal-code', 'postalCode', 'postal-code'],
  ['Country', 'ship-country', 'country', 'country'],
];

interface PageElement {
  tag: string;
  attributes: Record<string, string>;
  /** Its text, spaces collapsed. */
  text: string;
  within: PageElement[];
}

function textOf(node: DefaultTreeAdapterTypes.Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value;
  return 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
}

function elementsIn(node: DefaultTreeAdapterTypes.ParentNode): PageElement[] {
  return node.childNodes.flatMap((child) => {
    if (!('tagName' in child)) return [];
    const within = elementsIn(child);
    const element = {
      tag: child.tagName,
      attributes: Object.fromEntries(child.attrs.map(({ name, value }) => [name, value])),
      text: textOf(child).replace(/\s+/g, ' ').trim(),
      within,
    };
    return [element, ...within];
  });
}

/** The payment page as a person meets it: controls by their label, messages by their role. */
class PaymentPage {
  readonly elements: PageElement[];
  constructor(readonly html: string) {
    this.elements = elementsIn(parse(html));
  }

  byId(id: string): PageElement | undefined {
    return this.elements.find((element) => element.attributes.id === id);
  }

  /** The control that the label with exactly this text names. */
  control(labelText: string): PageElement {
    const labels = this.elements.filter((el) => el.tag === 'label' && el.text === labelText);
    expect(labels).toHaveLength(1);
    const control = this.byId(labels[0]!.attributes.for ?? '');
    if (!control) throw new Error(`the label "${labelText}" names no control`);
    return control;
  }

  /** What a control holds: an input's value, a select's chosen option (the first by default). */
  valueOf(labelText: string): string | undefined {
    const control = this.control(labelText);
    if (control.tag !== 'select') return control.attributes.value;
    const options = control.within.filter((el) => el.tag === 'option');
    return (options.find((option) => 'selected' in option.attributes) ?? options[0])?.attributes
      .value;
  }

  /** The message a control is described by. */
  descriptionOf(labelText: string): string | undefined {
    const describedBy = this.control(labelText).attributes['aria-describedby'];
    return describedBy === undefined ? undefined : this.byId(describedBy)?.text;
  }

  alerts(): PageElement[] {
    return this.elements.filter((element) => element.attributes.role === 'alert');
  }
}

/** A pending order made through the checkout; the secret of its payment link. */
async function placeOrder(send: SendRequest = server.request): Promise<string> {
  const response = await send(`/creator/checkout?${query(VALID_ORDER)}`, {
    method: 'POST',
    headers: newVisitor(),
  });
  expect(response.status).toBe(200);
  const { paymentLinkURL } = (await response.json()) as { paymentLinkURL: string };
  expect(paymentLinkURL).toMatch(/^\/pay\/[\w-]{24}$/);
  return paymentLinkURL.replace('/pay/', '');
}

function pay(
  payToken: string,
  form: Record<string, string> | string,
  send: SendRequest = server.request,
) {
  return send(`/pay/${payToken}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: typeof form === 'string' ? form : new URLSearchParams(form).toString(),
  });
}

async function openPage(
  payToken: string,
  send: SendRequest = server.request,
): Promise<PaymentPage> {
  const response = await send(`/pay/${payToken}`);
  expect(response.status).toBe(200);
  return new PaymentPage(await response.text());
}

interface StoredOrder {
  status: string;
  email: string | null;
  ship_to: Record<string, string> | string | null;
  fulfillment: string | null;
  access_token: string;
  paid_at: Date | null;
}

async function storedOrder(payToken: string, db: Database = server.db): Promise<StoredOrder> {
  const [row] = await db.query<StoredOrder>(
    'SELECT status, email, ship_to, fulfillment, access_token, paid_at FROM orders WHERE payment_token=$1',
    [payToken],
  );
  if (!row) throw new Error(`no order ${payToken}`);
  return row;
}

const shipTo = (row: StoredOrder) =>
  typeof row.ship_to === 'string' ? (JSON.parse(row.ship_to) as unknown) : row.ship_to;

/** The page of a refused form: one message, beside its field, and every field as typed. */
async function expectRefusedField(
  response: Response,
  label: string,
  message: string,
  shown: Record<string, string>,
) {
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const page = new PaymentPage(await response.text());
  expect(page.html).not.toMatch(/<script/i);
  expect(page.html).toContain('TEST PAYMENT — no card is charged');
  const [summary, ...more] = page.alerts();
  expect(more).toEqual([]);
  expect(summary?.within.find((el) => el.tag === 'h2')?.text).toBe('Please check these fields');
  const links = summary?.within.filter((el) => el.tag === 'a') ?? [];
  expect(links.map((link) => [link.attributes.href, link.text])).toEqual([
    [`#${page.control(label).attributes.id}`, message],
  ]);
  expect(page.control(label).attributes['aria-invalid']).toBe('true');
  expect(page.descriptionOf(label)).toBe(`Error: ${message}`);
  for (const [other] of FIELDS.filter(([other]) => other !== label)) {
    expect([other, page.control(other).attributes['aria-invalid']]).toEqual([other, undefined]);
  }
  for (const [fieldLabel, , name] of FIELDS) {
    expect([fieldLabel, page.valueOf(fieldLabel)]).toEqual([fieldLabel, shown[name]]);
  }
}

describe('the test payment page’s shipping form', () => {
  it('asks for every part of the address and the email, each with its label and autocomplete', async () => {
    const payToken = await placeOrder();
    const page = await openPage(payToken);
    expect(page.html).toContain('TEST PAYMENT — no card is charged');
    const [form] = page.elements.filter((element) => element.tag === 'form');
    expect(form?.attributes).toMatchObject({ method: 'post', novalidate: '' });
    expect(form?.attributes.action).toBe(`/pay/${payToken}`);
    for (const [label, id, name, autocomplete] of FIELDS) {
      expect([label, page.control(label).attributes]).toEqual([
        label,
        expect.objectContaining({ id, name, autocomplete }),
      ]);
      expect(page.control(label).attributes['aria-invalid']).toBeUndefined();
    }
    expect(page.control('Email').attributes.type).toBe('email');
    expect(page.control('Country').tag).toBe('select');
    expect(form?.within.find((el) => el.tag === 'button')?.text).toBe('Pay');
    expect(page.alerts()).toEqual([]);
  });

  it('names the design the shopper pays for: a ready-made one by its name, their own by its words', async () => {
    const premade = await openPage(await placeOrder());
    const caption = (page: PaymentPage) => page.elements.find((el) => el.tag === 'figcaption');
    expect(caption(premade)?.text).toBe('Your design Cosmic Cat');
    const answer = await server.request(
      `/creator/checkout?${query({ ...VALID_ORDER, prompt: 'A cat <b>surfing</b> at dawn' })}`,
      { method: 'POST', headers: newVisitor() },
    );
    const { paymentLinkURL } = (await answer.json()) as { paymentLinkURL: string };
    const own = await openPage(paymentLinkURL.replace('/pay/', ''));
    expect(caption(own)?.text).toBe('Your design “A cat <b>surfing</b> at dawn”');
  });

  it('keeps every price whole on one line, however narrow the screen', async () => {
    const page = await openPage(await placeOrder());
    const prices = page.elements.filter(
      (el) => /\$\d/.test(el.text) && el.within.every((inner) => !/\$\d/.test(inner.text)),
    );
    expect(prices.length).toBeGreaterThanOrEqual(4);
    const style = page.elements.find((el) => el.tag === 'style')?.text ?? '';
    for (const price of prices) {
      // The innermost element holding a price is a price, or a figure of the amounts list.
      const kind =
        price.attributes.class === 'price'
          ? '.price'
          : price.tag === 'dd'
            ? '.amounts dd'
            : price.tag;
      expect([price.text, style]).toEqual([
        price.text,
        expect.stringMatching(
          new RegExp(`${kind.replace('.', '\\.')} \\{[^}]*white-space: nowrap`),
        ),
      ]);
    }
  });

  it('offers exactly the countries the shop ships to, by name, the first chosen', async () => {
    const page = await openPage(await placeOrder());
    const options = page.control('Country').within.filter((el) => el.tag === 'option');
    expect(options.map((option) => [option.attributes.value, option.text])).toEqual([
      ['US', 'United States'],
      ['CA', 'Canada'],
    ]);
    expect(page.valueOf('Country')).toBe('US');

    const usOnly = await server.start();
    const payToken = await placeOrder();
    const defaultPage = await openPage(payToken, injectAsFetch(usOnly.app));
    const defaultOptions = defaultPage
      .control('Country')
      .within.filter((el) => el.tag === 'option');
    expect(defaultOptions.map((option) => option.text)).toEqual(['United States']);
  });
});

describe('paying on the test payment page', () => {
  it('marks the order paid with its address and email, and sends the shopper to the order', async () => {
    const payToken = await placeOrder();
    const typed = { ...ADDRESS, name: '  Ada Lovelace ', country: 'CA', postalCode: 'K1A 0B1 ' };
    const response = await pay(payToken, typed);
    expect(response.status).toBe(303);
    const row = await storedOrder(payToken);
    expect(row).toMatchObject({
      status: 'paid',
      email: 'ada@example.com',
      fulfillment: 'ready_to_print',
    });
    expect(shipTo(row)).toEqual({
      name: 'Ada Lovelace',
      line1: ADDRESS.line1,
      line2: ADDRESS.line2,
      city: ADDRESS.city,
      state: ADDRESS.state,
      postalCode: 'K1A 0B1',
      country: 'CA',
    });
    expect(response.headers.get('location')).toMatch(/^\/complete\?token=[\w-]{24}$/);
    expect(response.headers.get('location')).toBe(`/complete?token=${row.access_token}`);
  });

  it('takes the first of a repeated field and leaves out fields it does not know', async () => {
    const payToken = await placeOrder();
    const body = `${new URLSearchParams(ADDRESS).toString()}&email=other%40example.com&status=shipped`;
    expect((await pay(payToken, body)).status).toBe(303);
    expect(await storedOrder(payToken)).toMatchObject({ status: 'paid', email: ADDRESS.email });
  });

  it.each<[string, Record<string, string>, string, string]>([
    [
      'an email without a domain',
      { email: 'ada@' },
      'Email',
      'Enter your email address, like name@example.com',
    ],
    [
      'a list of two emails (which the mail transport would refuse)',
      { email: 'a,b@example.com' },
      'Email',
      'Enter your email address, like name@example.com',
    ],
    [
      'an email with a comment in it',
      { email: 'x(comment)@example.com' },
      'Email',
      'Enter your email address, like name@example.com',
    ],
    ['no city', { city: '' }, 'City', 'Enter your town or city'],
    [
      'a blank ZIP code',
      { postalCode: '   ' },
      'ZIP / postal code',
      'Enter the ZIP or postal code',
    ],
    [
      'a country the shop does not ship to',
      { country: 'FR' },
      'Country',
      'We do not ship to France. We ship to United States, Canada.',
    ],
    [
      'a control character in the name',
      { name: 'Ada\u0007 Lovelace' },
      'Full name',
      'Full name has a hidden character in it: please type it again',
    ],
    [
      'a bidi override in the second address line',
      { line2: '\u202eevil' },
      'Address line 2 (optional)',
      'Address line 2 has a hidden character in it: please type it again',
    ],
    [
      'a bidi override in the email',
      { email: 'ada\u202e@example.com' },
      'Email',
      'Enter your email address, like name@example.com',
    ],
    [
      'a script tag in the email (and one in the name)',
      { name: '<script>alert("name")</script>', email: '<script>alert(1)</script>@example.com' },
      'Email',
      'Enter your email address, like name@example.com',
    ],
    [
      'a 5,000-character address line',
      { line1: 'x'.repeat(5000) },
      'Address line 1',
      'Address line 1 must be 100 characters or fewer',
    ],
  ])(
    'answers 422 for %s: the order stays pending, the error is shown, what was typed is kept',
    async (_case, change, label, message) => {
      const payToken = await placeOrder();
      const typed: Record<string, string> = { ...ADDRESS, ...change };
      const response = await pay(payToken, typed);
      expect(response.status).toBe(422);
      expect(await storedOrder(payToken)).toMatchObject({ status: 'pending', email: null });
      // A country the list does not offer cannot be kept: the list shows its first again.
      const shown = { ...typed, country: typed.country === 'FR' ? 'US' : typed.country! };
      await expectRefusedField(response, label, message, shown);
    },
  );

  it('names every bad field in the summary, in the order of the form', async () => {
    const payToken = await placeOrder();
    const response = await pay(payToken, 'line2=&state=');
    expect(response.status).toBe(422);
    const page = new PaymentPage(await response.text());
    const links = page.alerts()[0]?.within.filter((el) => el.tag === 'a') ?? [];
    expect(links.map((link) => link.attributes.href)).toEqual([
      '#ship-name',
      '#ship-email',
      '#ship-line1',
      '#ship-city',
      '#ship-postal-code',
      '#ship-country',
    ]);
    expect(page.html).toContain('<title>Error: Test payment');
  });

  it('pays once when the form is sent twice, and sends both to the order', async () => {
    const payToken = await placeOrder();
    const [first, second] = await Promise.all([pay(payToken, ADDRESS), pay(payToken, ADDRESS)]);
    const { paid_at: paidAt, access_token: token } = await storedOrder(payToken);
    const again = await pay(payToken, ADDRESS);
    for (const response of [first, second, again]) {
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/complete?token=${token}`);
    }
    expect((await storedOrder(payToken)).paid_at).toEqual(paidAt);
  });

  it('does not hand the order’s secret link to a form with other details once it is paid', async () => {
    const payToken = await placeOrder();
    expect((await pay(payToken, ADDRESS)).status).toBe(303);
    for (const form of [{ ...ADDRESS, email: 'someone@example.com' }, {}]) {
      const response = await pay(payToken, form);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/pay/${payToken}`);
    }
    expect(await storedOrder(payToken)).toMatchObject({ status: 'paid', email: ADDRESS.email });
  });

  it('shows a paid order as paid, with no address, email or secret link', async () => {
    const payToken = await placeOrder();
    expect((await pay(payToken, ADDRESS)).status).toBe(303);
    const { access_token: token } = await storedOrder(payToken);
    const page = await openPage(payToken);
    expect(page.html).toContain('This order is already paid.');
    expect(page.elements.filter((el) => el.tag === 'form')).toEqual([]);
    for (const secret of [token, ADDRESS.email, ADDRESS.line1, ADDRESS.city, ADDRESS.postalCode]) {
      expect(page.html).not.toContain(secret);
    }
  });

  it('refuses a body that is not the form, or too large, and changes nothing', async () => {
    const payToken = await placeOrder();
    const json = await server.request(`/pay/${payToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADDRESS),
    });
    expect(json.status).toBe(415);
    const tooLarge = await pay(payToken, { ...ADDRESS, line2: 'x'.repeat(9 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect(await storedOrder(payToken)).toMatchObject({ status: 'pending' });
  });

  it('answers the not-found page for an order that does not exist', async () => {
    const response = await pay('AAAAAAAAAAAAAAAA', ADDRESS);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Order not found');
  });

  it('is not opened by the order number, which a person reads aloud, only by the link’s secret', async () => {
    const payToken = await placeOrder();
    const [{ id } = { id: '' }] = await server.db.query<{ id: string }>(
      'SELECT id FROM orders WHERE payment_token = $1',
      [payToken],
    );
    expect(id).toMatch(/^TW-\d{4}-\d{4}$/);
    expect((await server.request(`/pay/${id}`)).status).toBe(404);
    expect((await pay(id, ADDRESS)).status).toBe(404);
    expect((await openPage(payToken)).html).toContain(`<dt>Order number</dt><dd>${id}</dd>`);
  });

  it('still opens an order made before order numbers were readable by its random id', async () => {
    const payToken = await placeOrder();
    const legacyId = 'LegacyOrder_Id-1';
    await server.db.query(
      'UPDATE orders SET id = $1, payment_token = NULL WHERE payment_token = $2',
      [legacyId, payToken],
    );
    const page = await openPage(legacyId);
    expect(page.elements.find((el) => el.tag === 'form')?.attributes.action).toBe(
      `/pay/${legacyId}`,
    );
    expect((await pay(legacyId, ADDRESS)).status).toBe(303);
    const [row] = await server.db.query<{ status: string }>(
      'SELECT status FROM orders WHERE id = $1',
      [legacyId],
    );
    expect(row?.status).toBe('paid');
  });
});

describe('the text rule on the test payment page', () => {
  let provider: PrintProviderStandIn;
  beforeAll(async () => {
    provider = await startPrintProviderStandIn({ fetchPrintFiles: false });
  });
  const shop = withTestServer({
    env: () => ({ SHIPPING_COUNTRIES: 'US,CA', ...printProviderEnv(provider) }),
    sharing: server,
  });
  afterAll(() => provider?.close());

  const HIDDEN_NAME = 'Full name has a hidden character in it: please type it again';
  const UNREADABLE_NAME = 'Full name has characters that could not be read: please type it again';

  it.each([
    ['a line separator', '\u2028'],
    ['a paragraph separator', '\u2029'],
    ['a left-to-right mark', '\u200e'],
    ['a right-to-left mark', '\u200f'],
    ['an Arabic letter mark', '\u061c'],
    ['a first-strong isolate', '\u2068'],
    ['a byte order mark', '\ufeff'],
    ['the language tag', '\u{E0001}'],
    ['a tag letter', '\u{E0041}'],
    ['the cancel tag', '\u{E007F}'],
    ['a zero-width space', '\u200b'],
    ['a zero-width joiner between letters', '\u200d'],
    ['a word joiner', '\u2060'],
    ['a soft hyphen', '\u00ad'],
    ['a Mongolian vowel separator', '\u180e'],
  ])(
    'refuses a name holding %s with the name’s message, keeping what was typed, and pays nothing',
    async (_name, character) => {
      const payToken = await placeOrder(shop.request);
      const typed = { ...ADDRESS, name: `Ada${character} Lovelace` };
      const response = await pay(payToken, typed, shop.request);
      expect(response.status).toBe(422);
      expect(await storedOrder(payToken, shop.db)).toMatchObject({
        status: 'pending',
        email: null,
      });
      await expectRefusedField(response, 'Full name', HIDDEN_NAME, typed);
    },
  );

  it.each([
    ['a zero-width space', '\u200b'],
    ['zero-width and joining characters between spaces', ' \u200b\u2060\ufeff\u200c '],
  ])('refuses a name of only %s as no name', async (_name, name) => {
    const payToken = await placeOrder(shop.request);
    const typed = { ...ADDRESS, name };
    const response = await pay(payToken, typed, shop.request);
    expect(response.status).toBe(422);
    expect(await storedOrder(payToken, shop.db)).toMatchObject({ status: 'pending', email: null });
    await expectRefusedField(response, 'Full name', 'Enter your full name', typed);
  });

  it.each([
    ['a percent-encoded byte that is not UTF-8', 'a%FFb', 'a\ufffdb'],
    ['an encoded surrogate', 'a%ED%A0%80b', 'a\ufffd\ufffd\ufffdb'],
    ['a raw byte that is not UTF-8', 'a\xffb', 'a\ufffdb'],
    ['nothing but a byte that is not UTF-8', '%FF', '\ufffd'],
  ])(
    'answers 400 to a name holding %s, saying it could not be read, instead of paying it as U+FFFD',
    async (_name, name, decoded) => {
      const payToken = await placeOrder(shop.request);
      const { name: _typed, ...rest } = ADDRESS;
      const body = Buffer.from(`name=${name}&${new URLSearchParams(rest).toString()}`, 'latin1');
      const response = await shop.request(`/pay/${payToken}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(response.status).toBe(400);
      expect(await storedOrder(payToken, shop.db)).toMatchObject({
        status: 'pending',
        email: null,
      });
      await expectRefusedField(response, 'Full name', UNREADABLE_NAME, {
        ...ADDRESS,
        name: decoded,
      });
    },
  );

  it('sends the print provider the order paid with a clean name, and none of the refused ones', async () => {
    const refused = await placeOrder(shop.request);
    for (const name of ['Ada\u2028Lovelace', 'Ada\u{E0041} Lovelace', '\u200b']) {
      expect((await pay(refused, { ...ADDRESS, name }, shop.request)).status).toBe(422);
    }
    const cleanToken = await placeOrder(shop.request);
    expect((await pay(cleanToken, ADDRESS, shop.request)).status).toBe(303);
    const [{ id: clean } = { id: '' }] = await shop.db.query<{ id: string }>(
      'SELECT id FROM orders WHERE payment_token = $1',
      [cleanToken],
    );
    await waitUntil(() => provider.orders.has(clean), 'the provider has the clean order');
    expect(provider.submissions).toEqual([clean]);
    expect(provider.orders.get(clean)?.body.recipient.name).toBe('Ada Lovelace');
    expect(await storedOrder(refused, shop.db)).toMatchObject({ status: 'pending', email: null });
  });
});
