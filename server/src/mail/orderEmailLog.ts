/** The emails written about one order (the outbox's `order_emails` rows), for its desk page. */
import type { Queryable } from '../storage/database';

export interface OrderEmailEntry {
  kind: string;
  /** `shopper`, or `owner` for the owner's alerts. */
  audience: string;
  recipient: string;
  queuedAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
}

interface EmailRow {
  kind: string;
  audience: string;
  recipient: string;
  queued_at: Date | string;
  sent_at: Date | string | null;
  attempts: number;
  last_error: string | null;
}

/** The order's emails, oldest first. */
export async function orderEmailLog(db: Queryable, orderId: string): Promise<OrderEmailEntry[]> {
  const rows = await db.query<EmailRow>(
    `SELECT kind, audience, recipient, queued_at, sent_at, attempts, last_error
     FROM order_emails WHERE order_id = $1 ORDER BY queued_at, message_id`,
    [orderId],
  );
  return rows.map((row) => ({
    kind: row.kind,
    audience: row.audience,
    recipient: row.recipient,
    queuedAt: new Date(row.queued_at),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    attempts: Number(row.attempts),
    lastError: row.last_error,
  }));
}
