import { useId, useRef, useState } from 'react';
import { PageLink } from '../../routing/PageLink';
import {
  ORDER_STATE_TEXT,
  ORDER_TEXT,
  PAGE_PATHS,
  PAGE_TEXT,
  type OrderView,
} from '@tshirt/shared';
import { CompassIcon } from '../message-page/icons';
import { MessagePage } from '../message-page/MessagePage';
import messageStyles from '../message-page/MessagePage.module.css';
import { OrderNumber } from '../order-summary/OrderNumber';
import layout from '../order-summary/orderPage.module.css';
import { OrderSummary } from '../order-summary/OrderSummary';
import { useOrder, type OrderPolling } from '../order-summary/useOrder';
import { useOrderLookup } from '../order-summary/useOrderLookup';
import { useDocumentTitle } from '../useDocumentTitle';
import { AddressCorrection } from './AddressCorrection';
import { OrderProgressList } from './OrderProgressList';
import { TrackingDetails } from './TrackingDetails';
import styles from './OrderPage.module.css';

/** Until the order reaches a state it does not leave, the page asks for it this often. */
export const ORDER_POLL_MS = 15_000;

/** Until the store says the order is final (its status table), there may be news to ask for. */
const ORDER_POLLING: OrderPolling = {
  intervalMs: ORDER_POLL_MS,
  continueWhile: (order) => !order.final,
};

function WarningIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M12 3 2 21h20L12 3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path d="M12 10v5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="12" cy="18" r="1.3" fill="currentColor" />
    </svg>
  );
}

function PausedIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M9.5 8v8M14.5 8v8" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

interface OrderDetailsProps {
  order: OrderView;
  /** The order page's secret, which an address correction is sent with. */
  token: string;
  /** Shows the order as the store answered a change (the corrected address). */
  replace: (order: OrderView) => void;
}

function OrderDetails({ order, token, replace }: OrderDetailsProps) {
  const headingId = useId();
  const statusId = useId();
  const statusHeadingRef = useRef<HTMLHeadingElement>(null);
  const [addressSaved, setAddressSaved] = useState(false);
  // Off its usual way (the store's status table says how it looks): a warning, or paused.
  const tone = order.tone ?? undefined;

  const addressCorrected = (corrected: OrderView) => {
    replace(corrected);
    setAddressSaved(true);
    // The form goes away: the shopper lands on the order's new status, read out below.
    statusHeadingRef.current?.focus();
  };

  return (
    <article className={layout.page} aria-labelledby={headingId}>
      <header className={layout.header}>
        <h1 id={headingId}>{PAGE_TEXT.yourOrder}</h1>
        <OrderNumber orderNumber={order.orderNumber} />
      </header>
      <section
        className={`${layout.panel} ${styles.statusPanel}`}
        aria-labelledby={statusId}
        data-state={order.state}
        data-tone={tone}
      >
        <h2 id={statusId} ref={statusHeadingRef} tabIndex={-1} className={styles.statusHeading}>
          {ORDER_TEXT.status}
        </h2>
        <div role="status" className={styles.statusText}>
          {addressSaved && !order.canCorrectAddress && (
            <p className={styles.saved}>{ORDER_TEXT.addressSaved}</p>
          )}
          <p className={styles.statusLine}>
            {tone === 'warning' && <WarningIcon />}
            {tone === 'paused' && <PausedIcon />}
            <span>{ORDER_STATE_TEXT[order.state]}</span>
          </p>
          <p className={styles.nextStep}>{order.nextStep}</p>
          {tone !== undefined && order.problem && <p className={styles.reason}>{order.problem}</p>}
        </div>
        <OrderProgressList progress={order.progress} />
        {order.tracked && order.tracking && <TrackingDetails tracking={order.tracking} />}
      </section>
      {order.canCorrectAddress && (
        <AddressCorrection
          token={token}
          shipTo={order.shipTo}
          countries={order.addressCountries}
          onCorrected={addressCorrected}
        />
      )}
      <OrderSummary order={order} />
      <div className={layout.actions}>
        <PageLink to={PAGE_PATHS.product} className={layout.secondaryAction}>
          {PAGE_TEXT.continueShopping}
        </PageLink>
      </div>
    </article>
  );
}

/**
 * An order's own page, opened by its secret link (`?token=`): its state, what happens next,
 * tracking, the address correction when the print shop could not ship, and its summary.
 */
export function OrderPage() {
  useDocumentTitle(PAGE_TEXT.yourOrder);
  const lookup = useOrderLookup({ acceptSessionId: false });
  const load = useOrder(lookup, ORDER_POLLING);
  if (load.status === 'found' && lookup && 'token' in lookup) {
    return <OrderDetails order={load.order} token={lookup.token} replace={load.replace} />;
  }
  if (lookup === null || load.status === 'not-found') {
    return (
      <MessagePage heading={PAGE_TEXT.yourOrder} illustration={<CompassIcon />}>
        <p>{ORDER_TEXT.notFound}</p>
        <PageLink to={PAGE_PATHS.home} className={messageStyles.action}>
          {ORDER_TEXT.backHome}
        </PageLink>
      </MessagePage>
    );
  }
  if (load.status === 'failed') {
    return (
      <MessagePage heading={PAGE_TEXT.yourOrder}>
        <p role="alert">{load.error.message}</p>
        <button type="button" className={messageStyles.action} onClick={load.retry}>
          {ORDER_TEXT.tryAgain}
        </button>
        <PageLink to={PAGE_PATHS.home} className={messageStyles.secondaryAction}>
          {ORDER_TEXT.backHome}
        </PageLink>
      </MessagePage>
    );
  }
  // Before the query is read (the pre-rendered page) and while the order loads.
  return (
    <MessagePage heading={PAGE_TEXT.yourOrder}>
      <p role="status">{ORDER_TEXT.loading}</p>
    </MessagePage>
  );
}
