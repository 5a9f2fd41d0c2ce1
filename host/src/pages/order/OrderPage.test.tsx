import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_BRAND_NAME,
  ORDER_STATE_TEXT,
  PAGE_TEXT,
  type OrderProgress,
} from '@tshirt/shared';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import {
  ORDER_NUMBER,
  ORDER_TOKEN,
  exampleOrder,
  renderOrderPages,
  summaryFacts,
} from '../order-summary/orderFixtures';
import { ORDER_POLL_MS } from './OrderPage';

const NOT_FOUND_TEXT = 'We could not find this order. Check the link in your confirmation.';
const PROBLEM = 'The print shop could not make this order as it is. We will contact you by email.';
const SHIPPED = exampleOrder({
  state: 'shipped',
  tracking: { carrier: 'UPS', number: '1Z999AA10123456784', url: 'https://track.example/1Z999' },
  shippedAt: '2026-03-05T10:00:00.000Z',
});

afterEach(() => {
  jest.useRealTimers();
});

/** The progress list's steps, as read aloud: its text, and whether it is the current step. */
function progressSteps(): Array<{ text: string; current: boolean }> {
  const list = screen.getByRole('list', { name: 'Order progress' });
  return within(list)
    .getAllByRole('listitem')
    .map((step) => ({
      text: step.textContent ?? '',
      current: step.getAttribute('aria-current') === 'step',
    }));
}

describe('/order?token=', () => {
  it('asks the store for the order its link names and shows its number, status and summary', async () => {
    const { requests } = installFakeFetch(jsonResponse(200, exampleOrder()));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);

    expect(await screen.findByText(ORDER_NUMBER)).toBeInTheDocument();
    expect(requests[0]?.params.get('token')).toBe(ORDER_TOKEN);
    expect(screen.getByRole('heading', { level: 1, name: 'Your order' })).toBeInTheDocument();
    expect(screen.getByText('Order number')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Paid — being prepared for printing');
    expect(summaryFacts()).toEqual({
      Color: 'Navy',
      Style: "Women's",
      Size: 'L',
      Quantity: '2',
      'Total paid': '$39.98 USD',
    });
    expect(
      screen.getByRole('img', { name: "Your artwork on a Navy Women's t-shirt" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Portland, OR 97201')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toBeInTheDocument();
    expect(document.title).toBe(`Your order · ${DEFAULT_BRAND_NAME}`);
  });

  it.each<[OrderProgress, string, string | undefined, string[]]>([
    ['awaiting_payment', 'Waiting for payment', undefined, []],
    ['paid', 'Paid — being prepared for printing', 'Paid', []],
    ['in_production', 'In production', 'In production', ['Paid']],
    ['shipped', 'Shipped', 'Shipped', ['Paid', 'In production']],
    ['problem', 'There is a problem with this order', undefined, ['Paid']],
  ])(
    'words the %s state as “%s” and marks the step it is at',
    async (state, words, current, done) => {
      installFakeFetch(jsonResponse(200, exampleOrder({ state })));
      renderOrderPages(`/order?token=${ORDER_TOKEN}`);
      await screen.findByText(ORDER_NUMBER);

      expect(ORDER_STATE_TEXT[state]).toBe(words);
      expect(screen.getByRole('status')).toHaveTextContent(words);
      const steps = progressSteps();
      expect(steps.map((step) => step.text.replace(' (done)', ''))).toEqual([
        'Paid',
        'In production',
        'Shipped',
      ]);
      expect(steps.filter((step) => step.current).map((step) => step.text)).toEqual(
        current ? [current] : [],
      );
      expect(
        steps.filter((step) => step.text.endsWith(' (done)')).map((step) => step.text),
      ).toEqual(done.map((label) => `${label} (done)`));
    },
  );

  it('says what the problem is when there is one', async () => {
    installFakeFetch(jsonResponse(200, exampleOrder({ state: 'problem', problem: PROBLEM })));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    expect(await screen.findByText(PROBLEM)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      `There is a problem with this order${PROBLEM}`,
    );
  });

  it('shows the carrier and a link to track the package, in a new tab, once shipped', async () => {
    installFakeFetch(jsonResponse(200, SHIPPED));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);

    const link = await screen.findByRole('link', { name: 'Track the package' });
    expect(link).toHaveAttribute('href', 'https://track.example/1Z999');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleDescription('Opens in a new tab');
    expect(screen.getByText('UPS')).toBeInTheDocument();
    expect(screen.getByText('1Z999AA10123456784')).toBeInTheDocument();
  });

  it('shows only the tracking number when the carrier gave no tracking page', async () => {
    installFakeFetch(
      jsonResponse(200, { ...SHIPPED, tracking: { carrier: 'USPS', number: '9400111', url: '' } }),
    );
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    expect(await screen.findByText('9400111')).toBeInTheDocument();
    expect(screen.getByText('USPS')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Track the package' })).not.toBeInTheDocument();
  });

  it('never links to a tracking address that is not a web page', async () => {
    installFakeFetch(
      jsonResponse(200, {
        ...SHIPPED,
        tracking: { carrier: 'UPS', number: '1Z1', url: 'javascript:alert(1)' },
      }),
    );
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    expect(await screen.findByText('1Z1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Track the package' })).not.toBeInTheDocument();
  });

  it('asks again every 15 seconds until the order ships, and shows each change', async () => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(
      jsonResponse(200, exampleOrder({ state: 'paid' })),
      jsonResponse(200, exampleOrder({ state: 'in_production' })),
      jsonResponse(200, SHIPPED),
    );
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    expect(await screen.findByText(ORDER_STATE_TEXT.paid)).toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS - 1));
    expect(requests).toHaveLength(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_STATE_TEXT.in_production);

    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS));
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_STATE_TEXT.shipped);
    expect(screen.getByRole('link', { name: 'Track the package' })).toBeInTheDocument();
    expect(requests).toHaveLength(3);

    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS * 4));
    expect(requests).toHaveLength(3);
  });

  it('stops asking when the shopper leaves the page', async () => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(
      ...Array.from({ length: 5 }, () => jsonResponse(200, exampleOrder())),
    );
    const { unmount } = renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    await screen.findByText(ORDER_NUMBER);
    unmount();
    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS * 3));
    expect(requests).toHaveLength(1);
  });

  it('keeps nothing in the browser', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    installFakeFetch(jsonResponse(200, SHIPPED));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    await screen.findByText(ORDER_NUMBER);
    expect(setItem).not.toHaveBeenCalled();
    expect(document.cookie).toBe('');
    setItem.mockRestore();
  });
});

describe('/order without a known order', () => {
  it('says the order cannot be found, with a way home, when the link has no token', () => {
    const { requests } = installFakeFetch();
    renderOrderPages('/order');
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(requests).toHaveLength(0);
  });

  it('says the order cannot be found when the store does not know the token', async () => {
    installFakeFetch(
      jsonResponse(404, {
        error: { code: 'not_found', message: 'There is no order at this address.' },
      }),
    );
    renderOrderPages('/order?token=unknown');
    expect(await screen.findByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('does not take a Stripe session id for the secret link', () => {
    const { requests } = installFakeFetch();
    renderOrderPages('/order?session_id=cs_test_a1B2c3D4e5F6g7H8i9J0');
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('offers to try again when the store cannot be reached', async () => {
    const user = userEvent.setup();
    installFakeFetch(new TypeError('Failed to fetch'), jsonResponse(200, exampleOrder()));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the store');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ORDER_NUMBER)).toBeInTheDocument();
  });
});
