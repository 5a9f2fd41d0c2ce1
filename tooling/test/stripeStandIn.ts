/**
 * Stripe, played by the tests (server and browser alike): the parts of its API the store calls —
 * Checkout Sessions made (remembering what the store asked for), read back and found by
 * PaymentIntent, and refunds, made once per idempotency key as Stripe does (the same key answers
 * the same refund); either refused or left unanswered when a test says so (`sessionMode`,
 * `refundMode`) — and its signed webhooks, such as the `checkout.session.completed` Checkout sends
 * once the shopper paid.
 *
 * `startStripeStandIn()` serves it on a loopback port (`env` points the store at it);
 * `createStripeStandIn().handler` plugs it into a stand-in a test scripts itself.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startStandIn, type RecordedRequest } from './standInHttp';

/** A request as the stand-in received it. */
export type StripeRequest = RecordedRequest;

export interface StandInSession {
  id: string;
  orderId: string;
  paymentIntent: string;
  /** What the store asked for (the form it created the session with), echoed back as Stripe does. */
  request?: URLSearchParams;
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

/**
 * How POST /v1/checkout/sessions answers: `create` (a session, its page on Stripe's Checkout);
 * `refuse` (400, Stripe's words in `refusal`); `hang` (never answers: a time-out); `offSite` (a
 * session whose page is not on checkout.stripe.com, as a forged answer would have it).
 */
export type SessionMode = 'create' | 'refuse' | 'hang' | 'offSite';

/** What Stripe's Checkout collected from the shopper. */
export interface StripeCustomer {
  email: string;
  name: string;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  };
}

/** The test shopper of the store's other tests (helpers' SHIPPING_FORM), as Checkout collects it. */
export const STRIPE_CUSTOMER: StripeCustomer = {
  email: 'jane@example.com',
  name: 'Jane Doe',
  address: {
    line1: '1 Main St',
    line2: null,
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
    country: 'US',
  },
};

export interface StripeStandIn {
  handler(request: StripeRequest, response: ServerResponse): void;
  sessions: Map<string, StandInSession>;
  /** Refunds made, one per idempotency key. */
  refunds: Map<string, StandInRefund>;
  /** The Idempotency-Key of every POST /v1/refunds received, answered or not. */
  refundKeys: string[];
  refundMode: RefundMode;
  sessionMode: SessionMode;
  /** Stripe's words when it refuses (a refund, or a session). */
  refusal: { code: string; message: string };
  /** Waiting answers (refunds, sessions), ended by `releaseHanging` (or the stand-in's close). */
  releaseHanging(): void;
  /** A Checkout Session as Stripe would have made it for `orderId` (from the store's `request`). */
  sessionFor(orderId: string, request?: URLSearchParams): StandInSession;
  /** The Checkout Session the store created last. */
  lastSession(): StandInSession | undefined;
  /**
   * Stripe's `checkout.session.completed` for `session`, with the amounts Checkout would have
   * charged: the session's shirts, the shipping option for the customer's country, and `taxCents`
   * when the session asked for automatic tax.
   */
  completedEvent(session: StandInSession, customer?: StripeCustomer, taxCents?: number): unknown;
  /** The Checkout Session behind a payment link the store gave (Stripe's Checkout page). */
  sessionOfLink(paymentLinkURL: string): StandInSession;
}

/** A charge as Stripe's `charge.refunded` carries it: what was charged and what is refunded of it. */
export interface RefundedCharge {
  paymentIntent: string;
  /** What was charged, in cents. */
  amount: number;
  /** What is refunded of it so far, in cents: all of it unless said. */
  amountRefunded?: number;
  metadata?: Record<string, string>;
  /** Whether the charge is wholly refunded: when all of it is, unless said. */
  refunded?: boolean;
  /** The event's id (Stripe sends an event again under the same id). */
  eventId?: string;
}

/** Stripe's `charge.refunded` event, as it is sent when a refund is made in Stripe's dashboard. */
export function chargeRefundedEvent({
  paymentIntent,
  amount,
  amountRefunded = amount,
  metadata = {},
  refunded = amountRefunded === amount,
  eventId = `evt_${paymentIntent}_${amountRefunded}`,
}: RefundedCharge) {
  return {
    id: eventId,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${paymentIntent}`,
        object: 'charge',
        amount,
        amount_refunded: amountRefunded,
        currency: 'usd',
        payment_intent: paymentIntent,
        refunded,
        metadata,
      },
    },
  };
}

/** Sends a request to the store and answers as fetch does; `path` starts at the store's origin. */
export type SendToStore = (path: string, init?: RequestInit) => Promise<Response>;

const newStripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe-Signature for `payload`, as Stripe signs a webhook with the endpoint's `secret`. */
export function stripeSignature(payload: string, secret: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Sends `event` to the store's webhook as Stripe does: JSON, signed with the webhook `secret`. */
export function sendSignedWebhook(
  send: SendToStore,
  event: unknown,
  secret: string,
): Promise<Response> {
  const payload = JSON.stringify(event);
  return send('/creator/stripe/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, secret),
    },
    body: payload,
  });
}

/** The metadata the store gave a session (`metadata[name]` fields). */
function metadataOf(request: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    [...request.entries()].flatMap(([key, value]) => {
      const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
      return name === undefined ? [] : [[name, value]];
    }),
  );
}

/** The shipping options the store gave a session, each with its countries. */
function shippingOptionsOf(request: URLSearchParams) {
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
  return options;
}

/** What the session's shirts cost: unit amount × quantity. */
function subtotalOf(request: URLSearchParams): number {
  return (
    Number(request.get('line_items[0][price_data][unit_amount]')) *
    Number(request.get('line_items[0][quantity]'))
  );
}

/** The fields Stripe echoes from a session's creation: its metadata, its money, its options. */
function echoed(request: URLSearchParams | undefined) {
  if (!request) return {};
  return {
    currency: request.get('line_items[0][price_data][currency]'),
    amount_subtotal: subtotalOf(request),
    metadata: metadataOf(request),
    shipping_options: shippingOptionsOf(request),
    automatic_tax: { enabled: request.get('automatic_tax[enabled]') === 'true' },
  };
}

export function createStripeStandIn(): StripeStandIn {
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  const refundKeys: string[] = [];
  const hanging = new Set<ServerResponse>();
  let last: StandInSession | undefined;

  function sessionBody(session: StandInSession, page = 'https://checkout.stripe.com/c/pay') {
    return {
      id: session.id,
      object: 'checkout.session',
      url: `${page}/${session.id}`,
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

  const refuse = (response: ServerResponse) =>
    sendJson(response, 400, { error: { type: 'invalid_request_error', ...standIn.refusal } });

  function createSession(request: StripeRequest, response: ServerResponse): void {
    if (standIn.sessionMode === 'refuse') return refuse(response);
    if (standIn.sessionMode === 'hang') {
      hanging.add(response);
      return;
    }
    const form = new URLSearchParams(request.body);
    const orderId = form.get('metadata[order_id]') ?? '';
    last = standIn.sessionFor(orderId, form);
    const page = standIn.sessionMode === 'offSite' ? 'https://evil.example/pay' : undefined;
    sendJson(response, 200, sessionBody(last, page));
  }

  function createRefund(request: StripeRequest, response: ServerResponse): void {
    const key = String(request.headers['idempotency-key'] ?? '');
    refundKeys.push(key);
    if (standIn.refundMode === 'down') {
      return sendJson(response, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
    }
    if (standIn.refundMode === 'refuse') return refuse(response);
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
    sessionMode: 'create',
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
    lastSession: () => last,
    sessionOfLink(paymentLinkURL) {
      const session = sessions.get(paymentLinkURL.split('/').pop() ?? '');
      if (!session) throw new Error(`no Checkout Session behind ${paymentLinkURL}`);
      return session;
    },
    completedEvent(session, customer = STRIPE_CUSTOMER, taxCents = 0) {
      const form = session.request ?? new URLSearchParams();
      const subtotal = subtotalOf(form);
      const country = customer.address.country.toUpperCase();
      const option = shippingOptionsOf(form).find((each) =>
        (each.countries?.split(',') ?? []).includes(country),
      );
      const shipping = option?.amount ?? 0;
      const tax = form.get('automatic_tax[enabled]') === 'true' ? taxCents : 0;
      const inclusive = form.get('line_items[0][price_data][tax_behavior]') === 'inclusive';
      return {
        id: newStripeId('evt'),
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: session.id,
            object: 'checkout.session',
            payment_status: 'paid',
            payment_intent: session.paymentIntent,
            amount_subtotal: subtotal,
            total_details: { amount_discount: 0, amount_shipping: shipping, amount_tax: tax },
            amount_total: subtotal + shipping + (inclusive ? 0 : tax),
            currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
            client_reference_id: session.orderId,
            metadata: { ...metadataOf(form), order_id: session.orderId },
            customer_details: { email: customer.email },
            collected_information: {
              shipping_details: { name: customer.name, address: customer.address },
            },
          },
        },
      };
    },
    handler(request, response) {
      const url = new URL(request.url, 'http://stripe.test');
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        return createSession(request, response);
      }
      if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const intent = url.searchParams.get('payment_intent');
        const found = [...sessions.values()].filter((each) => each.paymentIntent === intent);
        return sendJson(response, 200, {
          object: 'list',
          data: found.map((each) => sessionBody(each)),
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

export interface RunningStripeStandIn extends StripeStandIn {
  url: string;
  /** The store's settings for this stand-in: a test key, the webhook secret, the API's address. */
  env: Record<string, string>;
  /** The secret the store verifies this stand-in's webhooks with. */
  webhookSecret: string;
  /** Every request the store sent, in order. */
  requests: StripeRequest[];
  /** The id of the Checkout Session the store created last. */
  readonly sessionId: string;
  /** The form the store last created a Checkout Session with. */
  sessionRequest(): URLSearchParams | undefined;
  /**
   * Sends the signed `checkout.session.completed` of the last session to the store at `storeUrl`
   * (for `orderId`, its order), as `completedEvent` makes it.
   */
  sendCompleted(
    storeUrl: string,
    orderId: string,
    customer?: StripeCustomer,
    taxCents?: number,
  ): Promise<Response>;
  /** Sends `event` to the store through `send`, signed as this stand-in signs its webhooks. */
  sendEvent(send: SendToStore, event: unknown): Promise<Response>;
  close(): Promise<void>;
}

/** The stand-in on a loopback port of its own. */
export async function startStripeStandIn(): Promise<RunningStripeStandIn> {
  const standIn = createStripeStandIn();
  const webhookSecret = 'whsec_test_0123456789';
  const { url, requests, close } = await startStandIn(standIn.handler);
  const lastSession = () => {
    const session = standIn.lastSession();
    if (!session) throw new Error('The store has created no Checkout Session yet');
    return session;
  };
  const running = Object.assign(standIn, {
    url,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standIn',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: url,
    },
    webhookSecret,
    requests,
    sessionRequest: () => standIn.lastSession()?.request,
    sendCompleted(storeUrl: string, orderId: string, customer?: StripeCustomer, taxCents = 0) {
      const session = { ...lastSession(), orderId };
      return sendSignedWebhook(
        (path, init) => fetch(`${storeUrl}${path}`, init),
        standIn.completedEvent(session, customer, taxCents),
        webhookSecret,
      );
    },
    sendEvent: (send: SendToStore, event: unknown) => sendSignedWebhook(send, event, webhookSecret),
    close() {
      standIn.releaseHanging();
      return close();
    },
  });
  // Read when asked: the store creates its session after the stand-in has started.
  return Object.defineProperty(running, 'sessionId', {
    get: () => lastSession().id,
  }) as typeof running & {
    readonly sessionId: string;
  };
}
