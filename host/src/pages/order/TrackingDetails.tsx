import { useId } from 'react';
import { ORDER_TEXT, type OrderView } from '@tshirt/shared';
import layout from '../order-summary/orderPage.module.css';
import styles from './OrderPage.module.css';

type Tracking = NonNullable<OrderView['tracking']>;

/** Only a web address becomes a link: the carrier's URL comes from outside the store. */
function webAddress(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** Who carries a shipped order, its tracking number, and the carrier's tracking page. */
export function TrackingDetails({ tracking }: { tracking: Tracking }) {
  const noteId = useId();
  const url = webAddress(tracking.url);
  const facts: Array<[label: string, value: string]> = [
    [ORDER_TEXT.carrier, tracking.carrier],
    [ORDER_TEXT.trackingNumber, tracking.number],
  ];
  return (
    <div className={styles.tracking}>
      <dl className={styles.trackingFacts}>
        {facts
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {url && (
        <p className={styles.trackingLink}>
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={layout.primaryAction}
            aria-describedby={noteId}
          >
            {ORDER_TEXT.trackThePackage}
          </a>
          <span id={noteId} className="visually-hidden">
            {ORDER_TEXT.opensInNewTab}
          </span>
        </p>
      )}
    </div>
  );
}
