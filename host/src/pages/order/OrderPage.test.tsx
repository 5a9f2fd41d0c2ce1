import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_BRAND_NAME,
  ORDER_NEXT_STEP_TEXT,
  ORDER_STATE_TEXT,
  PAGE_TEXT,
  type OrderProgress,
} from '@tshirt/shared';
import { ORDER_PROGRESS_STATES } from '@tshirt/shared/schemas';
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
const REASONS: Partial<Record<OrderProgress, string>> = {
  on_hold: 'The print shop is waiting for a new batch of Navy shirts.',
  problem: 'The carrier could not find this address: 12 Main Street, Portland, OR 97201.',
  failed: 'The print file could not be read by the printer.',
  returned: 'Returned to sender: no such street.',
  cancelled: 'The shirt is no longer made in this size.',
};
const SHIPPED = exampleOrder({
  state: 'shipped',
  tracking: { carrier: 'UPS', number: '1Z999AA10123456784', url: 'https://track.example/1Z999' },
  shippedAt: '2026-03-05T10:00:00.000Z',
});

afterEach(() => {
  jest.useRealTimers();
});

/**
 * The progress list's steps, as read aloud: each step's text, the current one followed by
 * `← current step`. Null when the page shows no progress list.
 */
function progressSteps(): string[] | null {
  const list = screen.queryByRole('list', { name: 'Order progress' });
  if (list === null) return null;
  return within(list)
    .getAllByRole('listitem')
    .map(
      (step) =>
        `${step.textContent ?? ''}${step.getAttribute('aria-current') === 'step' ? ' ← current step' : ''}`,
    );
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
      Subtotal: '$39.98 USD',
      Shipping: '$6.99 USD',
      'Total paid': '$46.97 USD',
    });
    expect(
      screen.getByRole('img', { name: "Your artwork on a Navy Women's t-shirt" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Portland, OR 97201')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toBeInTheDocument();
    expect(document.title).toBe(`Your order · ${DEFAULT_BRAND_NAME}`);
  });

  it.each<[OrderProgress, string[] | null]>([
    ['awaiting_payment', ['Paid', 'In production', 'Shipped']],
    ['paid', ['Paid ← current step', 'In production', 'Shipped']],
    ['in_production', ['Paid (done)', 'In production ← current step', 'Shipped']],
    ['on_hold', ['Paid (done)', 'In production (on hold) ← current step', 'Shipped']],
    ['shipped', ['Paid (done)', 'In production (done)', 'Shipped ← current step']],
    ['delivered', ['Paid (done)', 'In production (done)', 'Shipped (done)']],
    ['returned', ['Paid (done)', 'In production (done)', 'Shipped (done)']],
    ['problem', ['Paid (done)', 'In production', 'Shipped']],
    ['failed', ['Paid (done)', 'In production', 'Shipped']],
    ['cancelled', null],
    ['refunded', null],
  ])(
    'says where a %s order is, what happens next, and marks the steps it has reached',
    async (state, steps) => {
      installFakeFetch(jsonResponse(200, exampleOrder({ state })));
      renderOrderPages(`/order?token=${ORDER_TOKEN}`);
      await screen.findByText(ORDER_NUMBER);

      expect(screen.getByRole('status')).toHaveTextContent(
        `${ORDER_STATE_TEXT[state]}${ORDER_NEXT_STEP_TEXT[state]}`,
      );
      expect(progressSteps()).toEqual(steps);
    },
  );

  it.each(['on_hold', 'problem', 'failed', 'returned', 'cancelled'] as const)(
    'says why a %s order is off its usual way, after its state and next step, with no step under way',
    async (state) => {
      const reason = REASONS[state] ?? '';
      installFakeFetch(jsonResponse(200, exampleOrder({ state, problem: reason })));
      renderOrderPages(`/order?token=${ORDER_TOKEN}`);
      await screen.findByText(ORDER_NUMBER);

      expect(screen.getByRole('status')).toHaveTextContent(
        `${ORDER_STATE_TEXT[state]}${ORDER_NEXT_STEP_TEXT[state]}${reason}`,
      );
      const current = (progressSteps() ?? []).filter((step) => step.endsWith('← current step'));
      expect(current).toEqual(
        state === 'on_hold' ? ['In production (on hold) ← current step'] : [],
      );
    },
  );

  it('shows the next step the store wrote, whatever it says', async () => {
    const nextStep = 'We reprint your shirt this week and email you the tracking link.';
    installFakeFetch(jsonResponse(200, exampleOrder({ state: 'failed', nextStep })));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    expect(await screen.findByText(nextStep)).toBeInTheDocument();
  });

  it('keeps a reason to itself while the order is on its usual way', async () => {
    installFakeFetch(jsonResponse(200, exampleOrder({ state: 'paid', problem: 'Old news' })));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    await screen.findByText(ORDER_NUMBER);
    expect(screen.queryByText('Old news')).not.toBeInTheDocument();
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

  it('keeps the tracking details once the package is delivered', async () => {
    installFakeFetch(jsonResponse(200, { ...SHIPPED, state: 'delivered' }));
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Track the package' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_STATE_TEXT.delivered);
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

  it('asks again every 15 seconds until the store says the order is final, and shows each change', async () => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(
      jsonResponse(200, exampleOrder({ state: 'paid' })),
      jsonResponse(200, exampleOrder({ state: 'in_production' })),
      jsonResponse(200, SHIPPED),
      jsonResponse(200, { ...SHIPPED, state: 'delivered', final: true }),
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

    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS));
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_STATE_TEXT.delivered);
    expect(requests).toHaveLength(4);

    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS * 4));
    expect(requests).toHaveLength(4);
  });

  // The store's status table decides what is final: a delivered package may still come back.
  it.each<[OrderProgress, 'stops' | 'keeps asking']>(
    ORDER_PROGRESS_STATES.map((state) => [
      state,
      exampleOrder({ state }).final ? 'stops' : 'keeps asking',
    ]),
  )('for a %s order, %s', async (state, verdict) => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(
      ...Array.from({ length: 3 }, () => jsonResponse(200, exampleOrder({ state }))),
    );
    renderOrderPages(`/order?token=${ORDER_TOKEN}`);
    await screen.findByText(ORDER_NUMBER);
    await act(() => jest.advanceTimersByTimeAsync(ORDER_POLL_MS * 2));
    expect(requests).toHaveLength(verdict === 'stops' ? 1 : 3);
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
