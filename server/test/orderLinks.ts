/** The order a payment link is for: the link carries a secret, not the order number. */
import type { FastifyInstance } from 'fastify';
import { PAGE_PATHS } from '@tshirt/shared/routes';
import type { StripeStandIn } from '@tshirt/tooling/test/stripeStandIn';
import {
  payOnTestPage,
  placeOrder,
  placePaidOrder,
  placeStripeOrder,
  sendTo,
  SHIPPING_FORM,
  type SendRequest,
} from '@tshirt/tooling/test/storeRequests';
import type { Queryable } from '../src/storage/database';

const PAYMENT_PATH = /^\/pay\/([\w-]+)$/;

/** The order number of the order a built-in payment link (`/pay/<secret>`) is for. */
export async function orderIdOfPaymentLink(db: Queryable, paymentLinkURL: string): Promise<string> {
  const token = PAYMENT_PATH.exec(paymentLinkURL)?.[1];
  if (!token) throw new Error(`${paymentLinkURL} is not a link to the built-in payment page`);
  const [row] = await db.query<{ id: string }>('SELECT id FROM orders WHERE payment_token = $1', [
    token,
  ]);
  if (!row) throw new Error(`no order has the payment link ${paymentLinkURL}`);
  return row.id;
}

/** The order number the built-in payment page at `paymentLinkURL` shows. */
export async function orderNumberOnPaymentPage(
  storeUrl: string,
  paymentLinkURL: string,
): Promise<string> {
  const page = await fetch(`${storeUrl}${paymentLinkURL}`);
  const number = /TW-\d{4}-\d{4}/.exec(await page.text())?.[0];
  if (page.status !== 200 || !number) {
    throw new Error(`${paymentLinkURL} answered ${page.status} without an order number`);
  }
  return number;
}

/**
 * An order placed and paid on the test page of the store at `storeUrl` (over a socket: a server
 * process, whose database a test cannot read while it runs), the shopper filling in `form`: its
 * number, as the payment page shows it, and the token of its page, from the payment's redirect to
 * the complete page.
 */
export async function placePaidOrderAt(
  storeUrl: string,
  form: Record<string, string> = SHIPPING_FORM,
): Promise<{ id: string; token: string }> {
  const send = sendTo(storeUrl);
  const paymentLinkURL = await placeOrder(send);
  const id = await orderNumberOnPaymentPage(storeUrl, paymentLinkURL);
  const paid = await payOnTestPage(send, paymentLinkURL, form);
  const complete = new URL(paid.headers.get('location') ?? '', storeUrl);
  const token = complete.searchParams.get('token');
  if (paid.status !== 303 || complete.pathname !== PAGE_PATHS.complete || !token) {
    throw new Error(`paying ${id} answered ${paid.status} to ${paid.headers.get('location')}`);
  }
  return { id, token };
}

/** A pending order placed through the checkout route (helpers' placeOrder): its number and link. */
export async function placedOrder(
  send: SendRequest,
  db: Queryable,
  options?: Parameters<typeof placeOrder>[1],
): Promise<{ id: string; paymentLinkURL: string }> {
  const paymentLinkURL = await placeOrder(send, options);
  return { id: await orderIdOfPaymentLink(db, paymentLinkURL), paymentLinkURL };
}

/** An order placed and paid on the test page (helpers' placePaidOrder); its number. */
export async function paidOrderId(send: SendRequest, db: Queryable): Promise<string> {
  return orderIdOfPaymentLink(db, await placePaidOrder(send));
}

/**
 * An order placed on `app` (through `send`, the file's app by default) and paid through Stripe's
 * Checkout, the stand-in's session standing for the payment: the order is paid as the webhook
 * would have it, shipping to SHIPPING_FORM. Its number and PaymentIntent.
 */
export async function paidThroughStripe(
  app: FastifyInstance,
  stripe: Pick<StripeStandIn, 'sessionOfLink'>,
  send: SendRequest,
): Promise<{ id: string; paymentIntent: string }> {
  const session = await placeStripeOrder(send, stripe);
  await app.orderFulfillment.orderPaid(session.orderId, {
    reference: session.id,
    shipping: { ...SHIPPING_FORM },
  });
  return { id: session.orderId, paymentIntent: session.paymentIntent };
}

/** The kinds of the emails written for the order's shopper, oldest first. */
export async function shopperEmailKinds(db: Queryable, id: string): Promise<string[]> {
  const rows = await db.query<{ kind: string }>(
    `SELECT kind FROM order_emails WHERE order_id = $1 AND audience = 'shopper'
     ORDER BY queued_at, message_id`,
    [id],
  );
  return rows.map((row) => row.kind);
}

/** Whether every email written for the order has been sent (none waits in the queue). */
export async function everyEmailSent(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ sent_at: Date | null }>(
    'SELECT sent_at FROM order_emails WHERE order_id = $1',
    [id],
  );
  return rows.every((row) => row.sent_at !== null);
}
