/**
 * The owner's desk at `/admin`: server-rendered pages behind a session cookie (plugins/external/
 * session, kept in `owner_sessions`). Signing in takes the owner token once, in a form; every
 * action is a POST form that the owner actions (`app.ownerActions`) carry out and write to the
 * order's history, answered with a redirect back to the order and a message. Cross-site posts are
 * refused by plugins/app/crossSiteRequests like every state-changing request, and the cookie is
 * SameSite=Strict besides.
 */
import type { FastifySessionObject } from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { formatPrice } from '@tshirt/shared/catalog';
import {
  checkCancellation,
  checkNote,
  checkPartRefund,
  checkTracking,
  readDeskForm,
  type DeskFlash,
  type DeskForm,
} from '../../desk/deskForms';
import { DESK_PAGE_SOURCES } from '../../desk/deskLayout';
import { DESK_PATHS, DESK_ROOT, deskOrderPath, type DeskAction } from '../../desk/deskPaths';
import { MAX_ORDERS_IN_RANGE, ordersPlacedBetween } from '../../desk/deskQueries';
import {
  DESK_CSV_PATH,
  placedBetween,
  readOrderFilter,
  type OrderFilter,
} from '../../desk/orderFilter';
import { addOrderNote, orderNotes } from '../../desk/orderNotes';
import { ordersCsv } from '../../desk/ordersCsv';
import { failedOrderEmails, orderEmailLog } from '../../mail/orderEmailLog';
import { orderPage } from '../../desk/orderPage';
import { NEEDS_ATTENTION, actionsFor } from '../../desk/orderLists';
import { ordersPage, type AttentionItem } from '../../desk/ordersPage';
import { createOwnerSessionStore } from '../../desk/ownerSessionStore';
import { createSignInFailures, sessionSecret, tokenMatches } from '../../http/ownerToken';
import { deskClosedPage, deskErrorPage, signInPage } from '../../desk/signInPage';
import { HttpError, notFound } from '../../http/httpError';
import { securityHeaders } from '../../http/securityHeaders';
import { OwnerActionRefused } from '../../orders/ownerActions';
import { EARNINGS_DAYS } from '../../orders/orderEarnings';
import { orderState, type Applied, type Order } from '../../orders/ordersRepository';
import { checkAddressCorrection } from '../../payments/shippingForm';
import session from '../../plugins/external/session';
import { isOrderId } from '../../orders/orderNumber';

declare module 'fastify' {
  interface Session {
    /** Set once the owner token was given, in a session made new at that moment. */
    owner?: boolean;
    /** The outcome of the last form, shown once on the next page. */
    flash?: DeskFlash;
  }
}

export const DESK_SESSION_COOKIE = 'desk_session';
/** A session ends this long after sign-in, however busy the owner is. */
export const DESK_SESSION_HOURS = 8;
/** Sign-in tries per address and minute, right or wrong. */
export const SIGN_IN_PER_MINUTE = 5;
/** Wrong tokens from one address before it is locked out until the window ends. */
export const WRONG_TOKENS_ALLOWED = 5;
export const WRONG_TOKEN_WINDOW_MS = 15 * 60_000;
/** Orders a list shows at most. */
export const DESK_LIST_LIMIT = 100;

const first = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : '';

const waitWords = (seconds: number) =>
  seconds <= 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;

/** An order's desk page to go to after signing in; anything else (another site, say) is ignored. */
function deskPageOrNothing(path: unknown): string | undefined {
  const text = first(path);
  const prefix = '/admin/orders/';
  return text.startsWith(prefix) && isOrderId(text.slice(prefix.length)) ? text : undefined;
}

/** Whether the request comes with the owner's session (none before the session is read). */
function isOwner(request: FastifyRequest): boolean {
  return (request.session as FastifySessionObject | null)?.owner === true;
}

/** The desk's words for the refusals its pages can meet. */
function errorWords(error: HttpError): [heading: string, message: string] {
  switch (error.code) {
    case 'cross_site_request':
      return [
        'Refused: this came from another site',
        'This form was sent from another site’s page, so nothing was done. Use the desk’s own pages.',
      ];
    case 'rate_limited':
    case 'too_many_sign_in_attempts':
      return ['Too many sign-in attempts', error.message];
    case 'not_found':
      return ['No such order', 'There is no order with this number.'];
    default:
      return ['Something went wrong', error.message];
  }
}

async function deskRoutes(app: FastifyInstance) {
  const { adminToken, publicUrl, shippingCountries, frontEnd, shopTimeZone, mail } = app.appConfig;
  /** What every desk page is framed with: the brand, and the time zone its moments read in. */
  const frame = { brandName: frontEnd.brandName, timeZone: shopTimeZone };
  const headers = securityHeaders(publicUrl);

  function sendPage(reply: FastifyReply, html: string) {
    return reply
      .headers(headers)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', app.pagePolicy(DESK_PAGE_SOURCES))
      .send(html);
  }

  if (!adminToken) {
    app.get(DESK_PATHS.desk, (_request, reply) => sendPage(reply.code(404), deskClosedPage(frame)));
    return;
  }

  const secure = new URL(publicUrl).protocol === 'https:';
  await app.register(session, {
    cookieName: DESK_SESSION_COOKIE,
    secret: sessionSecret(adminToken),
    path: DESK_ROOT,
    secure,
    maxAgeMs: DESK_SESSION_HOURS * 3600_000,
    store: createOwnerSessionStore(app.db, DESK_SESSION_HOURS * 3600_000),
  });
  const failures = createSignInFailures({
    limit: WRONG_TOKENS_ALLOWED,
    windowMs: WRONG_TOKEN_WINDOW_MS,
  });
  const { orders } = app.repositories;
  const { ownerActions } = app;

  // The desk's forms are the only bodies it reads.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, readDeskForm(body as string)),
  );

  // Refusals as desk pages; anything else is answered by the app's own handler.
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof HttpError)) throw error;
    reply.headers(error.headers);
    const [heading, message] = errorWords(error);
    return sendPage(
      reply.code(error.statusCode),
      deskErrorPage(frame, heading, message, isOwner(request)),
    );
  });

  app.addHook('onReady', async () => {
    app.log.info(
      `the owner's desk is at ${publicUrl}${DESK_ROOT} (its token: ADMIN_TOKEN, or when unset the adminToken in DATA_DIR/server-instance.json)`,
    );
  });

  async function attentionItems(): Promise<AttentionItem[]> {
    const [waiting, stuck] = await Promise.all([
      orders.listInStates(NEEDS_ATTENTION, DESK_LIST_LIMIT),
      app.stuckOrders.list(),
    ]);
    const stuckSince = new Map(stuck.map((each) => [each.order.id, each.since]));
    const items: AttentionItem[] = waiting.map((order) => ({
      order,
      stuckSince: stuckSince.get(order.id),
    }));
    const listed = new Set(waiting.map((order) => order.id));
    for (const each of stuck) {
      if (!listed.has(each.order.id)) items.push({ order: each.order, stuckSince: each.since });
    }
    return items;
  }

  /** The orders a filter shows, `limit` at most. */
  async function listOrders(filter: OrderFilter, limit: number): Promise<Order[]> {
    if (filter.search) return orders.search(filter.search, limit);
    if (!filter.from && !filter.to) return orders.listInStates(filter.list.states, limit);
    return ordersPlacedBetween(app.db, {
      states: filter.list.states,
      ...placedBetween(filter, shopTimeZone),
      limit,
    });
  }

  app.get(DESK_PATHS.desk, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (!isOwner(request)) {
      const notice = 'signed-out' in query ? 'You are signed out.' : undefined;
      return sendPage(reply, signInPage(frame, { notice, next: deskPageOrNothing(query.next) }));
    }
    const filter = readOrderFilter(query);
    const [counts, listed, attention, failedEmails, earnings] = await Promise.all([
      orders.countByState(),
      listOrders(filter, DESK_LIST_LIMIT),
      attentionItems(),
      failedOrderEmails(app.db, mail.attempts, DESK_LIST_LIMIT),
      filter.search ? [] : orders.dailyEarnings(EARNINGS_DAYS),
    ]);
    return sendPage(
      reply,
      ordersPage({
        ...frame,
        filter,
        counts,
        orders: listed,
        limit: DESK_LIST_LIMIT,
        attention,
        failedEmails,
        earnings,
      }),
    );
  });

  app.post<{ Body: DeskForm | undefined }>(
    DESK_PATHS.signIn,
    { config: { rateLimit: { max: SIGN_IN_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      const address = request.ip;
      const tooMany = (seconds: number) =>
        new HttpError(
          429,
          'too_many_sign_in_attempts',
          `Too many wrong tokens came from this address. Wait ${waitWords(seconds)} before you try again.`,
          { 'retry-after': String(seconds) },
        );
      const locked = failures.lockedFor(address);
      if (locked > 0) throw tooMany(locked);
      if (secure && request.protocol !== 'https') {
        // The cookie would be Secure, and the browser would never send it back over plain http.
        request.log.warn('a desk sign-in over http while PUBLIC_URL is https: is TRUST_PROXY set?');
        throw new HttpError(
          400,
          'insecure_sign_in',
          'The store’s address (PUBLIC_URL) is https, but this request reached the server over http. If a proxy ends TLS in front of the server, set TRUST_PROXY so the server believes its X-Forwarded-Proto.',
        );
      }
      if (!tokenMatches(request.body?.token ?? '', adminToken)) {
        const lockedNow = failures.record(address);
        request.log.warn({ address }, 'a wrong owner token was given at the desk');
        if (lockedNow > 0) throw tooMany(lockedNow);
        return sendPage(
          reply.code(401),
          signInPage(frame, {
            error: 'That is not the owner token. Check it and try again.',
            next: deskPageOrNothing(request.body?.next),
          }),
        );
      }
      failures.clear(address);
      // A new session id at sign-in: a session id planted before it is worth nothing after.
      await request.session.regenerate();
      request.session.set('owner', true);
      request.log.info('the owner signed in to the desk');
      return reply.redirect(deskPageOrNothing(request.body?.next) ?? DESK_PATHS.desk, 303);
    },
  );

  app.post(DESK_PATHS.signOut, async (request, reply) => {
    if (request.session) await request.session.destroy();
    reply.clearCookie(DESK_SESSION_COOKIE, { path: DESK_ROOT });
    return reply.redirect(`${DESK_PATHS.desk}?signed-out`, 303);
  });

  // Everything below is the owner's alone: anyone else is sent to the sign-in form, told nothing.
  async function ownerPages(owner: FastifyInstance) {
    owner.addHook('onRequest', async (request, reply) => {
      if (isOwner(request)) return;
      // A page asked for (a link in the owner's email) is opened once signed in.
      const page = request.method === 'GET' ? deskPageOrNothing(request.url) : undefined;
      return reply.redirect(
        page ? `${DESK_PATHS.desk}?next=${encodeURIComponent(page)}` : DESK_PATHS.desk,
        303,
      );
    });

    async function existing(id: string): Promise<Order> {
      const order = isOrderId(id) ? await orders.find(id) : undefined;
      if (!order) throw notFound('There is no order with this number.');
      return order;
    }

    owner.get(DESK_CSV_PATH, async (request, reply) => {
      const filter = readOrderFilter(request.query as Record<string, unknown>);
      const listed = await listOrders({ ...filter, search: '' }, MAX_ORDERS_IN_RANGE);
      return reply
        .headers(headers)
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="orders-${filter.list.key}${filter.from ? `-from-${filter.from}` : ''}${filter.to ? `-to-${filter.to}` : ''}.csv"`,
        )
        .send(ordersCsv(listed, shopTimeZone));
    });

    owner.get<{ Params: { id: string } }>(DESK_PATHS.order, async (request, reply) => {
      const order = await existing(request.params.id);
      const [history, emails, notes] = await Promise.all([
        orders.history(order.id),
        orderEmailLog(app.db, order.id),
        orderNotes(app.db, order.id),
      ]);
      const flash = request.session.get('flash');
      if (flash) request.session.set('flash', undefined);
      const actions = actionsFor(orderState(order), {
        hasPrintProvider: app.appConfig.printProvider.kind !== 'none',
        hasEmail: order.email !== null,
      });
      return sendPage(
        reply,
        orderPage({
          ...frame,
          order,
          history,
          emails,
          notes,
          actions,
          countries: shippingCountries,
          flash,
        }),
      );
    });

    /** A desk action: its form checked, then the owner action; the outcome said on the order's page. */
    function action(name: DeskAction, run: (order: Order, form: DeskForm) => Promise<DeskFlash>) {
      owner.post<{ Params: { id: string }; Body: DeskForm | undefined }>(
        `${DESK_PATHS.order}/${name}`,
        async (request, reply) => {
          const order = await existing(request.params.id);
          let flash: DeskFlash;
          try {
            flash = await run(order, request.body ?? {});
          } catch (error) {
            if (!(error instanceof OwnerActionRefused)) throw error;
            flash = { kind: 'error', message: error.message };
          }
          request.log.info(
            { orderId: order.id, action: name, outcome: flash.kind },
            'the owner acted at the desk',
          );
          request.session.set('flash', flash);
          return reply.redirect(deskOrderPath(order.id), 303);
        },
      );
    }

    const refused = (
      form: DeskFlash['form'],
      message: string,
      fields: Record<string, string>,
      values: DeskForm,
    ): DeskFlash => ({
      kind: 'error',
      message,
      form,
      fields,
      values: { ...values },
    });
    const stateAfter = (applied: Applied) =>
      applied.order ? orderState(applied.order) : undefined;

    action('resubmit', async (order) => {
      await ownerActions.resubmit(order.id);
      return {
        kind: 'success',
        message: `Order ${order.id} is on its way to the print provider again.`,
      };
    });

    action('address', async (order, form) => {
      const checked = checkAddressCorrection(form, order.email, shippingCountries);
      if (!checked.ok) {
        return refused(
          'address',
          checked.refusal.error.message,
          checked.refusal.error.fields,
          form,
        );
      }
      const applied = await ownerActions.correctAddress(order.id, checked.shipTo);
      return {
        kind: 'success',
        message:
          stateAfter(applied) === 'ready_to_print'
            ? 'The address is saved; the order is ready to print.'
            : 'The address is saved and the order is on its way to the print provider again.',
      };
    });

    action('ship', async (order, form) => {
      const checked = checkTracking(form);
      if (!checked.ok)
        return refused(
          'ship',
          'The shipment needs another look: see the marked fields.',
          checked.fields,
          form,
        );
      await ownerActions.shipByHand(order.id, checked.value);
      return { kind: 'success', message: 'Marked shipped: the shopper is emailed the tracking.' };
    });

    action('resend-confirmation', async (order) => {
      await ownerActions.resendConfirmation(order.id);
      return {
        kind: 'success',
        message: `The confirmation is on its way to ${order.email ?? 'the shopper'} again.`,
      };
    });

    action('refund', async (order, form) => {
      const checked = checkPartRefund(form);
      if (!checked.ok)
        return refused(
          'refund',
          'Nothing was refunded: see the marked fields.',
          checked.fields,
          form,
        );
      const { amountCents, reason } = checked.value;
      await ownerActions.refundPart(order.id, amountCents, reason);
      return {
        kind: 'success',
        message: `${formatPrice(amountCents, order.currency)} of order ${order.id} is refunded; the shopper is emailed the amount.`,
      };
    });

    action('resend-email', async (order, form) => {
      const resent = await app.orderMail.resend(order.id, form.message ?? '');
      return resent
        ? { kind: 'success', message: 'The email is on its way again, as a new message.' }
        : { kind: 'error', message: 'There is no such email of this order to send again.' };
    });

    action('note', async (order, form) => {
      const checked = checkNote(form);
      if (!checked.ok)
        return refused(
          'note',
          'The note was not saved: see the marked field.',
          checked.fields,
          form,
        );
      await addOrderNote(app.db, order.id, checked.value, app.clock());
      return { kind: 'success', message: 'The note is saved.' };
    });

    action('cancel-and-refund', async (order, form) => {
      const checked = checkCancellation(form);
      if (!checked.ok) {
        return refused(
          'cancel',
          'Nothing was cancelled: see the marked fields.',
          checked.fields,
          form,
        );
      }
      // What remained of the payment is what goes back (an earlier part refund stays given).
      const remaining = order.totalCents - order.refundedCents;
      await ownerActions.cancelAndRefund(order.id, checked.value);
      return {
        kind: 'success',
        message: `Order ${order.id} is cancelled and ${formatPrice(remaining, order.currency)} refunded; the shopper is emailed.`,
      };
    });
  }
  await app.register(fp(ownerPages, { name: 'owner-pages', encapsulate: true }));
}

export default fp(deskRoutes, { name: 'desk-routes', encapsulate: true });
