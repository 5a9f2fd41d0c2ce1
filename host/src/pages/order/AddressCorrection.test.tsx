import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDER_STATE_TEXT, ORDER_TEXT } from '@tshirt/shared';
import { ShippingDetailsSchema } from '@tshirt/shared/schemas';
import { installFakeFetch, jsonResponse, type FakeFetch } from '@tshirt/tooling/test/fakeFetch';
import {
  ORDER_NUMBER,
  ORDER_TOKEN,
  exampleOrder,
  renderOrderPages,
} from '../order-summary/orderFixtures';
import { ORDER_POLL_MS } from './OrderPage';

const UNDELIVERABLE = 'The carrier could not find 12 Main Street in Portland, OR 97201.';
const NEEDS_ADDRESS = exampleOrder({
  state: 'problem',
  problem: UNDELIVERABLE,
  canCorrectAddress: true,
  addressCountries: ['US', 'CA'],
});
const NEW_ADDRESS = {
  name: 'Jane Doe',
  line1: '21 Main Street',
  line2: 'Apt 4',
  city: 'Portland',
  state: 'OR',
  postalCode: '97205',
  country: 'US',
};
const CORRECTED = exampleOrder({ state: 'paid', shipTo: NEW_ADDRESS });
const LOCKED = 'Your order is already on its way: its address can no longer be changed.';

afterEach(() => {
  jest.useRealTimers();
});

/** The section the emails link to, once the order is on screen. */
async function addressSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: ORDER_TEXT.correctAddress });
}

const field = (label: string) => screen.getByLabelText(label);
const sendButton = () => screen.getByRole('button', { name: ORDER_TEXT.saveAddress });

/** What the page sent with its `index`th request: the JSON body and its content type. */
function sent(fetchMock: FakeFetch, index: number): { body: unknown; contentType?: string } {
  const init = fetchMock.mock.calls[index]?.[1];
  const headers = new Headers(init?.headers);
  return {
    body: JSON.parse(String(init?.body)),
    contentType: headers.get('content-type') ?? undefined,
  };
}

function renderOrderNeedingAddress(...answers: Array<Response | Error>) {
  const fetchMock = installFakeFetch(jsonResponse(200, NEEDS_ADDRESS), ...answers);
  renderOrderPages(`/order?token=${ORDER_TOKEN}`);
  return fetchMock;
}

describe('correcting the shipping address on /order', () => {
  it('is not offered while the order can go on as it is', async () => {
    installFakeFetch(jsonResponse(200, exampleOrder({ state: 'in_production' })));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    await screen.findByText(ORDER_NUMBER);
    expect(
      screen.queryByRole('region', { name: ORDER_TEXT.correctAddress }),
    ).not.toBeInTheDocument();
  });

  it('shows the address the order had, ready to correct, under what went wrong', async () => {
    renderOrderNeedingAddress();
    const section = await addressSection();

    expect(section).toHaveAttribute('id', 'address');
    expect(screen.getByRole('status')).toHaveTextContent(UNDELIVERABLE);
    expect(within(section).getByRole('textbox', { name: 'Full name' })).toHaveValue('Jane Doe');
    expect(field('Address line 1')).toHaveValue('12 Main Street');
    expect(field('Address line 2 (optional)')).toHaveValue('Apt 4');
    expect(field('City')).toHaveValue('Portland');
    expect(field('State / province / region')).toHaveValue('OR');
    expect(field('ZIP / postal code')).toHaveValue('97201');
    const country = within(section).getByRole('combobox', { name: 'Country' });
    expect(country).toHaveValue('US');
    expect(
      within(country)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['United States', 'Canada']);
    expect(sendButton()).toBeEnabled();
  });

  it('helps the browser fill the address in, and holds each field to what the store accepts', async () => {
    renderOrderNeedingAddress();
    await addressSection();
    // The schema's string options, as JSON Schema keeps them.
    const longest = (field: keyof typeof ShippingDetailsSchema.properties) =>
      (ShippingDetailsSchema.properties[field] as { maxLength?: number }).maxLength;
    const expected: Array<[label: string, autocomplete: string, required: boolean, max?: number]> =
      [
        ['Full name', 'shipping name', true, longest('name')],
        ['Address line 1', 'shipping address-line1', true, longest('line1')],
        ['Address line 2 (optional)', 'shipping address-line2', false, longest('line2')],
        ['City', 'shipping address-level2', true, longest('city')],
        ['State / province / region', 'shipping address-level1', false, longest('state')],
        ['ZIP / postal code', 'shipping postal-code', true, longest('postalCode')],
        ['Country', 'shipping country', true, undefined],
      ];
    for (const [label, autocomplete, required, max] of expected) {
      const control = field(label);
      expect(control).toHaveAttribute('autocomplete', autocomplete);
      if (required) expect(control).toBeRequired();
      else expect(control).not.toBeRequired();
      if (max !== undefined) expect(control).toHaveAttribute('maxlength', String(max));
    }
  });

  it('sends the corrected address with the order page’s token, then shows the order as it now is and says thank you', async () => {
    const user = userEvent.setup();
    const fetchMock = renderOrderNeedingAddress();
    await addressSection();

    await user.clear(field('Address line 1'));
    await user.type(field('Address line 1'), '  21 Main Street ');
    await user.clear(field('ZIP / postal code'));
    await user.type(field('ZIP / postal code'), '97205');
    await user.click(sendButton());

    const button = screen.getByRole('button', { name: ORDER_TEXT.savingAddress });
    expect(button).toBeDisabled();
    const [, request] = fetchMock.requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '', 'http://localhost').pathname).toBe('/creator/order/address');
    expect(request?.params.get('token')).toBe(ORDER_TOKEN);
    expect(sent(fetchMock, 1)).toEqual({ body: NEW_ADDRESS, contentType: 'application/json' });

    await act(async () => request?.answer(200, CORRECTED));

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(ORDER_TEXT.addressSaved);
    expect(status).toHaveTextContent(ORDER_STATE_TEXT.paid);
    expect(status).not.toHaveTextContent(UNDELIVERABLE);
    expect(
      screen.queryByRole('region', { name: ORDER_TEXT.correctAddress }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('21 Main Street')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: ORDER_TEXT.status })).toHaveFocus();
  });

  it('drops an answer asked for before the correction, and asks again a full interval after it', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { requests } = renderOrderNeedingAddress();
    await addressSection();
    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS));
    const [, stalePoll] = requests;

    await user.click(sendButton());
    const correction = requests[2];
    expect(correction?.method).toBe('POST');
    await act(async () => correction?.answer(200, CORRECTED));
    await act(async () => stalePoll?.answer(200, NEEDS_ADDRESS));
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_TEXT.addressSaved);
    expect(
      screen.queryByRole('region', { name: ORDER_TEXT.correctAddress }),
    ).not.toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS - 1));
    expect(requests).toHaveLength(3);
    await act(() => jest.advanceTimersByTimeAsync(1));
    await act(async () => requests[3]?.answer(200, { ...CORRECTED, state: 'in_production' }));
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_STATE_TEXT.in_production);
  });

  it('marks each field the store refused with its message, keeps what was typed, and goes to the first', async () => {
    const user = userEvent.setup();
    const postalMessage = 'Enter a ZIP code that exists in Oregon';
    renderOrderNeedingAddress(
      jsonResponse(400, {
        error: {
          code: 'invalid_address',
          message: 'Check the address.',
          fields: { postalCode: postalMessage },
        },
      }),
    );
    await addressSection();
    await user.clear(field('City'));
    await user.type(field('City'), 'Portlnd');
    await user.clear(field('ZIP / postal code'));
    await user.type(field('ZIP / postal code'), '00000');
    await user.click(sendButton());

    const postalCode = await screen.findByLabelText('ZIP / postal code');
    await screen.findByRole('alert');
    expect(postalCode).toHaveAttribute('aria-invalid', 'true');
    expect(postalCode).toHaveAccessibleDescription(`Error: ${postalMessage}`);
    expect(postalCode).toHaveFocus();
    expect(field('City')).not.toHaveAttribute('aria-invalid');
    expect(field('City')).toHaveValue('Portlnd');
    expect(postalCode).toHaveValue('00000');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please check these fields');
    expect(within(alert).getByRole('link', { name: postalMessage })).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();

    await user.click(field('Full name'));
    await user.click(within(alert).getByRole('link', { name: postalMessage }));
    expect(postalCode).toHaveFocus();
  });

  it('refuses empty fields without asking the store, trimming spaces first', async () => {
    const user = userEvent.setup();
    const { requests } = renderOrderNeedingAddress();
    await addressSection();
    await user.clear(field('Full name'));
    await user.clear(field('City'));
    await user.type(field('City'), '   ');
    await user.clear(field('State / province / region'));
    await user.click(sendButton());

    expect(requests).toHaveLength(1);
    expect(field('Full name')).toHaveAccessibleDescription('Error: Enter your full name');
    expect(field('City')).toHaveAccessibleDescription('Error: Enter your town or city');
    expect(field('State / province / region')).not.toHaveAttribute('aria-invalid');
    expect(field('Full name')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please check these fieldsEnter your full nameEnter your town or city',
    );
    expect(field('City')).toHaveValue('   ');
  });

  it('refuses a name of only zero-width spaces as empty, without asking the store', async () => {
    const user = userEvent.setup();
    const { requests } = renderOrderNeedingAddress();
    await addressSection();
    await user.clear(field('Full name'));
    await user.type(field('Full name'), '\u200b\u200b ');
    await user.click(sendButton());

    expect(requests).toHaveLength(1);
    expect(field('Full name')).toHaveAccessibleDescription('Error: Enter your full name');
    expect(field('Full name')).toHaveFocus();
    expect(field('Full name')).toHaveValue('\u200b\u200b ');
  });

  it('says so when the address can no longer be changed, keeping the form as typed', async () => {
    const user = userEvent.setup();
    renderOrderNeedingAddress(
      jsonResponse(409, { error: { code: 'address_locked', message: LOCKED } }),
    );
    await addressSection();
    await user.clear(field('Address line 1'));
    await user.type(field('Address line 1'), '21 Main Street');
    await user.click(sendButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(LOCKED);
    expect(alert).toHaveFocus();
    expect(field('Address line 1')).toHaveValue('21 Main Street');
    expect(field('Address line 1')).not.toHaveAttribute('aria-invalid');
    expect(sendButton()).toBeEnabled();
  });

  it('says so when the store cannot be reached', async () => {
    const user = userEvent.setup();
    renderOrderNeedingAddress(new TypeError('Failed to fetch'));
    await addressSection();
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the store');
  });

  it('brings the shopper to the form from the emails’ link to #address', async () => {
    installFakeFetch(jsonResponse(200, NEEDS_ADDRESS));
    renderOrderPages(`/order?token=${ORDER_TOKEN}#address`);
    await addressSection();
    expect(screen.getByRole('heading', { name: ORDER_TEXT.correctAddress })).toHaveFocus();
  });

  it('can be filled in and sent with the keyboard alone', async () => {
    const user = userEvent.setup();
    const { requests } = renderOrderNeedingAddress(jsonResponse(200, CORRECTED));
    await addressSection();
    field('State / province / region').focus();
    await user.tab();
    expect(field('ZIP / postal code')).toHaveFocus();
    await user.tab();
    expect(field('Country')).toHaveFocus();
    await user.selectOptions(field('Country'), 'Canada');
    await user.tab();
    expect(sendButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(ORDER_TEXT.addressSaved)).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });
});
