import { useId } from 'react';
import { Link } from 'react-router-dom';
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
import { OrderProgressList } from './OrderProgressList';
import { TrackingDetails } from './TrackingDetails';
import styles from './OrderPage.module.css';

/** Until the order has shipped, the page asks for it this often. */
export const ORDER_POLL_MS = 15_000;

const ORDER_POLLING: OrderPolling = {
  intervalMs: ORDER_POLL_MS,
  continueWhile: (order) => order.state !== 'shipped',
};

function OrderDetails({ order }: { order: OrderView }) {
  const headingId = useId();
  const statusId = useId();
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
      >
        <h2 id={statusId} className={styles.statusHeading}>
          {ORDER_TEXT.status}
        </h2>
        <div role="status">
          <p className={styles.statusLine}>{ORDER_STATE_TEXT[order.state]}</p>
          {order.state === 'problem' && order.problem && (
            <p className={styles.problem}>{order.problem}</p>
          )}
        </div>
        <OrderProgressList state={order.state} />
        {order.state === 'shipped' && order.tracking && (
          <TrackingDetails tracking={order.tracking} />
        )}
      </section>
      <OrderSummary order={order} />
      <div className={layout.actions}>
        <Link to={PAGE_PATHS.product} className={layout.secondaryAction}>
          {PAGE_TEXT.continueShopping}
        </Link>
      </div>
    </article>
  );
}

/** An order's own page, opened by its secret link (`?token=`): its state, tracking and summary. */
export function OrderPage() {
  useDocumentTitle(PAGE_TEXT.yourOrder);
  const lookup = useOrderLookup({ acceptSessionId: false });
  const load = useOrder(lookup, ORDER_POLLING);
  if (load.status === 'found') return <OrderDetails order={load.order} />;
  if (lookup === null || load.status === 'not-found') {
    return (
      <MessagePage heading={PAGE_TEXT.yourOrder} illustration={<CompassIcon />}>
        <p>{ORDER_TEXT.notFound}</p>
        <Link to={PAGE_PATHS.home} className={messageStyles.action}>
          {ORDER_TEXT.backHome}
        </Link>
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
        <Link to={PAGE_PATHS.home} className={messageStyles.secondaryAction}>
          {ORDER_TEXT.backHome}
        </Link>
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
