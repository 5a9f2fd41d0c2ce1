import {
  ABANDONED_REFUND_SECONDS,
  createOrderRefunds,
  nextRefundIdempotencyKey,
  refundIdempotencyKey,
  type OrderRefund,
} from './orderRefunds';
import type { Database } from '../storage/database';

const ORDER = 'AbCdEfGhIjKlMn_-';

describe("an order's refund keys", () => {
  it('are the same for every try of one refund, and new only after a refusal', () => {
    expect(refundIdempotencyKey(ORDER)).toBe(`refund-${ORDER}`);
    expect(nextRefundIdempotencyKey(ORDER, `refund-${ORDER}`)).toBe(`refund-${ORDER}-2`);
    expect(nextRefundIdempotencyKey(ORDER, `refund-${ORDER}-2`)).toBe(`refund-${ORDER}-3`);
    expect(nextRefundIdempotencyKey(ORDER, `refund-${ORDER}-19`)).toBe(`refund-${ORDER}-20`);
  });
});

describe('whether another try may take a refund', () => {
  const refunds = createOrderRefunds({} as Database);
  const now = new Date('2026-03-01T12:00:00Z');
  const refund = (fields: Partial<OrderRefund>): OrderRefund => ({
    orderId: ORDER,
    idempotencyKey: refundIdempotencyKey(ORDER),
    status: 'requested',
    amountCents: 3998,
    providerReference: null,
    error: null,
    requestedAt: new Date(now.getTime() - 1000),
    settledAt: null,
    ...fields,
  });

  it('takes a refused one, one whose ask went unanswered, and one abandoned by a crash', () => {
    expect(refunds.isClaimable(refund({ status: 'refused', error: 'No' }), now)).toBe(true);
    expect(refunds.isClaimable(refund({ error: 'timed out' }), now)).toBe(true);
    const abandoned = new Date(now.getTime() - (ABANDONED_REFUND_SECONDS + 1) * 1000);
    expect(refunds.isClaimable(refund({ requestedAt: abandoned }), now)).toBe(true);
  });

  it('leaves one being asked right now, and one that succeeded', () => {
    expect(refunds.isClaimable(refund({}), now)).toBe(false);
    expect(
      refunds.isClaimable(refund({ status: 'succeeded', providerReference: 're_1' }), now),
    ).toBe(false);
  });
});
