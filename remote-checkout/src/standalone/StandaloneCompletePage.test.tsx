import { render, screen } from '@testing-library/react';
import { ORDER_TEXT, PAGE_TEXT, PREMADE_DESIGNS, PRODUCT_NAME } from '@tshirt/shared';
import { mockOrderToken, type MockOrder } from '@tshirt/shared/mocks/node';
import { StandaloneCompletePage } from './StandaloneCompletePage';

// These tests answer from the shared mocked store API (tooling/test/setupApiMocks.ts).
const ORDER: MockOrder = {
  orderNumber: 'TW-1234-5678',
  order: {
    productName: PRODUCT_NAME,
    quantity: 2,
    shirtStyle: "Women's",
    shirtColor: 'Navy',
    shirtSize: 'L',
    imageURL: PREMADE_DESIGNS[1]!.imagePath,
    prompt: '',
  },
};

const PAID: MockOrder = {
  ...ORDER,
  paid: {
    at: '2026-05-01T10:00:00.000Z',
    shipping: {
      name: 'Sam Tester',
      email: 'sam@example.com',
      line1: '1 Main Street',
      line2: '',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      country: 'US',
    },
  },
};

describe('the standalone confirmation a payment comes back to', () => {
  it('confirms the order it came back with: its number, its shirts, what was paid and where it ships', async () => {
    render(<StandaloneCompletePage search={`?token=${mockOrderToken(PAID)}`} />);
    expect(
      screen.getByRole('heading', { level: 1, name: PAGE_TEXT.orderComplete }),
    ).toBeInTheDocument();
    expect(await screen.findByText('TW-1234-5678')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_TEXT.confirmed);
    const summary = screen.getByRole('region', { name: ORDER_TEXT.summary });
    expect(summary).toHaveTextContent("Navy · Women's · L · × 2");
    expect(summary).toHaveTextContent(`${ORDER_TEXT.totalPaid}$46.97 USD`);
    expect(summary).toHaveTextContent('Sam Tester, 1 Main Street, Springfield 62701, US');
    // Never the checkout form again.
    expect(screen.queryByRole('button', { name: 'Buy It' })).not.toBeInTheDocument();
  });

  it('says the payment is being confirmed while the order waits for it', async () => {
    render(<StandaloneCompletePage search={`?token=${mockOrderToken(ORDER)}`} />);
    expect(await screen.findByText('TW-1234-5678')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ORDER_TEXT.confirming);
  });

  it('says so when the link names no order the store knows', async () => {
    render(<StandaloneCompletePage search="?token=not-an-order" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_TEXT.notFound);
    expect(screen.getByRole('link', { name: PAGE_TEXT.continueShopping })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
