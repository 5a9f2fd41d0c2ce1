/**
 * What a test does to the store over HTTP, written once for server and browser tests: place an
 * order through the checkout route, pay it on the built-in test page or through Stripe, sign in to
 * the owner's desk; and the stand-ins of the outside services a store talks to, started together.
 * Each takes a `send` — `injectAsFetch(app)` in a server test, `sendTo(store.url)` against a
 * store server — and expects the store's usual answer, so a test that needs another one sends its
 * own request.
 */
import { randomBytes } from 'node:crypto';
import { PREMADE_DESIGNS, PRODUCT_NAME } from '@tshirt/shared/catalog';
import {
  printProviderEnv,
  startPrintProviderStandIn,
  type PrintProviderStandIn,
} from './printProviderStandIn';
import { startSmtpStandIn, type SmtpStandIn } from './smtpStandIn';
import { startStoreServer, type StoreServer } from './storeServer';
import {
  startStripeStandIn,
  type RunningStripeStandIn,
  type StandInSession,
  type StripeStandIn,
} from './stripeStandIn';

type PrintProviderOptions = NonNullable<Parameters<typeof startPrintProviderStandIn>[0]>;

/** Sends a request to the store and answers as fetch does; `path` starts at the store's origin. */
export type SendRequest = (path: string, init?: RequestInit) => Promise<Response>;

/** Requests over a socket to the store at `origin`, with fetch. */
export function sendTo(origin: string): SendRequest {
  return (path, init) => fetch(`${origin}${path}`, init);
}

/** A fresh random client IP (sent as X-Forwarded-For) so tests do not share a daily quota. */
export function newVisitor(): { 'x-forwarded-for': string } {
  const [a, b, c] = randomBytes(3);
  return { 'x-forwarded-for': `10.${a}.${b}.${c}` };
}

export function query(params: Record<string, string | number>): string {
  return Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** Two navy women's XL shirts of a premade design: an order the store takes as it is. */
export const VALID_ORDER = {
  productName: PRODUCT_NAME,
  quantity: 2,
  shirtStyle: "Women's",
  shirtColor: 'Navy',
  shirtSize: 'XL',
  imageURL: PREMADE_DESIGNS[3]!.imagePath,
  prompt: '',
} as const;

/** Where the test shopper ships: the test payment page's form, filled in. */
export const SHIPPING_FORM = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  line1: '1 Main St',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  country: 'US',
} as const;

/** Where the test shopper's order ships: SHIPPING_FORM's address, as the store keeps it. */
export const SHIP_TO = (({ email: _email, ...address }) => address)(SHIPPING_FORM);

/** What to order (VALID_ORDER unless said) and the headers to send (a new visitor's unless said). */
export interface CheckoutOptions {
  order?: Record<string, string | number>;
  headers?: Record<string, string>;
}

/**
 * The checkout request for `order`, its answer as it comes: for a test that reads a refusal (a
 * full disk's 503, a stopping server's) as well as the order.
 */
export function sendCheckout(
  send: SendRequest,
  { order = VALID_ORDER, headers = newVisitor() }: CheckoutOptions = {},
): Promise<Response> {
  return send(`/creator/checkout?${query(order)}`, { method: 'POST', headers });
}

/**
 * Places `order` (VALID_ORDER) through the checkout route as a new visitor (or with `headers`);
 * its payment link (`/pay/<secret>` on the test page, Stripe's Checkout page with Stripe).
 */
export async function placeOrder(
  send: SendRequest,
  options: CheckoutOptions = {},
): Promise<string> {
  const answer = await sendCheckout(send, options);
  if (answer.status !== 200) {
    throw new Error(`the checkout answered ${answer.status}: ${await answer.text()}`);
  }
  return ((await answer.json()) as { paymentLinkURL: string }).paymentLinkURL;
}

/** Pays an order on the built-in test page with SHIPPING_FORM (or `form`); the page's answer. */
export function payOnTestPage(
  send: SendRequest,
  paymentLinkURL: string,
  form: Record<string, string> = SHIPPING_FORM,
): Promise<Response> {
  return send(paymentLinkURL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
    redirect: 'manual',
  });
}

/** An order placed and paid on the test page; its payment link. */
export async function placePaidOrder(
  send: SendRequest,
  options: CheckoutOptions = {},
): Promise<string> {
  const paymentLinkURL = await placeOrder(send, options);
  const paid = await payOnTestPage(send, paymentLinkURL);
  if (paid.status !== 303) throw new Error(`the test payment page answered ${paid.status}`);
  return paymentLinkURL;
}

/**
 * Places an order on a store that takes payment through Stripe (`stripe`, its stand-in): the
 * Checkout Session the store made for it, which names the order and its PaymentIntent.
 */
export async function placeStripeOrder(
  send: SendRequest,
  stripe: Pick<StripeStandIn, 'sessionOfLink'>,
  options: CheckoutOptions = {},
): Promise<StandInSession> {
  return stripe.sessionOfLink(await placeOrder(send, options));
}

/** The name of the owner's desk session cookie. */
export const DESK_SESSION_COOKIE = 'desk_session';

/** The desk session cookie an answer sets (`name=value`), if it sets one. */
export function deskSessionCookieOf(answer: Response): string | undefined {
  const header = answer.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${DESK_SESSION_COOKIE}=`));
  return header?.split(';')[0];
}

/**
 * Signs in to the owner's desk with `token`, as its own page's form does (same-origin), from a new
 * visitor's address (or with `headers`); the session cookie.
 */
export async function signInToDesk(
  send: SendRequest,
  token: string,
  headers: Record<string, string> = newVisitor(),
): Promise<string> {
  const answer = await send('/admin/sign-in', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams({ token }).toString(),
    redirect: 'manual',
  });
  const cookie = deskSessionCookieOf(answer);
  if (answer.status !== 303 || !cookie) {
    throw new Error(`signing in to the desk answered ${answer.status} with no session`);
  }
  return cookie;
}

/** Which outside services a store talks to, each played by its one stand-in in tooling/test. */
export interface StandInChoice {
  /** Stripe's API and its signed webhooks (stripeStandIn.ts). */
  stripe?: boolean;
  /** The print provider (printProviderStandIn.ts): `true`, or its options. */
  printProvider?: boolean | PrintProviderOptions;
  /** A mail server (smtpStandIn.ts). */
  smtp?: boolean;
}

/** The stand-ins started for a store: those not chosen throw when used. */
export interface StandIns {
  readonly stripe: RunningStripeStandIn;
  readonly printProvider: PrintProviderStandIn;
  readonly smtp: SmtpStandIn;
  /** The store's settings that point it at the stand-ins. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** Starts the chosen stand-ins. */
export async function startStandIns(choice: StandInChoice): Promise<StandIns> {
  const stripe = choice.stripe ? await startStripeStandIn() : undefined;
  const printProvider = choice.printProvider
    ? await startPrintProviderStandIn(choice.printProvider === true ? {} : choice.printProvider)
    : undefined;
  const smtp = choice.smtp ? await startSmtpStandIn() : undefined;
  const chosen = <T>(standIn: T | undefined, name: string): T => {
    if (!standIn) throw new Error(`no ${name} stand-in was chosen for this store`);
    return standIn;
  };
  return {
    get stripe() {
      return chosen(stripe, 'Stripe');
    },
    get printProvider() {
      return chosen(printProvider, 'print provider');
    },
    get smtp() {
      return chosen(smtp, 'SMTP');
    },
    env: () => ({
      ...stripe?.env,
      ...(printProvider && printProviderEnv(printProvider)),
      ...(smtp && { SMTP_URL: smtp.url }),
    }),
    async close() {
      await stripe?.close();
      await printProvider?.close();
      await smtp?.close();
    },
  };
}

/** A store server process and the stand-ins it talks to. */
export interface StoreWithStandIns extends Omit<StandIns, 'close'> {
  readonly server: StoreServer;
}

/**
 * For a browser test file or block: before its tests, starts the chosen stand-ins and the store's
 * server pointed at them (`env` on top), the print provider fetching print files from it; after
 * them, stops the store, then the stand-ins. `env` is a function when it needs something set up
 * first (a data folder).
 */
export function withStoreServerAndStandIns(
  choice: StandInChoice,
  env: Record<string, string> | (() => Record<string, string>) = {},
): StoreWithStandIns {
  let standIns: StandIns | undefined;
  let server: StoreServer | undefined;
  beforeAll(async () => {
    standIns = await startStandIns(choice);
    server = await startStoreServer({
      ...standIns.env(),
      ...(typeof env === 'function' ? env() : env),
    });
    if (choice.printProvider) standIns.printProvider.storeOrigin = server.url;
  });
  afterAll(async () => {
    await server?.stop();
    await standIns?.close();
  });
  const started = () => {
    if (!standIns || !server) throw new Error('the store starts in beforeAll: use it in a test');
    return { standIns, server };
  };
  return {
    get server() {
      return started().server;
    },
    get stripe() {
      return started().standIns.stripe;
    },
    get printProvider() {
      return started().standIns.printProvider;
    },
    get smtp() {
      return started().standIns.smtp;
    },
    env: () => started().standIns.env(),
  };
}
