import { PAGE_TEXT } from '@tshirt/shared';
import theme from '../theme/theme.module.css';
import styles from './Standalone.module.css';

/** The standalone stand-in for the host's /loading page, where the payment tab waits. */
export function StandaloneLoadingPage() {
  return (
    <main className={`${theme.theme} ${styles.loadingPage}`}>
      <span className={styles.loadingSpinner} aria-hidden="true" />
      <h1 className={styles.loadingTitle}>{PAGE_TEXT.loadingOrder}</h1>
      <p className={styles.loadingText}>Your payment page opens in a moment.</p>
    </main>
  );
}
