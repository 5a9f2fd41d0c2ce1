import { useCallback, useEffect, useState } from 'react';
import {
  ORDER_TEXT,
  PAGE_TEXT,
  SHIRT_COLOR_HEX,
  fetchOrder,
  formatPrice,
  storeUrl,
  type ApiFailure,
  type OrderLookup,
  type OrderView,
} from '@tshirt/shared';
import theme from '../theme/theme.module.css';
import styles from './Standalone.module.css';

/** While the payment is not yet confirmed (Stripe's webhook), ask this often, this many times. */
export const CONFIRMATION_POLL_MS = 2_000;
const CONFIRMATION_POLLS = 30;

type Load =
  | { status: 'loading' }
  | { status: 'found'; order: OrderView }
  | { status: 'failed'; error: ApiFailure }
  | { status: 'none' };

/** The order the page's query names: `?token=` (the test payment page) or Stripe's `?session_id=`. */
function lookupOf(search: string): OrderLookup | undefined {
  const query = new URLSearchParams(search);
  const token = query.get('token');
  if (token) return { token };
  const sessionId = query.get('session_id');
  return sessionId ? { sessionId } : undefined;
}

function useCompletedOrder(lookup: OrderLookup | undefined): Load & { retry: () => void } {
  const [load, setLoad] = useState<Load>(lookup ? { status: 'loading' } : { status: 'none' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!lookup) return undefined;
    let left = false;
    let polls = 0;
    let timer: number | undefined;
    const ask = async () => {
      const result = await fetchOrder(lookup);
      if (left) return;
      if (result.kind === 'error') return setLoad({ status: 'failed', error: result.error });
      setLoad({ status: 'found', order: result.order });
      polls += 1;
      if (result.order.state === 'awaiting_payment' && polls < CONFIRMATION_POLLS) {
        timer = window.setTimeout(() => void ask(), CONFIRMATION_POLL_MS);
      }
    };
    void ask();
    return () => {
      left = true;
      window.clearTimeout(timer);
    };
  }, [lookup, attempt]);
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { ...load, retry };
}

function CompletedOrder({ order }: { order: OrderView }) {
  const confirmed = order.state !== 'awaiting_payment';
  return (
    <>
      <p className={styles.orderNumber}>
        {ORDER_TEXT.orderNumber} <strong>{order.orderNumber}</strong>
      </p>
      <p role="status" className={styles.completeStatus}>
        {confirmed ? ORDER_TEXT.confirmed : ORDER_TEXT.confirming} {order.nextStep}
      </p>
      <section className={styles.card} aria-label={ORDER_TEXT.summary}>
        <div className={styles.chosen}>
          <img
            className={styles.thumbLarge}
            src={storeUrl(order.artworkPath)}
            alt=""
            // On the shirt's own colour, as the artwork is drawn for it.
            style={{ background: SHIRT_COLOR_HEX[order.shirtColor] }}
          />
          <p className={styles.chosenText}>
            <span>{order.productName}</span>
            <span className={styles.chosenLabel}>
              {order.shirtColor} · {order.shirtStyle} · {order.shirtSize} · × {order.quantity}
            </span>
          </p>
        </div>
        <dl className={styles.amounts}>
          <dt>{ORDER_TEXT.subtotal}</dt>
          <dd>{formatPrice(order.subtotalCents, order.currency)}</dd>
          <dt>{ORDER_TEXT.shipping}</dt>
          <dd>{formatPrice(order.shippingCents, order.currency)}</dd>
          {order.taxCents > 0 && (
            <>
              <dt>{ORDER_TEXT.tax}</dt>
              <dd>{formatPrice(order.taxCents, order.currency)}</dd>
            </>
          )}
          <dt className={styles.amountTotal}>
            {confirmed ? ORDER_TEXT.totalPaid : ORDER_TEXT.total}
          </dt>
          <dd className={styles.amountTotal}>{formatPrice(order.totalCents, order.currency)}</dd>
        </dl>
        {order.shipTo && (
          <p className={styles.shipTo}>
            {ORDER_TEXT.shipTo}: {order.shipTo.name}, {order.shipTo.line1}, {order.shipTo.city}{' '}
            {order.shipTo.postalCode}, {order.shipTo.country}
          </p>
        )}
      </section>
    </>
  );
}

/**
 * The standalone stand-in for the host's /complete page, where a payment started from this page
 * lands (the store's test payment page, Stripe, or the mocked one): it confirms the order it came
 * from, never the checkout form again.
 */
export function StandaloneCompletePage({ search = window.location.search }: { search?: string }) {
  // Read once from the page's address; a retry asks again.
  const [lookup] = useState(() => lookupOf(search));
  const load = useCompletedOrder(lookup);
  return (
    <div className={`${theme.theme} ${styles.frame}`}>
      <main className={styles.completePage}>
        <h1 className={styles.loadingTitle}>{PAGE_TEXT.orderComplete}</h1>
        {load.status === 'loading' && <p role="status">{ORDER_TEXT.loading}</p>}
        {load.status === 'found' && <CompletedOrder order={load.order} />}
        {load.status === 'failed' && (
          <>
            <p role="alert">
              {load.error.status === 404 ? ORDER_TEXT.notFound : load.error.message}
            </p>
            <button type="button" className={styles.textButton} onClick={load.retry}>
              {ORDER_TEXT.tryAgain}
            </button>
          </>
        )}
        {load.status === 'none' && <p>Thank you! Your shirt is printed just for you.</p>}
        <a className={styles.primaryLink} href="/">
          {PAGE_TEXT.continueShopping}
        </a>
      </main>
    </div>
  );
}
