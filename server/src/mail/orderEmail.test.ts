import { ORDER_NEXT_STEP_TEXT, ORDER_STATE_TEXT, ORDER_TEXT } from '@tshirt/shared/labels';
import { readPage } from '../../test/htmlPage';
import {
  MAX_SUBJECT_LENGTH,
  ORDER_EMAIL_KINDS,
  renderOrderEmail,
  renderOwnerAlert,
  type OrderEmailFacts,
  type OrderEmailKind,
  type OwnerAlertFacts,
} from './orderEmail';

const ORDER_PAGE = 'https://threadwise.example/order?token=secret-token';

function factsFor(kind: OrderEmailKind, overrides: Partial<OrderEmailFacts> = {}): OrderEmailFacts {
  return {
    kind,
    brandName: 'Threadwise',
    contactEmail: 'hello@threadwise.example',
    orderNumber: 'Ab3dEf6hIj9kLm0n',
    orderPageUrl: ORDER_PAGE,
    state: 'paid',
    productName: 'Custom Graphic T-shirt',
    shirtColor: 'Navy',
    shirtStyle: "Women's",
    shirtSize: 'XL',
    quantity: 2,
    subtotalCents: 3998,
    shippingCents: 699,
    taxCents: 0,
    totalCents: 4697,
    currency: 'USD',
    shipTo: {
      name: 'Ada Lovelace',
      line1: '12 Analytical Row',
      line2: 'Flat 3',
      city: 'London',
      state: '',
      postalCode: 'N1 9GU',
      country: 'GB',
    },
    tracking: null,
    reason: null,
    ...overrides,
  };
}

/** What each kind must say, in both parts, beyond the order number, link and contact. */
const KEY_FACTS: Record<
  OrderEmailKind,
  { facts: Partial<OrderEmailFacts>; subject: string; says: string[] }
> = {
  confirmed: {
    facts: { state: 'paid' },
    subject: 'order Ab3dEf6hIj9kLm0n confirmed',
    says: [
      'Navy',
      "Women's",
      'XL',
      'Quantity',
      'Subtotal',
      '$39.98 USD',
      'Shipping',
      '$6.99 USD',
      '$46.97 USD',
      '12 Analytical Row',
      'United Kingdom',
    ],
  },
  shipped: {
    facts: {
      state: 'shipped',
      tracking: {
        carrier: 'UPS',
        number: '1Z999AA10123456784',
        url: 'https://ups.example/track/1Z9',
      },
    },
    subject: 'order Ab3dEf6hIj9kLm0n has shipped',
    says: ['UPS', '1Z999AA10123456784', 'https://ups.example/track/1Z9'],
  },
  on_hold: {
    facts: { state: 'on_hold', reason: 'The artwork file is being checked.' },
    subject: 'order Ab3dEf6hIj9kLm0n is on hold',
    says: ['The artwork file is being checked.'],
  },
  address_needed: {
    facts: { state: 'problem', reason: 'The carrier does not know this street.' },
    subject: 'we need a new address for order Ab3dEf6hIj9kLm0n',
    says: ['The carrier does not know this street.', '12 Analytical Row', `${ORDER_PAGE}#address`],
  },
  failed: {
    facts: { state: 'failed', reason: 'The printer is out of Navy shirts.' },
    subject: 'order Ab3dEf6hIj9kLm0n is delayed',
    says: ['The printer is out of Navy shirts.'],
  },
  returned: {
    facts: { state: 'returned' },
    subject: 'order Ab3dEf6hIj9kLm0n came back to us',
    says: ['12 Analytical Row', `${ORDER_PAGE}#address`],
  },
  cancelled: {
    facts: { state: 'cancelled', reason: 'We could not print this design.' },
    subject: 'order Ab3dEf6hIj9kLm0n was cancelled',
    says: ['We could not print this design.'],
  },
  refunded: {
    facts: { state: 'refunded', refundCents: 2499 },
    subject: 'order Ab3dEf6hIj9kLm0n was refunded',
    says: ['Refunded to you', '$24.99'],
  },
  partly_refunded: {
    facts: { state: 'shipped', refundCents: 1000 },
    subject: 'part of order Ab3dEf6hIj9kLm0n was refunded',
    says: ['Part of your payment was refunded', 'Refunded to you', '$10.00'],
  },
  back_in_production: {
    facts: { state: 'in_production' },
    subject: 'order Ab3dEf6hIj9kLm0n is moving again',
    says: ['Your order is moving again'],
  },
};

/** What a reader of the HTML part meets: its words and where its links go. */
function htmlReads(html: string): string {
  const page = readPage(html);
  const links = [...page.document.querySelectorAll('a')].map((link) => link.href);
  return [page.text, ...links].join('\n');
}

describe('renderOrderEmail', () => {
  it.each(ORDER_EMAIL_KINDS)(
    'puts the key facts of a %s email in its subject, text and HTML',
    (kind) => {
      const { facts, subject, says } = KEY_FACTS[kind];
      const email = renderOrderEmail(factsFor(kind, facts));
      const state = facts.state ?? 'paid';

      expect(email.subject).toBe(`Threadwise: ${subject}`);
      for (const part of [email.text, htmlReads(email.html)]) {
        for (const fact of [
          ...says,
          'Ab3dEf6hIj9kLm0n',
          ORDER_PAGE,
          'hello@threadwise.example',
          ORDER_STATE_TEXT[state],
          ORDER_NEXT_STEP_TEXT[state],
        ]) {
          expect(part).toContain(fact);
        }
      }
    },
  );

  it('shows the artwork picture by its Content-ID, with alt text, only when one is given', () => {
    const withPicture = renderOrderEmail(factsFor('confirmed'), {
      artworkCid: 'artwork@threadwise',
    });
    expect(
      readPage(withPicture.html).getByRole('img', {
        name: "Your artwork on a Navy Women's t-shirt",
      }),
    ).toHaveProperty('src', 'cid:artwork@threadwise');
    const without = renderOrderEmail(factsFor('confirmed'));
    expect(without.html).not.toContain('<img');
    expect(without.text).toContain('Total paid: $46.97 USD');
  });

  it('writes every amount in the order’s own currency, exact to the cent', () => {
    const { text } = renderOrderEmail(
      factsFor('confirmed', {
        currency: 'EUR',
        subtotalCents: 3998,
        shippingCents: 1,
        totalCents: 3999,
      }),
    );
    expect(text).toContain('39.98 EUR');
    expect(text).toContain('0.01 EUR');
    expect(text).toContain('Total paid: 39.99 EUR');
    expect(text).not.toContain('USD');
  });

  it('keeps the HTML to one self-contained layout: no scripts, remote images or external CSS', () => {
    const { html } = renderOrderEmail(factsFor('confirmed'), { artworkCid: 'artwork@threadwise' });
    expect(html).not.toMatch(/<script|<link|<style|src="https?:/i);
    expect(html).toContain('max-width:600px');
    expect(html).toContain('font-size:16px');
  });

  it.each(ORDER_EMAIL_KINDS)(
    'escapes markup, quotes and ampersands in the name, address, reason and carrier of a %s email',
    (kind) => {
      const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)"> Tom & "Jerry"';
      const { html } = renderOrderEmail(
        factsFor(kind, {
          brandName: `Shop ${hostile}`,
          reason: hostile,
          shipTo: { ...factsFor(kind).shipTo!, name: hostile, line1: hostile, city: hostile },
          tracking: { carrier: hostile, number: hostile, url: 'https://ups.example/t?a=1&b="2"' },
        }),
      );
      const page = readPage(html);
      expect(page.document.querySelectorAll('script, img[src="x"], [onerror]')).toHaveLength(0);
      // What was typed reads as it was typed: text, never markup.
      expect(page.text).toContain(`Shop ${hostile}`);
      if (kind === 'shipped')
        expect(page.getByRole('link', { name: 'Track the package' })).toHaveProperty(
          'href',
          'https://ups.example/t?a=1&b=%222%22',
        );
    },
  );

  it('keeps each fact’s label on one line, so on a phone its value wraps instead', () => {
    const { html } = renderOrderEmail(factsFor('on_hold', KEY_FACTS.on_hold.facts));
    const label = readPage(html).getByText(ORDER_TEXT.orderNumber);
    expect(label.tagName).toBe('TD');
    expect(label.style.whiteSpace).toBe('nowrap');
  });

  it('never turns a javascript: tracking link into a link', () => {
    const email = renderOrderEmail(
      factsFor('shipped', {
        state: 'shipped',
        tracking: { carrier: 'UPS', number: '1Z9', url: 'javascript:alert(document.cookie)' },
      }),
    );
    expect(email.html).not.toMatch(/javascript:/i);
    expect(email.text).not.toMatch(/javascript:/i);
    expect(email.text).toContain('1Z9');
  });

  it('refuses an order page link that is not http(s)', () => {
    expect(() =>
      renderOrderEmail(factsFor('confirmed', { orderPageUrl: 'javascript:alert(1)' })),
    ).toThrow(/order page link/);
  });

  it('keeps the subject to one line of sane length even when the brand or number has line breaks', () => {
    const email = renderOrderEmail(
      factsFor('confirmed', {
        brandName: 'Threadwise\r\nBcc: evil@example.com',
        orderNumber: 'Ab3d\nEf6h\u0000',
      }),
    );
    expect(email.subject).not.toMatch(/[\r\n\u0000]/);
    expect(email.subject).toBe('Threadwise Bcc: evil@example.com: order Ab3d Ef6h confirmed');

    const long = renderOrderEmail(factsFor('shipped', { brandName: 'Ω'.repeat(400) }));
    expect(Array.from(long.subject).length).toBeLessThanOrEqual(MAX_SUBJECT_LENGTH);
  });

  it('keeps single-line values on one line in the text part', () => {
    const email = renderOrderEmail(
      factsFor('address_needed', {
        state: 'problem',
        reason: 'Wrong\r\nstreet\u0007',
        shipTo: { ...factsFor('confirmed').shipTo!, name: 'Ada\r\nBcc: x' },
      }),
    );
    expect(email.text).toContain('Reason: Wrong street\n');
    expect(email.text).toContain('\nAda Bcc: x\n');
    expect(email.text).not.toMatch(/[\r\u0007]/);
  });
});

describe('renderOwnerAlert', () => {
  const alert = (overrides: Partial<OwnerAlertFacts> = {}) =>
    renderOwnerAlert({
      reason: 'on_hold',
      brandName: 'Threadwise',
      orderNumber: 'TW-4821-7730',
      deskUrl: 'https://shop.example/admin/orders/TW-4821-7730',
      stateWords: 'on hold',
      since: new Date('2025-03-04T03:05:00Z'),
      detail: 'Artwork needs review',
      submitAttempts: 1,
      shopper: { name: 'Ada Lovelace', email: 'ada@example.com' },
      totalCents: 2498,
      currency: 'USD',
      timeZone: 'America/New_York',
      ...overrides,
    });

  it('names the order, the shopper, the total and the reason, with a link to the order on the desk', () => {
    const email = alert();
    for (const part of [email.text, htmlReads(email.html)]) {
      expect(part).toContain('TW-4821-7730');
      expect(part).toContain('Ada Lovelace · ada@example.com');
      expect(part).toContain('$24.98');
      expect(part).toContain('Artwork needs review');
      expect(part).toContain('https://shop.example/admin/orders/TW-4821-7730');
    }
    expect(
      readPage(email.html).getByRole('link', { name: 'Open the order on the desk' }),
    ).toHaveProperty('href', 'https://shop.example/admin/orders/TW-4821-7730');
  });

  it('tells the moment in the shop’s time zone, not as a raw timestamp', () => {
    const email = alert();
    expect(email.text).toContain('on hold since 2025-03-03 22:05 EST');
    expect(email.text).not.toContain('2025-03-04T03:05');
    expect(alert({ timeZone: 'UTC' }).text).toContain('on hold since 2025-03-04 03:05 UTC');
  });

  it('says so when the order has no shopper yet', () => {
    expect(alert({ shopper: { name: null, email: null } }).text).toContain(
      'Shopper: not known yet',
    );
  });
});
