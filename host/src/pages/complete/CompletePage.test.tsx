import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_BRAND_NAME, ORDER_TEXT, PAGE_TEXT } from '@tshirt/shared';
import { installFakeFetch, jsonResponse } from '@tshirt/tooling/test/fakeFetch';
import {
  ORDER_NUMBER,
  ORDER_TOKEN,
  exampleOrder,
  renderOrderPages,
  summaryFacts,
} from '../order-summary/orderFixtures';
import { CONFIRMATION_GIVE_UP_MS, CONFIRMATION_POLL_MS, THANK_YOU_TEXT } from './CompletePage';

const SESSION_ID = 'cs_test_a1B2c3D4e5F6g7H8i9J0';

afterEach(() => {
  jest.useRealTimers();
});

describe('/complete after the test payment page (?token=)', () => {
  it('shows the order number, the shirt, the total, where it ships and the link to its page', async () => {
    const { requests } = installFakeFetch(jsonResponse(200, exampleOrder()));
    renderOrderPages(`/complete?token=${ORDER_TOKEN}`);

    expect(await screen.findByText(ORDER_NUMBER)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toMatch(/^\/creator\/order\?/);
    expect(requests[0]?.params.get('token')).toBe(ORDER_TOKEN);

    expect(
      screen.getByRole('heading', { level: 1, name: PAGE_TEXT.orderComplete }),
    ).toBeInTheDocument();
    expect(screen.getByText(ORDER_TEXT.orderNumber)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payment confirmed.');
    expect(summaryFacts()).toEqual({
      Color: 'Navy',
      Style: "Women's",
      Size: 'L',
      Quantity: '2',
      Subtotal: '$39.98 USD',
      Shipping: '$6.99 USD',
      'Total paid': '$46.97 USD',
    });

    const shirt = screen.getByRole('img', { name: "Your artwork on a Navy Women's t-shirt" });
    expect(shirt.querySelector('path')).toHaveAttribute('fill', '#1f2a48');
    expect(shirt.querySelector('img')).toHaveAttribute(
      'src',
      '/creator/designs/cosmic-cat.svg?shirt=Navy',
    );

    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByRole('heading', { name: 'Ship to' })).toBeInTheDocument();
    for (const line of [
      'Jane Doe',
      '12 Main Street',
      'Apt 4',
      'Portland, OR 97201',
      'United States',
    ]) {
      expect(summary.getByText(line)).toBeInTheDocument();
    }
    expect(summary.getByText('j•••@example.com')).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      `/order?token=${ORDER_TOKEN}`,
    );
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toHaveAttribute(
      'href',
      '/product',
    );
    expect(document.title).toBe(`${PAGE_TEXT.orderComplete} · ${DEFAULT_BRAND_NAME}`);
  });

  it('says the order is being fetched until the store answers', async () => {
    const { requests } = installFakeFetch();
    renderOrderPages(`/complete?token=${ORDER_TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Getting your order details…');
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toBeInTheDocument();

    await act(async () => requests[0]?.answer(200, exampleOrder()));
    expect(await screen.findByText(ORDER_NUMBER)).toBeInTheDocument();
  });

  it('shows no address or email when the payment did not collect them', async () => {
    installFakeFetch(jsonResponse(200, exampleOrder({ shipTo: null, email: null })));
    renderOrderPages(`/complete?token=${ORDER_TOKEN}`);
    await screen.findByText(ORDER_NUMBER);
    expect(screen.queryByRole('heading', { name: 'Ship to' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Email' })).not.toBeInTheDocument();
  });
});

describe('/complete after Stripe Checkout (?session_id=)', () => {
  it('says the payment is being confirmed, then shows the confirmed order after the next poll', async () => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(
      jsonResponse(200, exampleOrder({ state: 'awaiting_payment', shipTo: null, email: null })),
      jsonResponse(200, exampleOrder()),
    );
    renderOrderPages(`/complete?session_id=${SESSION_ID}`);

    expect(await screen.findByText('Payment received, confirming…')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payment received, confirming…');
    expect(requests[0]?.params.get('session_id')).toBe(SESSION_ID);
    expect(summaryFacts()).toMatchObject({ Total: '$46.97 USD' });
    expect(screen.getByRole('link', { name: 'Track your order' })).toBeInTheDocument();

    await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS));

    expect(await screen.findByText('Payment confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payment confirmed.');
    expect(summaryFacts()).toMatchObject({ 'Total paid': '$46.97 USD' });
    expect(screen.getByText('Jane Doe')).toBeInTheDocument();
    expect(requests).toHaveLength(2);

    // Confirmed: nothing more to wait for.
    await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS * 5));
    expect(requests).toHaveLength(2);
  });

  it('keeps showing the order and asking again when one poll fails', async () => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(
      jsonResponse(200, exampleOrder({ state: 'awaiting_payment' })),
      new TypeError('Failed to fetch'),
      jsonResponse(200, exampleOrder()),
    );
    renderOrderPages(`/complete?session_id=${SESSION_ID}`);
    await screen.findByText('Payment received, confirming…');

    await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS));
    expect(requests).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('Payment received, confirming…');

    await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS));
    expect(requests).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Payment confirmed.');
  });

  it('stops asking after two minutes and points to the order page', async () => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(
      ...Array.from({ length: 100 }, () =>
        jsonResponse(200, exampleOrder({ state: 'awaiting_payment' })),
      ),
    );
    renderOrderPages(`/complete?session_id=${SESSION_ID}`);
    await screen.findByText('Payment received, confirming…');

    await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_GIVE_UP_MS - CONFIRMATION_POLL_MS));
    expect(screen.getByRole('status')).toHaveTextContent('Payment received, confirming…');

    await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS));
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_TEXT.confirmingSlow);
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      `/order?token=${ORDER_TOKEN}`,
    );
    const asked = requests.length;
    expect(asked).toBe(CONFIRMATION_GIVE_UP_MS / CONFIRMATION_POLL_MS + 1);

    await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS * 10));
    expect(requests).toHaveLength(asked);
  });

  it('stops asking when the shopper leaves the page', async () => {
    jest.useFakeTimers();
    const { requests } = installFakeFetch(
      ...Array.from({ length: 10 }, () =>
        jsonResponse(200, exampleOrder({ state: 'awaiting_payment' })),
      ),
    );
    const { unmount } = renderOrderPages(`/complete?session_id=${SESSION_ID}`);
    await screen.findByText('Payment received, confirming…');
    unmount();
    await act(() => jest.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS * 5));
    expect(requests).toHaveLength(1);
  });
});

describe('/complete without an order', () => {
  it('keeps the thank-you message and the Continue shopping link when the query names no order', () => {
    const { requests } = installFakeFetch();
    renderOrderPages('/complete');
    expect(
      screen.getByRole('heading', { level: 1, name: PAGE_TEXT.orderComplete }),
    ).toBeInTheDocument();
    expect(screen.getByText(THANK_YOU_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toHaveAttribute(
      'href',
      '/product',
    );
    expect(requests).toHaveLength(0);
  });

  it('says the order cannot be found when the store does not know the token', async () => {
    installFakeFetch(
      jsonResponse(404, {
        error: { code: 'not_found', message: 'There is no order at this address.' },
      }),
    );
    renderOrderPages('/complete?token=unknown');
    expect(await screen.findByText(/We could not find this order/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toHaveAttribute(
      'href',
      '/product',
    );
    expect(screen.queryByRole('link', { name: 'Track your order' })).not.toBeInTheDocument();
  });

  it('says what went wrong and offers to try again when the store cannot be reached', async () => {
    const user = userEvent.setup();
    const { requests } = installFakeFetch(
      new TypeError('Failed to fetch'),
      jsonResponse(200, exampleOrder()),
    );
    renderOrderPages(`/complete?token=${ORDER_TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the store');
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(ORDER_NUMBER)).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });
});
