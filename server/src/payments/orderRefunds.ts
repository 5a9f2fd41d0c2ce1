/**
 * Each order's refund, one row per order (`order_refunds`): claimed before the payment provider is
 * asked, so two clicks never ask twice, and settled with what it answered. Every ask of one refund
 * carries the same idempotency key, so an ask that went unanswered and is made again is the same
 * refund; only after a definite refusal (no money moved) does the next try get a key of its own.
 */
import type { Database, Queryable } from '../storage/database';

export type RefundStatus = 'requested' | 'succeeded' | 'refused';

export interface OrderRefund {
  orderId: string;
  idempotencyKey: string;
  status: RefundStatus;
  amountCents: number;
  /** The payment provider's id of the refund, once it succeeded. */
  providerReference: string | null;
  /** Why it was refused, or why the last ask went unanswered (it is then still `requested`). */
  error: string | null;
  requestedAt: Date;
  settledAt: Date | null;
}

/** Whether this call now owns the refund (and must ask the provider), or the refund as it stands. */
export type RefundClaim = { claimed: boolean; refund: OrderRefund };

export interface OrderRefunds {
  find(orderId: string): Promise<OrderRefund | undefined>;
  /** Whether a `requested` refund may be taken by another try: its last ask ended unanswered, or was abandoned. */
  isClaimable(refund: OrderRefund, now: Date): boolean;
  /**
   * Takes the order's refund to ask the provider: a new one, a refused one tried again, or one
   * whose last ask went unanswered or was abandoned. Anything else (an ask under way, a refund
   * that succeeded) is answered as it stands, unclaimed.
   */
  claim(
    orderId: string,
    amountCents: number,
    /** Runs in the claim's transaction when this call takes the refund (the recovery job is put then). */
    whenClaimed?: (tx: Queryable) => Promise<void>,
    /** A further refund of an order already refunded in part: a settled one is a new refund. */
    options?: { another?: boolean },
  ): Promise<RefundClaim>;
  /** The ask succeeded: settled, and its amount recorded as made (in one transaction). */
  succeeded(orderId: string, providerReference: string): Promise<void>;
  /**
   * Records a refund made at the payment provider (the owner's, or one made in its dashboard),
   * once per reference, adding it to the order's refunded sum; whether it was new, and the sum.
   */
  recordMade(
    orderId: string,
    made: { reference: string; amountCents: number; source: 'owner' | 'payment-provider' },
    tx?: Queryable,
  ): Promise<{ recorded: boolean; refundedCents: number }>;
  refused(orderId: string, error: string): Promise<void>;
  /** The provider did not answer: it may have refunded, so it stays `requested`, with why, for the next try. */
  unanswered(orderId: string, error: string): Promise<void>;
}

/** An ask of the payment provider takes at most two time-outs (one retry); older ones crashed. */
export const ABANDONED_REFUND_SECONDS = 300;

/** The first try's key; the order id makes it the same in every instance and every retry. */
export function refundIdempotencyKey(orderId: string, attempt = 1): string {
  return attempt <= 1 ? `refund-${orderId}` : `refund-${orderId}-${attempt}`;
}

/** The key after a refusal: `refund-<id>`, then `refund-<id>-2`, `-3`… */
export function nextRefundIdempotencyKey(orderId: string, key: string): string {
  const attempt = /-(\d+)$/.exec(key.slice(`refund-${orderId}`.length))?.[1];
  return refundIdempotencyKey(orderId, (attempt === undefined ? 1 : Number(attempt)) + 1);
}

interface RefundRow {
  order_id: string;
  idempotency_key: string;
  status: RefundStatus;
  amount_cents: number;
  provider_reference: string | null;
  error: string | null;
  requested_at: Date | string;
  settled_at: Date | string | null;
}

function fromRow(row: RefundRow): OrderRefund {
  return {
    orderId: row.order_id,
    idempotencyKey: row.idempotency_key,
    status: row.status,
    amountCents: row.amount_cents,
    providerReference: row.provider_reference,
    error: row.error,
    requestedAt: new Date(row.requested_at),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  };
}

function isClaimable(refund: OrderRefund, now: Date, another = false): boolean {
  return (
    refund.status === 'refused' ||
    (another && refund.status === 'succeeded') ||
    (refund.status === 'requested' &&
      (refund.error !== null ||
        now.getTime() - refund.requestedAt.getTime() > ABANDONED_REFUND_SECONDS * 1000))
  );
}

export function createOrderRefunds(db: Database): OrderRefunds {
  const recordMade: OrderRefunds['recordMade'] = async (orderId, made, tx = db) => {
    const [row] = await tx.query<{ refunded_cents: number; recorded: boolean }>(
      `WITH made AS (
         INSERT INTO order_refunds_made (order_id, reference, amount_cents, source)
         VALUES ($1, $2, $3, $4) ON CONFLICT (order_id, reference) DO NOTHING
         RETURNING amount_cents
       )
       UPDATE orders SET refunded_cents = refunded_cents + coalesce((SELECT amount_cents FROM made), 0)
       WHERE id = $1
       RETURNING refunded_cents, EXISTS (SELECT 1 FROM made) AS recorded`,
      [orderId, made.reference, made.amountCents, made.source],
    );
    return { recorded: row?.recorded === true, refundedCents: row?.refunded_cents ?? 0 };
  };
  const find = async (orderId: string) => {
    const [row] = await db.query<RefundRow>('SELECT * FROM order_refunds WHERE order_id = $1', [
      orderId,
    ]);
    return row && fromRow(row);
  };
  return {
    find,
    isClaimable,
    claim(orderId, amountCents, whenClaimed, { another = false } = {}) {
      return db.transaction(async (tx): Promise<RefundClaim> => {
        const taken = async (row: RefundRow | undefined): Promise<RefundClaim> => {
          await whenClaimed?.(tx);
          return { claimed: true, refund: fromRow(row!) };
        };
        const [inserted] = await tx.query<RefundRow>(
          `INSERT INTO order_refunds (order_id, idempotency_key, status, amount_cents)
           VALUES ($1, $2, 'requested', $3) ON CONFLICT (order_id) DO NOTHING RETURNING *`,
          [orderId, refundIdempotencyKey(orderId), amountCents],
        );
        if (inserted) return taken(inserted);
        const [row] = await tx.query<RefundRow>(
          'SELECT * FROM order_refunds WHERE order_id = $1 FOR UPDATE',
          [orderId],
        );
        const standing = fromRow(row!);
        if (!isClaimable(standing, new Date(), another))
          return { claimed: false, refund: standing };
        // A refusal moved no money, and a settled refund is done: the next is a new refund. An
        // unanswered ask may have moved money: it is the same one.
        const refused = standing.status === 'refused' || standing.status === 'succeeded';
        const key = refused
          ? nextRefundIdempotencyKey(orderId, standing.idempotencyKey)
          : standing.idempotencyKey;
        const [claimed] = await tx.query<RefundRow>(
          `UPDATE order_refunds SET status = 'requested', idempotency_key = $2, amount_cents = $3,
             provider_reference = NULL, error = NULL, requested_at = now(), settled_at = NULL
           WHERE order_id = $1 RETURNING *`,
          [orderId, key, refused ? amountCents : standing.amountCents],
        );
        return taken(claimed);
      });
    },
    async succeeded(orderId, providerReference) {
      await db.transaction(async (tx) => {
        const [settled] = await tx.query<RefundRow>(
          `UPDATE order_refunds SET status = 'succeeded', provider_reference = $2, error = NULL,
             settled_at = now() WHERE order_id = $1 RETURNING *`,
          [orderId, providerReference],
        );
        if (settled && settled.amount_cents > 0) {
          await recordMade(
            orderId,
            { reference: providerReference, amountCents: settled.amount_cents, source: 'owner' },
            tx,
          );
        }
      });
    },
    recordMade,
    async refused(orderId, error) {
      await db.query(
        `UPDATE order_refunds SET status = 'refused', error = $2, settled_at = now()
         WHERE order_id = $1`,
        [orderId, error.slice(0, 1000)],
      );
    },
    async unanswered(orderId, error) {
      await db.query(
        `UPDATE order_refunds SET error = $2 WHERE order_id = $1 AND status = 'requested'`,
        [orderId, error.slice(0, 1000)],
      );
    },
  };
}
