/** The emails written about one order (the outbox's `order_emails` rows), for its desk page. */
import type { Queryable } from '../storage/database';

export interface OrderEmailEntry {
  messageId: string;
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
  message_id: string;
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
    `SELECT message_id, kind, audience, recipient, queued_at, sent_at, attempts, last_error
     FROM order_emails WHERE order_id = $1 ORDER BY queued_at, message_id`,
    [orderId],
  );
  return rows.map((row) => ({
    messageId: row.message_id,
    kind: row.kind,
    audience: row.audience,
    recipient: row.recipient,
    queuedAt: new Date(row.queued_at),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    attempts: Number(row.attempts),
    lastError: row.last_error,
  }));
}

/** An email that gave up: never sent after every try it was given. */
export interface FailedOrderEmail {
  messageId: string;
  orderId: string;
  kind: string;
  recipient: string;
  lastError: string | null;
}

/** The emails that gave up after `attempts` tries, newest first: the owner's to resend. */
export async function failedOrderEmails(
  db: Queryable,
  attempts: number,
  limit: number,
): Promise<FailedOrderEmail[]> {
  const rows = await db.query<{
    message_id: string;
    order_id: string;
    kind: string;
    recipient: string;
    last_error: string | null;
  }>(
    `SELECT message_id, order_id, kind, recipient, last_error FROM order_emails
     WHERE sent_at IS NULL AND attempts >= $1 ORDER BY queued_at DESC LIMIT $2`,
    [attempts, limit],
  );
  return rows.map((row) => ({
    messageId: row.message_id,
    orderId: row.order_id,
    kind: row.kind,
    recipient: row.recipient,
    lastError: row.last_error,
  }));
}
