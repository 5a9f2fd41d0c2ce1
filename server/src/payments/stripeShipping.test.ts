import { shippingFromSession, type SessionShippingFields } from './stripeShipping';

const ADDRESS = {
  line1: '1 Main St',
  line2: null,
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

function session(
  address: Record<string, unknown> = {},
  extra: SessionShippingFields = {},
): SessionShippingFields {
  return {
    collected_information: {
      shipping_details: { name: 'Jane Doe', address: { ...ADDRESS, ...address } },
    },
    customer_details: { email: 'jane@example.com' },
    ...extra,
  };
}

const SHIPS_TO = ['US', 'CA'];

describe('shippingFromSession', () => {
  it('reads the newer collected_information into the shop’s shipping details', () => {
    expect(shippingFromSession(session(), SHIPS_TO)).toEqual({
      ok: true,
      shipping: {
        name: 'Jane Doe',
        email: 'jane@example.com',
        line1: '1 Main St',
        line2: '',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'US',
      },
    });
  });

  it('reads the older shipping_details when collected_information has none', () => {
    const result = shippingFromSession(
      {
        collected_information: { shipping_details: null },
        shipping_details: { name: 'Jean Tremblay', address: { ...ADDRESS, country: 'CA' } },
        customer_details: { email: 'jean@example.ca' },
      },
      SHIPS_TO,
    );
    expect(result).toMatchObject({ ok: true, shipping: { name: 'Jean Tremblay', country: 'CA' } });
  });

  it('keeps each text on one line, without invisible controls or surrounding spaces', () => {
    const result = shippingFromSession(
      session({ line1: '  1 Main St\nApt 2\u202e ', city: 'Spring\u0000field', country: ' us ' }),
      SHIPS_TO,
    );
    expect(result).toMatchObject({
      ok: true,
      shipping: { line1: '1 Main St Apt 2', city: 'Springfield', country: 'US' },
    });
  });

  it('cleans each text by the same rule as the forms: no zero-width, tag or direction characters', () => {
    const result = shippingFromSession(
      {
        ...session(),
        collected_information: {
          shipping_details: {
            name: 'Jane\u200e Doe\u2060',
            address: {
              ...ADDRESS,
              line1: '1\u200b Main\u2028St',
              city: 'Spring\u00adfield\u{E0041}',
            },
          },
        },
      },
      SHIPS_TO,
    );
    expect(result).toMatchObject({
      ok: true,
      shipping: { name: 'Jane Doe', line1: '1 Main St', city: 'Springfield' },
    });
  });

  it('refuses a line too long instead of cutting it, naming the field but not its value', () => {
    const result = shippingFromSession(session({ line1: 'x'.repeat(500) }), SHIPS_TO);
    expect(result).toEqual({ ok: false, problem: 'line1 is too long' });
  });

  it('refuses an email with a control character in it', () => {
    const result = shippingFromSession(
      session({}, { customer_details: { email: 'jane\u0007@example.com' } }),
      SHIPS_TO,
    );
    expect(result).toEqual({ ok: false, problem: 'email has characters that are not allowed' });
  });

  it.each(['a,b@example.com', 'x(comment)@example.com', 'Jane <jane@example.com>'])(
    'refuses the email %j, which the mail transport could not send to',
    (email) => {
      const result = shippingFromSession(session({}, { customer_details: { email } }), SHIPS_TO);
      expect(result).toEqual({ ok: false, problem: 'email has characters that are not allowed' });
    },
  );

  it('refuses a country the shop does not ship to', () => {
    expect(shippingFromSession(session({ country: 'FR' }), SHIPS_TO)).toEqual({
      ok: false,
      problem: 'country is not one the shop ships to',
    });
  });

  it.each([
    ['no address at all', {}, 'the session has no shipping address'],
    ['no email', { ...session(), customer_details: { email: null } }, 'the session has no email'],
    ['a required field left empty', session({ city: '   ' }), 'city is missing'],
    [
      'a name of only a zero-width space',
      {
        ...session(),
        collected_information: { shipping_details: { name: '\u200b', address: ADDRESS } },
      },
      'name is missing',
    ],
  ])('says what is wrong with %s', (_label, fields: SessionShippingFields, problem) => {
    expect(shippingFromSession(fields, SHIPS_TO)).toEqual({ ok: false, problem });
  });
});
