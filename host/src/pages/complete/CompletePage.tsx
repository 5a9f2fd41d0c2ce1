import { useId, type ReactNode } from 'react';
import { PageLink } from '../../routing/PageLink';
import { ORDER_TEXT, PAGE_PATHS, PAGE_TEXT, type OrderView } from '@tshirt/shared';
import { CheckIcon } from '../message-page/icons';
import { MessagePage } from '../message-page/MessagePage';
import messageStyles from '../message-page/MessagePage.module.css';
import { OrderNumber } from '../order-summary/OrderNumber';
import layout from '../order-summary/orderPage.module.css';
import { OrderSummary } from '../order-summary/OrderSummary';
import { useOrder, type OrderPolling } from '../order-summary/useOrder';
import { useOrderLookup } from '../order-summary/useOrderLookup';
import { useSiteConfig } from '../../site-config/SiteConfigContext';
import { useDocumentTitle } from '../useDocumentTitle';

/** While the payment provider has not confirmed the payment, ask this often… */
export const CONFIRMATION_POLL_MS = 2_000;
/** …and this long, before saying it takes longer and pointing to the order page. */
export const CONFIRMATION_GIVE_UP_MS = 120_000;

const CONFIRMATION_POLLING: OrderPolling = {
  intervalMs: CONFIRMATION_POLL_MS,
  giveUpAfterMs: CONFIRMATION_GIVE_UP_MS,
  continueWhile: (order) => order.state === 'awaiting_payment',
};

export const THANK_YOU_TEXT =
  'Thank you! Your shirt is printed just for you and ships as soon as it is ready.';

function CompleteMessage({ illustrated, children }: { illustrated: boolean; children: ReactNode }) {
  return (
    <MessagePage
      heading={PAGE_TEXT.orderComplete}
      illustration={illustrated ? <CheckIcon /> : undefined}
    >
      {children}
      <PageLink to={PAGE_PATHS.product} className={messageStyles.action}>
        {PAGE_TEXT.continueShopping}
      </PageLink>
    </MessagePage>
  );
}

function CompletedOrder({ order, gaveUp }: { order: OrderView; gaveUp: boolean }) {
  const headingId = useId();
  const nextId = useId();
  const confirming = order.state === 'awaiting_payment';
  return (
    <article className={layout.page} aria-labelledby={headingId}>
      <header className={layout.header}>
        <div className={layout.illustration}>
          <CheckIcon />
        </div>
        <h1 id={headingId}>{PAGE_TEXT.orderComplete}</h1>
        <OrderNumber orderNumber={order.orderNumber} />
        <p role="status" className={layout.status}>
          {confirming
            ? gaveUp
              ? ORDER_TEXT.confirmingSlow
              : ORDER_TEXT.confirming
            : ORDER_TEXT.confirmed}
        </p>
      </header>
      <OrderSummary order={order} />
      <section className={layout.panel} aria-labelledby={nextId}>
        <h2 id={nextId}>{ORDER_TEXT.whatHappensNext}</h2>
        <ol className={layout.nextSteps}>
          <li>We print your shirt on demand, just for you.</li>
          <li>
            Then we ship it. Your order page shows the carrier and the tracking number as soon as it
            is on its way.
          </li>
        </ol>
        <p className={layout.muted}>
          This browser keeps no record of your order: keep the link to your order page to come back
          to it.
        </p>
      </section>
      <div className={layout.actions}>
        <PageLink to={order.orderPagePath} className={layout.primaryAction}>
          {ORDER_TEXT.trackYourOrder}
        </PageLink>
        <PageLink to={PAGE_PATHS.product} className={layout.secondaryAction}>
          {PAGE_TEXT.continueShopping}
        </PageLink>
      </div>
    </article>
  );
}

/**
 * Where a successful payment lands: `?token=` from the test payment page, `?session_id=` from
 * Stripe. Until Stripe's webhook confirms the payment, the page asks again every 2 s.
 */
export function CompletePage() {
  useDocumentTitle(PAGE_TEXT.orderComplete);
  const { contactEmail } = useSiteConfig();
  const lookup = useOrderLookup({ acceptSessionId: true });
  const load = useOrder(lookup, CONFIRMATION_POLLING);
  switch (load.status) {
    case 'found':
      return <CompletedOrder order={load.order} gaveUp={load.gaveUp} />;
    case 'loading':
      return (
        <CompleteMessage illustrated>
          <p role="status">{ORDER_TEXT.loading}</p>
        </CompleteMessage>
      );
    case 'not-found':
      return (
        <CompleteMessage illustrated={false}>
          <p>
            We could not find this order. If you paid for it, write to us at{' '}
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a> and we will sort it out.
          </p>
        </CompleteMessage>
      );
    case 'failed':
      return (
        <CompleteMessage illustrated={false}>
          <p role="alert">{load.error.message}</p>
          <button type="button" className={messageStyles.secondaryAction} onClick={load.retry}>
            {ORDER_TEXT.tryAgain}
          </button>
        </CompleteMessage>
      );
    case 'idle':
      // No order named (and the pre-rendered page, before the query is read): today's message.
      return (
        <CompleteMessage illustrated>
          <p>{THANK_YOU_TEXT}</p>
        </CompleteMessage>
      );
  }
}
