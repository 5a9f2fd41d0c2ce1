/**
 * The parts of Stripe's API the store calls, played on a stand-in (standIn.ts): Checkout Sessions
 * made, read back and found by PaymentIntent, and refunds, made once per idempotency key as Stripe
 * does (the same key answers the same refund), refused or left unanswered when a test says so.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { sendJson } from '@tshirt/tooling/test/standInHttp';
import type { SendRequest } from './helpers';
import type { RecordedRequest, StandInHandler } from './standIn';

export interface StandInSession {
  id: string;
  orderId: string;
  paymentIntent: string;
  /** What the store asked for (the form it created the session with), echoed back as Stripe does. */
  request?: URLSearchParams;
}

/** The fields Stripe echoes from a session's creation: its metadata, its money, its options. */
function echoed(request: URLSearchParams | undefined) {
  if (!request) return {};
  const unit = Number(request.get('line_items[0][price_data][unit_amount]'));
  const quantity = Number(request.get('line_items[0][quantity]'));
  const metadata = Object.fromEntries(
    [...request.entries()].flatMap(([key, value]) => {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      return name === undefined ? [] : [[name, value]];
    }),
  );
  const options = [];
  for (
    let index = 0;
    request.has(`shipping_options[${index}][shipping_rate_data][type]`);
    index++
  ) {
    const field = (name: string) =>
      request.get(`shipping_options[${index}][shipping_rate_data]${name}`);
    options.push({
      shipping_rate: `shr_test_${index}`,
      display_name: field('[display_name]'),
      amount: Number(field('[fixed_amount][amount]')),
      tax_behavior: field('[tax_behavior]'),
      countries: field('[metadata][countries]'),
    });
  }
  return {
    currency: request.get('line_items[0][price_data][currency]'),
    amount_subtotal: unit * quantity,
    metadata,
    shipping_options: options,
    automatic_tax: { enabled: request.get('automatic_tax[enabled]') === 'true' },
  };
}

export interface StandInRefund {
  id: string;
  paymentIntent: string;
  amount: number;
  idempotencyKey: string;
}

/**
 * How POST /v1/refunds answers: `succeed`; `refuse` (400, Stripe's words in `refusal`); `hang`
 * (makes the refund, then never answers: a time-out after Stripe acted); `down` (500).
 */
export type RefundMode = 'succeed' | 'refuse' | 'hang' | 'down';

export interface StripeStandIn {
  handler: StandInHandler;
  sessions: Map<string, StandInSession>;
  /** Refunds made, one per idempotency key. */
  refunds: Map<string, StandInRefund>;
  /** The Idempotency-Key of every POST /v1/refunds received, answered or not. */
  refundKeys: string[];
  refundMode: RefundMode;
  refusal: { code: string; message: string };
  /** Waiting refund answers, ended by `releaseHanging` (or the stand-in's close). */
  releaseHanging(): void;
  /** A Checkout Session as Stripe would have made it for `orderId` (from the store's `request`). */
  sessionFor(orderId: string, request?: URLSearchParams): StandInSession;
}

const newStripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

const signer = new Stripe('sk_test_unused');

/** Sends `event` to the store's webhook as Stripe does: JSON, signed with the webhook `secret`. */
export function sendSignedWebhook(
  request: SendRequest,
  event: unknown,
  secret: string,
): Promise<Response> {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return request('/creator/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

export function createStripeStandIn(): StripeStandIn {
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  const refundKeys: string[] = [];
  const hanging = new Set<ServerResponse>();

  function sessionBody(session: StandInSession) {
    return {
      id: session.id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${session.id}`,
      payment_intent: session.paymentIntent,
      client_reference_id: session.orderId,
      metadata: { order_id: session.orderId },
      ...echoed(session.request),
    };
  }

  function refundBody(refund: StandInRefund) {
    return {
      id: refund.id,
      object: 'refund',
      amount: refund.amount,
      payment_intent: refund.paymentIntent,
      status: 'succeeded',
    };
  }

  function createRefund(request: RecordedRequest, response: ServerResponse): void {
    const key = String(request.headers['idempotency-key'] ?? '');
    refundKeys.push(key);
    if (standIn.refundMode === 'down') {
      return sendJson(response, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
    }
    if (standIn.refundMode === 'refuse') {
      return sendJson(response, 400, {
        error: { type: 'invalid_request_error', ...standIn.refusal },
      });
    }
    const form = new URLSearchParams(request.body);
    let refund = refunds.get(key);
    if (!refund) {
      refund = {
        id: newStripeId('re'),
        paymentIntent: form.get('payment_intent') ?? '',
        amount: Number(form.get('amount')),
        idempotencyKey: key,
      };
      refunds.set(key, refund);
    }
    if (standIn.refundMode === 'hang') {
      hanging.add(response);
      return;
    }
    sendJson(response, 200, refundBody(refund));
  }

  const standIn: StripeStandIn = {
    sessions,
    refunds,
    refundKeys,
    refundMode: 'succeed',
    refusal: {
      code: 'charge_already_refunded',
      message: 'Charge ch_test_1 has already been refunded.',
    },
    releaseHanging() {
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    sessionFor(orderId, request) {
      const session = { id: newStripeId('cs'), orderId, paymentIntent: newStripeId('pi'), request };
      sessions.set(session.id, session);
      return session;
    },
    handler(request, response) {
      const url = new URL(request.url, 'http://stripe.test');
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const form = new URLSearchParams(request.body);
        const orderId = form.get('metadata[order_id]') ?? '';
        return sendJson(response, 200, sessionBody(standIn.sessionFor(orderId, form)));
      }
      if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const intent = url.searchParams.get('payment_intent');
        const found = [...sessions.values()].filter((each) => each.paymentIntent === intent);
        return sendJson(response, 200, {
          object: 'list',
          data: found.map(sessionBody),
          has_more: false,
        });
      }
      const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && session) {
        const found = sessions.get(decodeURIComponent(session[1] as string));
        return found
          ? sendJson(response, 200, sessionBody(found))
          : sendJson(response, 404, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such checkout.session',
              },
            });
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        return createRefund(request, response);
      }
      sendJson(response, 404, { error: { type: 'invalid_request_error', message: 'No route' } });
    },
  };
  return standIn;
}
