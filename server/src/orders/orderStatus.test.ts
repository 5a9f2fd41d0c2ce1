import { ORDER_PROGRESS_STATES } from '@tshirt/shared/schemas';
import { ORDER_STATES, type OrderState } from './orderLife';
import {
  FULFILMENT_STATUS,
  orderPaymentStatus,
  paymentStatus,
  shopperReason,
  statusesWhere,
} from './orderStatus';

describe('the status table', () => {
  it('has one row for every state of an order’s life, each shown to its shopper as one of theirs', () => {
    expect(Object.keys(FULFILMENT_STATUS).sort()).toEqual([...ORDER_STATES].sort());
    for (const state of ORDER_STATES) {
      expect(ORDER_PROGRESS_STATES).toContain(FULFILMENT_STATUS[state].shopper);
    }
  });

  it('puts before the owner exactly the statuses that need them, each with its alert where one is sent', () => {
    expect(statusesWhere((status) => status.needsOwner).sort()).toEqual(
      ['cancelled', 'failed', 'on_hold', 'problem', 'returned'].sort(),
    );
    expect(statusesWhere((status) => status.alert !== undefined).sort()).toEqual(
      ['cancelled', 'failed', 'on_hold', 'returned'].sort(),
    );
    for (const state of statusesWhere((status) => status.needsOwner)) {
      expect(FULFILMENT_STATUS[state].deskList).toBe('attention');
      expect(FULFILMENT_STATUS[state].tone).toBe('attention');
    }
  });

  it('calls final only what the order’s life never moves on from, and tracks only a package with the carrier', () => {
    // Delivered and cancelled are not final: a return, a refund or a resubmission may follow.
    expect(statusesWhere((status) => status.final)).toEqual(['refunded']);
    expect(statusesWhere((status) => status.tracked)).toEqual(['shipped', 'delivered']);
  });

  it('gives the shopper the shop’s words for why, never the print shop’s', () => {
    expect(shopperReason('on_hold')).toMatch(/^The print shop has a question/);
    expect(shopperReason('returned')).toMatch(/^The carrier could not deliver/);
    expect(shopperReason('problem')).toMatch(/^The print shop cannot ship to this address/);
    expect(shopperReason('paid')).toBeNull();
    expect(shopperReason('failed')).toBeNull();
  });
});

describe('the shopper’s page, as the order view gives it from the status table', () => {
  /** The steps Paid → In production → Shipped as the shopper reads them, or null for none. */
  function steps(state: OrderState): string[] | null {
    const progress = FULFILMENT_STATUS[state].shopperSteps;
    if (progress === null) return null;
    return ['Paid', 'In production', 'Shipped'].map((step, index) => {
      if (index === progress.reached - 1) return `${step} (${progress.last})`;
      return index < progress.reached ? `${step} (done)` : step;
    });
  }

  it.each<[OrderState, string[] | null]>([
    ['pending', ['Paid', 'In production', 'Shipped']],
    ['ready_to_print', ['Paid (current)', 'In production', 'Shipped']],
    ['queued', ['Paid (current)', 'In production', 'Shipped']],
    ['in_production', ['Paid (done)', 'In production (current)', 'Shipped']],
    ['on_hold', ['Paid (done)', 'In production (paused)', 'Shipped']],
    ['shipped', ['Paid (done)', 'In production (done)', 'Shipped (current)']],
    ['delivered', ['Paid (done)', 'In production (done)', 'Shipped (done)']],
    ['returned', ['Paid (done)', 'In production (done)', 'Shipped (done)']],
    // Stopped after payment: no step is under way.
    ['problem', ['Paid (done)', 'In production', 'Shipped']],
    ['failed', ['Paid (done)', 'In production', 'Shipped']],
    // Not going to ship: no steps at all.
    ['cancelled', null],
    ['refunded', null],
  ])('marks the steps a %s order has reached', (state, expected) => {
    expect(steps(state)).toEqual(expected);
  });

  it('shows as a warning where the shirt is not coming as ordered, as paused while it is held', () => {
    const tones = Object.fromEntries(
      statusesWhere((status) => status.shopperTone !== undefined).map((state) => [
        state,
        FULFILMENT_STATUS[state].shopperTone,
      ]),
    );
    expect(tones).toEqual({
      on_hold: 'paused',
      returned: 'warning',
      problem: 'warning',
      failed: 'warning',
      cancelled: 'warning',
    });
  });
});

describe('the payment status', () => {
  it('is apart from where the shirt is: unpaid, paid, partly refunded, refunded', () => {
    expect(paymentStatus({ paid: false, totalCents: 4697, refundedCents: 0 })).toBe('unpaid');
    expect(paymentStatus({ paid: true, totalCents: 4697, refundedCents: 0 })).toBe('paid');
    expect(paymentStatus({ paid: true, totalCents: 4697, refundedCents: 1000 })).toBe(
      'partly_refunded',
    );
    expect(paymentStatus({ paid: true, totalCents: 4697, refundedCents: 4697 })).toBe('refunded');
    expect(orderPaymentStatus({ status: 'pending', totalCents: 4697, refundedCents: 0 })).toBe(
      'unpaid',
    );
  });
});
