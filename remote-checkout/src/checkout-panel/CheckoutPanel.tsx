import { useId } from 'react';
import {
  BUY_BUTTON_LABELS,
  PAGE_PATHS,
  UNIT_PRICE_CENTS,
  formatPrice,
  shippingCents,
  useOrderState,
  type CheckoutPanelProps,
} from '@tshirt/shared';
import { ShippingCost } from './ShippingCost';
import { ShirtPicks } from './ShirtPicks';
import { useStoreOffer } from './storeOffer';
import { usePaymentTab } from './usePaymentTab';
import {
  CHECKOUT_FAILED_TITLE,
  NO_ARTWORK_HINT,
  PAYMENT_OPEN_TEXT,
  SECURE_CHECKOUT_NOTE,
  SHIPPING_TEXT,
} from './checkoutText';
import theme from '../theme/theme.module.css';
import styles from './CheckoutPanel.module.css';

/** The checkout part of the product page: shirt picks, the total and Buy It. Exposed to the host. */
export default function CheckoutPanel({
  loadingPagePath = PAGE_PATHS.loading,
}: CheckoutPanelProps) {
  const hasArtwork = useOrderState((state) => state.currentArtworkUrl !== '');
  const quantity = useOrderState((state) => state.quantity);
  const offer = useStoreOffer();
  const unitPrice = offer?.unitPriceCents ?? UNIT_PRICE_CENTS;
  const subtotal = unitPrice * quantity;
  const zone = offer?.shipping[0];
  // The first zone's shipping is the quote; the payment page settles it for the address.
  const shipping = zone && shippingCents(zone, quantity, subtotal);
  const unmade = useOrderState((state) =>
    offer?.unavailable.find(
      (shirt) =>
        shirt.shirtStyle === state.shirtStyle &&
        shirt.shirtColor === state.shirtColor &&
        shirt.shirtSize === state.shirtSize,
    ),
  );
  const { status, failureMessage, buy, paymentOpenAt } = usePaymentTab(loadingPagePath);
  const hintId = useId();
  const sending = status === 'sending';

  const price = (cents: number) => formatPrice(cents, offer?.currency);
  return (
    <section className={`${theme.theme} ${styles.panel}`} aria-label="Checkout">
      <ShirtPicks unavailable={offer?.unavailable} />
      <div className={styles.purchase}>
        <div className={styles.totalRow}>
          <p className={styles.total} role="status">
            Total: <span className={styles.amount}>{price(subtotal + (shipping ?? 0))}</span>
          </p>
          <p className={styles.unitPrice}>
            {quantity} × {price(unitPrice)}
            {shipping !== undefined &&
              ` + ${shipping === 0 ? 'free' : price(shipping)} ${SHIPPING_TEXT.plusShipping}`}
          </p>
        </div>
        <ShippingCost offer={offer} />
        {/* Back to Buy It when the call ends (SPEC §4), the open payment page named beside it. */}
        <button
          type="button"
          className={styles.buyButton}
          disabled={!hasArtwork || unmade !== undefined}
          // Stays focusable while busy (aria-disabled), so keyboard users keep their place.
          aria-disabled={sending ? true : undefined}
          aria-describedby={hasArtwork ? undefined : hintId}
          onClick={sending ? undefined : buy}
        >
          {sending && <span className={styles.spinner} aria-hidden="true" />}
          {sending ? BUY_BUTTON_LABELS.loading : BUY_BUTTON_LABELS.idle}
        </button>
        {paymentOpenAt && (
          <div className={styles.paymentOpen} role="status">
            <p className={styles.paymentOpenTitle}>{PAYMENT_OPEN_TEXT.title}</p>
            <p className={styles.paymentOpenBody}>
              {PAYMENT_OPEN_TEXT.body}{' '}
              <a href={paymentOpenAt} target="_blank" rel="noopener">
                {PAYMENT_OPEN_TEXT.reopen}
              </a>
            </p>
          </div>
        )}
        {!hasArtwork && (
          <p id={hintId} className={styles.hint}>
            {NO_ARTWORK_HINT}
          </p>
        )}
        <div role="alert" className={styles.alertRegion}>
          {failureMessage && (
            <div className={styles.alert}>
              <p className={styles.alertTitle}>{CHECKOUT_FAILED_TITLE}</p>
              <p className={styles.alertMessage}>{failureMessage}</p>
            </div>
          )}
        </div>
        <p className={styles.reassurance}>
          <LockIcon />
          {SECURE_CHECKOUT_NOTE}
        </p>
      </div>
    </section>
  );
}

function LockIcon() {
  return (
    <svg
      className={styles.lock}
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 12 6h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 5H6V4.5a2 2 0 1 1 4 0V6Z"
      />
    </svg>
  );
}
