import { useEffect, useState } from 'react';
import { PAGE_TEXT } from '@tshirt/shared';
import { MessagePage } from '../message-page/MessagePage';
import { useDocumentTitle } from '../useDocumentTitle';
import styles from './LoadingPage.module.css';

/** After this long the tab says what to do, so it never looks stuck forever. */
export const SLOW_ORDER_HINT_MS = 20_000;

/** The tab the checkout opens while the order is sent; the checkout then moves it to payment. */
export function LoadingPage() {
  useDocumentTitle(PAGE_TEXT.loadingOrder);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_ORDER_HINT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <MessagePage
      heading={PAGE_TEXT.loadingOrder}
      illustration={<span className={styles.spinner} aria-hidden="true" />}
    >
      <p role="status">
        {slow
          ? 'This is taking longer than usual. You can close this tab and press Buy It again in the store.'
          : 'Hold tight — we are preparing your secure payment page.'}
      </p>
    </MessagePage>
  );
}
