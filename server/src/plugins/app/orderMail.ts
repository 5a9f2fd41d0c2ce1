/**
 * The shopper's emails, through a transactional outbox: the email is written (a row and a job on
 * the durable queue) in the same transaction as the change of state that causes it, and sent
 * later by the queue's worker, so payment, shipping and refunds never wait for or fail because of
 * mail. Each email's Message-ID comes from its order and event: a resend after a crash is the same
 * message, and an event is written once, so it is never a second one.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRODUCT_NAME } from '@tshirt/shared/catalog';
import { artworkOnShirtPng } from '../../mail/emailArtwork';
import { createMailTransport, messageIdFor, type OutgoingEmail } from '../../mail/mailTransport';
import {
  renderOrderEmail,
  renderOwnerAlert,
  type OrderEmailKind,
  type OwnerAlertReason,
} from '../../mail/orderEmail';
import { parseArtworkReference } from '../../orders/artworkReference';
import { shopperEmailState } from '../../orders/orderView';
import { FULFILMENT_STATUS, shopperReason } from '../../orders/orderStatus';
import { orderPagePath } from '../../orders/orderView';
import { orderState, type Order } from '../../orders/ordersRepository';
import { shopperProgress } from '../../orders/orderLife';
import { printableArtwork } from '../../images/printFiles';
import type { Queryable } from '../../storage/database';
import { jobExpirySeconds } from './jobQueues';

export const ORDER_EMAIL_QUEUE = 'order-email';

interface EmailJob {
  messageId: string;
}

export interface OrderMail {
  /** Writes the email an event sends, inside the event's transaction; once per event. */
  enqueue(
    tx: Queryable,
    order: Order,
    kind: OrderEmailKind,
    eventId: number,
    /** The amount a refund email tells of. */
    amountCents?: number,
  ): Promise<void>;
  /**
   * Writes the owner's alert about an order, inside the transaction that found it; once per order,
   * reason and `occasion` (the event that caused it, or the stay in a state that lasted too long).
   */
  enqueueOwnerAlert(
    tx: Queryable,
    order: Order,
    reason: OwnerAlertReason,
    occasion: number,
    since: Date,
  ): Promise<boolean>;
  /**
   * Writes a copy of an email already written (sent or given up), as a new message to the same
   * recipient; the owner's resend from the desk. False when there is no such email of the order.
   */
  resend(orderId: string, messageId: string): Promise<boolean>;
  readonly transport: 'smtp' | 'folder';
}

declare module 'fastify' {
  interface FastifyInstance {
    orderMail: OrderMail;
  }
}

interface EmailRow {
  message_id: string;
  order_id: string;
  audience: 'shopper' | 'owner';
  /** The shopper's email, or the owner alert's reason. */
  kind: string;
  recipient: string;
  sent_at: Date | null;
  note: string | null;
  /** What the refund an email tells of gave back. */
  amount_cents: number | null;
}

/** Seconds allowed to compose an email (its artwork picture is drawn: seconds on a loaded machine). */
const COMPOSE_SECONDS = 20;

/**
 * The longest one try of an email job may take: composing it and the SMTP exchange (connection,
 * greeting and message, each up to MAIL_TIMEOUT_MS). A try past it has its job failed by pg-boss
 * while the try goes on and sends: the job is then tried again (the email sent twice, or a job
 * left waiting after its email went).
 */
export function emailJobExpirySeconds(mailTimeoutMs: number): number {
  return jobExpirySeconds(mailTimeoutMs, 3) + COMPOSE_SECONDS;
}

const ARTWORK_CID = 'artwork@order';
/** Emails sent at once by one instance: a mail server that hangs holds one, not all of them. */
const MAIL_WORKERS = 4;

async function orderMailPlugin(app: FastifyInstance) {
  const { mail, publicUrl, frontEnd } = app.appConfig;
  const { orders, images } = app.repositories;
  const transport = createMailTransport({
    smtpUrl: mail.smtpUrl,
    from: mail.from,
    outboxDir: mail.outboxDir,
    timeoutMs: mail.timeoutMs,
  });
  app.addHook('onClose', () => transport.close());
  const queue = await app.jobQueues.queue<EmailJob>(ORDER_EMAIL_QUEUE, {
    attempts: mail.attempts,
    retryDelaySeconds: mail.retryDelaySeconds,
    expireInSeconds: emailJobExpirySeconds(mail.timeoutMs),
  });
  app.log.info(
    mail.smtpUrl
      ? 'emails are sent through SMTP_URL'
      : `no SMTP_URL: emails are written to ${mail.outboxDir}`,
  );

  /** The artwork on the order's shirt, as a picture inside the email; none if it cannot be drawn. */
  async function artworkPicture(order: Order): Promise<Buffer | undefined> {
    try {
      const reference = parseArtworkReference(order.imagePath, publicUrl);
      const artwork =
        reference && printableArtwork(reference, images, app.artEngine, order.shirtColor);
      if (!artwork) return undefined;
      const source = await artwork.source();
      const bytes = 'svg' in source ? Buffer.from(source.svg) : source.picture;
      return await artworkOnShirtPng(bytes, order.shirtColor);
    } catch (error) {
      app.log.warn({ err: error, orderId: order.id }, 'the email goes without its artwork picture');
      return undefined;
    }
  }

  function composeOwnerAlert(row: EmailRow & { queued_at: Date }, order: Order): OutgoingEmail {
    const rendered = renderOwnerAlert({
      reason: row.kind as OwnerAlertReason,
      brandName: frontEnd.brandName,
      orderNumber: order.id,
      deskUrl: `${publicUrl}/admin/orders/${order.id}`,
      stateWords: FULFILMENT_STATUS[orderState(order)].ownerLabel,
      since: new Date(row.queued_at),
      detail: order.fulfillmentError,
      submitAttempts: order.submitAttempts,
      shopper: { name: order.shipTo?.name ?? null, email: order.email },
      totalCents: order.totalCents,
      currency: order.currency,
      timeZone: app.appConfig.shopTimeZone,
    });
    return { messageId: row.message_id, to: { name: null, address: row.recipient }, ...rendered };
  }

  async function compose(row: EmailRow, order: Order): Promise<OutgoingEmail> {
    const kind = row.kind as OrderEmailKind;
    const picture = kind === 'confirmed' ? await artworkPicture(order) : undefined;
    const rendered = renderOrderEmail(
      {
        kind,
        brandName: frontEnd.brandName,
        contactEmail: frontEnd.contactEmail,
        orderNumber: order.id,
        orderPageUrl: `${publicUrl}${orderPagePath(order.accessToken ?? '')}`,
        state: shopperEmailState(kind, shopperProgress(orderState(order))),
        productName: order.productName || PRODUCT_NAME,
        shirtColor: order.shirtColor,
        shirtStyle: order.shirtStyle,
        shirtSize: order.shirtSize,
        quantity: order.quantity,
        subtotalCents: order.subtotalCents,
        shippingCents: order.shippingCents,
        taxCents: order.taxCents,
        totalCents: order.totalCents,
        currency: order.currency,
        shipTo: order.shipTo,
        tracking: order.tracking,
        // The shop's words; the print provider's own reason goes to the owner only.
        reason: shopperReason(shopperEmailState(kind, shopperProgress(orderState(order)))),
        refundCents: row.amount_cents,
      },
      picture ? { artworkCid: ARTWORK_CID } : {},
    );
    return {
      messageId: row.message_id,
      to: { name: order.shipTo?.name ?? null, address: row.recipient },
      ...rendered,
      attachments: picture
        ? [
            {
              filename: 'your-shirt.png',
              content: picture,
              cid: ARTWORK_CID,
              contentType: 'image/png',
            },
          ]
        : [],
    };
  }

  /** Whether an earlier event's email to the same shopper is still on its way (not sent, not given up). */
  async function waitsForAnEarlierEmail(row: EmailRow & { event_id?: string | number | null }) {
    if (row.event_id === null || row.event_id === undefined) return false;
    const earlier = await app.db.query(
      `SELECT 1 FROM order_emails
       WHERE order_id = $1 AND audience = 'shopper' AND sent_at IS NULL
         AND event_id IS NOT NULL AND event_id < $2 AND attempts < $3
         AND queued_at > now() - interval '1 day'
       LIMIT 1`,
      [row.order_id, row.event_id, mail.attempts],
    );
    return earlier.length > 0;
  }

  await queue.work(async ({ data, lastTry }) => {
    const [row] = await app.db.query<EmailRow & { queued_at: Date }>(
      `SELECT e.*, ev.note FROM order_emails e LEFT JOIN order_events ev ON ev.id = e.event_id
       WHERE e.message_id = $1`,
      [data.messageId],
    );
    if (!row || row.sent_at !== null) return;
    const order = await orders.find(row.order_id);
    if (!order) return;
    if (row.audience === 'shopper' && (await waitsForAnEarlierEmail(row))) {
      // Told in the order of the events: this one goes once the earlier one is sent (or gave up).
      await queue.send(app.db, data, { startAfterSeconds: 1 });
      return;
    }
    try {
      await transport.send(
        row.audience === 'owner' ? composeOwnerAlert(row, order) : await compose(row, order),
      );
      await app.db.query(
        `UPDATE order_emails SET sent_at = now(), attempts = attempts + 1, last_error = NULL
         WHERE message_id = $1`,
        [row.message_id],
      );
      app.log.info({ orderId: order.id, email: row.kind }, 'order email sent');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await app.db.query(
        'UPDATE order_emails SET attempts = attempts + 1, last_error = $2 WHERE message_id = $1',
        [row.message_id, message.slice(0, 500)],
      );
      const log = { orderId: order.id, email: row.kind, err: error };
      if (lastTry) app.log.error(log, 'sending an order email gave up');
      else app.log.warn(log, 'sending an order email failed; retrying');
      throw error;
    }
  }, MAIL_WORKERS);

  app.decorate('orderMail', {
    transport: transport.kind,
    async enqueue(tx, order, kind, eventId, amountCents) {
      if (!order.email) {
        app.log.warn({ orderId: order.id, email: kind }, 'the order has no email address to tell');
        return;
      }
      const messageId = messageIdFor(order.id, `${kind}-${eventId}`, mail.from);
      const written = await tx.query(
        `INSERT INTO order_emails (message_id, order_id, event_id, kind, recipient, amount_cents)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (message_id) DO NOTHING RETURNING message_id`,
        [messageId, order.id, eventId, kind, order.email, amountCents ?? null],
      );
      if (written.length > 0) await queue.send(tx, { messageId } satisfies EmailJob);
    },
    async enqueueOwnerAlert(tx, order, reason, occasion, since) {
      const messageId = messageIdFor(order.id, `owner-${reason}-${occasion}`, mail.from);
      const written = await tx.query(
        `INSERT INTO order_emails (message_id, order_id, kind, recipient, audience, queued_at)
         VALUES ($1, $2, $3, $4, 'owner', $5) ON CONFLICT (message_id) DO NOTHING
         RETURNING message_id`,
        [messageId, order.id, reason, mail.ownerEmail, since.toISOString()],
      );
      if (written.length === 0) return false;
      await queue.send(tx, { messageId } satisfies EmailJob);
      app.log.warn({ orderId: order.id, reason }, 'the owner is told about an order');
      return true;
    },
    async resend(orderId, messageId) {
      return app.db.transaction(async (tx) => {
        const [copies] = await tx.query<{ count: string | number }>(
          'SELECT count(*) AS count FROM order_emails WHERE order_id = $1',
          [orderId],
        );
        // Another Message-ID, so that mail apps show it rather than fold it into the first.
        const copyId = messageIdFor(
          orderId,
          `resent-${Number(copies?.count ?? 0)}-${messageId}`,
          mail.from,
        );
        const written = await tx.query(
          `INSERT INTO order_emails (message_id, order_id, event_id, kind, recipient, audience)
           SELECT $3, order_id, event_id, kind, recipient, audience FROM order_emails
           WHERE message_id = $1 AND order_id = $2
           ON CONFLICT (message_id) DO NOTHING RETURNING message_id`,
          [messageId, orderId, copyId],
        );
        if (written.length === 0) return false;
        await queue.send(tx, { messageId: copyId } satisfies EmailJob);
        return true;
      });
    },
  } satisfies OrderMail);
}

export default fp(orderMailPlugin, {
  name: 'order-mail',
  dependencies: ['storage', 'job-queues', 'art-engine'],
  decorators: { fastify: ['appConfig'] },
});
