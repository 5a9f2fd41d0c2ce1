import { storeUrl } from '@tshirt/shared';
import CheckoutPanel from '../checkout-panel/CheckoutPanel';
import theme from '../theme/theme.module.css';
import { DesignPicker } from './DesignPicker';
import styles from './Standalone.module.css';

/** The checkout remote on its own: a minimal frame, an artwork picker, and the real panel. */
export function StandaloneApp({ loadingPagePath }: { loadingPagePath: string }) {
  return (
    <div className={`${theme.theme} ${styles.frame}`}>
      <header className={styles.topBar}>
        <h1 className={styles.frameTitle}>Checkout (standalone)</h1>
        <span className={styles.badge}>Remote · {window.location.host}</span>
      </header>
      <main className={styles.main}>
        <DesignPicker />
        <div className={styles.card}>
          <CheckoutPanel loadingPagePath={loadingPagePath} />
        </div>
      </main>
      <footer className={styles.footer}>
        Orders go to the store API at <code>{storeUrl('/creator')}</code>: on this remote&apos;s dev
        server, the mocked API unless it runs with <code>API=real</code>.
      </footer>
    </div>
  );
}
