import type { ReactNode } from 'react';
import styles from './MessagePage.module.css';

interface MessagePageProps {
  heading: string;
  /** A decorative picture above the heading. */
  illustration?: ReactNode;
  children?: ReactNode;
}

/** A centred card with one message and its next step: loading, complete, empty, not found. */
export function MessagePage({ heading, illustration, children }: MessagePageProps) {
  return (
    <section className={styles.page} aria-labelledby="message-heading">
      <div className={styles.card}>
        {illustration && <div className={styles.illustration}>{illustration}</div>}
        <h1 id="message-heading" className={styles.heading}>
          {heading}
        </h1>
        {children}
      </div>
    </section>
  );
}
