/** For the tests of /complete and /order: an order as the store answers it, and the pages to show it. */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  ORDER_NEXT_STEP_TEXT,
  PAGE_PATHS,
  PRODUCT_NAME,
  type OrderProgress,
  type OrderView,
} from '@tshirt/shared';
import { CompletePage } from '../complete/CompletePage';
import { OrderPage } from '../order/OrderPage';

export const ORDER_TOKEN = 'Zq4vR8nT2wX6yB1cD5eF9gH3jK7mP0sU';
export const ORDER_NUMBER = 'TW-4821-7730';

/**
 * How the store shows each state to its shopper, as its status table answers in the order view
 * (server/src/orders/orderStatus.ts, whose test reads the same steps): the tone off the usual way
 * and the progress steps.
 */
const STORE_SHOWS: Readonly<Record<OrderProgress, Pick<OrderView, 'tone' | 'progress'>>> = {
  awaiting_payment: { tone: null, progress: { reached: 0, last: 'current' } },
  paid: { tone: null, progress: { reached: 1, last: 'current' } },
  in_production: { tone: null, progress: { reached: 2, last: 'current' } },
  on_hold: { tone: 'paused', progress: { reached: 2, last: 'paused' } },
  shipped: { tone: null, progress: { reached: 3, last: 'current' } },
  delivered: { tone: null, progress: { reached: 3, last: 'done' } },
  returned: { tone: 'warning', progress: { reached: 3, last: 'done' } },
  problem: { tone: 'warning', progress: { reached: 1, last: 'done' } },
  failed: { tone: 'warning', progress: { reached: 1, last: 'done' } },
  cancelled: { tone: 'warning', progress: null },
  refunded: { tone: null, progress: null },
};

/**
 * A paid order to Portland; with another `state`, that state's next step unless one is given, and
 * final, tracked, tone and progress as the store's status table says (final: refunded; tracked:
 * shipped and delivered).
 */
export function exampleOrder(overrides: Partial<OrderView> = {}): OrderView {
  const state = overrides.state ?? 'paid';
  return {
    orderNumber: ORDER_NUMBER,
    state: 'paid',
    nextStep: ORDER_NEXT_STEP_TEXT[overrides.state ?? 'paid'],
    orderPagePath: `${PAGE_PATHS.order}?token=${ORDER_TOKEN}`,
    productName: PRODUCT_NAME,
    shirtColor: 'Navy',
    shirtStyle: "Women's",
    shirtSize: 'L',
    quantity: 2,
    artworkPath: '/creator/designs/cosmic-cat.svg?shirt=Navy',
    subtotalCents: 3998,
    shippingCents: 699,
    taxCents: 0,
    totalCents: 4697,
    currency: 'USD',
    shipTo: {
      name: 'Jane Doe',
      line1: '12 Main Street',
      line2: 'Apt 4',
      city: 'Portland',
      state: 'OR',
      postalCode: '97201',
      country: 'US',
    },
    email: 'j•••@example.com',
    tracking: null,
    problem: null,
    final: state === 'refunded',
    tracked: state === 'shipped' || state === 'delivered',
    ...STORE_SHOWS[state],
    canCorrectAddress: false,
    addressCountries: [],
    paidAt: '2026-03-02T10:00:00.000Z',
    shippedAt: null,
    ...overrides,
  };
}

/** /complete and /order at `path` (with its query), and any other page as a plain marker. */
export function renderOrderPages(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={PAGE_PATHS.complete} element={<CompletePage />} />
        <Route path={PAGE_PATHS.order} element={<OrderPage />} />
        <Route path="*" element={<p>Another page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The order summary card's facts, term → definition, as a person reads them. */
export function summaryFacts(): Record<string, string> {
  const card = within(screen.getByRole('region', { name: 'Order summary' }));
  const terms = card.getAllByRole('term').map((term) => term.textContent ?? '');
  const definitions = card.getAllByRole('definition').map((value) => value.textContent ?? '');
  return Object.fromEntries(terms.map((term, index) => [term, definitions[index] ?? '']));
}
