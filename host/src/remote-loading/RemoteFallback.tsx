import { RemoteLoadError } from './remoteLoadError';
import styles from './RemoteSlot.module.css';

interface RemoteFallbackProps {
  /** The part's human name, e.g. `art designer`. */
  title: string;
  error: unknown;
  onRetry: () => void;
}

function explanation(error: unknown): string {
  if (error instanceof RemoteLoadError && error.reason === 'incompatible') {
    return 'It was updated in a way this page does not support yet. The rest of the page still works.';
  }
  if (error instanceof RemoteLoadError && error.reason === 'timeout') {
    return 'It is taking too long to respond. Check your connection and try again.';
  }
  if (error instanceof RemoteLoadError) {
    return 'It did not respond. The rest of the page still works; try again in a moment.';
  }
  return 'Something went wrong while showing it. The rest of the page still works.';
}

/** Names the part that failed and offers a Retry that reloads just that part. */
export function RemoteFallback({ title, error, onRetry }: RemoteFallbackProps) {
  return (
    <div className={styles.fallback} role="alert">
      <svg
        className={styles.fallbackIcon}
        viewBox="0 0 24 24"
        width="28"
        height="28"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6m0 3.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className={styles.fallbackTitle}>The {title} could not be loaded</p>
      <p className={styles.fallbackText}>{explanation(error)}</p>
      <button type="button" className={styles.retryButton} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
