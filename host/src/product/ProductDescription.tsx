import styles from './ProductDescription.module.css';

interface Feature {
  title: string;
  text: string;
  /** Path data of a 24×24 line icon. */
  icon: string;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Made on demand',
    text: 'Your shirt is printed just for you after you order, so nothing sits in a warehouse.',
    icon: 'M4 7h16M4 12h16M4 17h10',
  },
  {
    title: 'No set-up fees or minimums',
    text: 'Order a single shirt or a handful; you only pay the price per shirt.',
    icon: 'M12 3v18M17 7.5c0-1.9-2.2-3-5-3s-5 1.1-5 3 2.2 2.8 5 3.5 5 1.6 5 3.5-2.2 3-5 3-5-1.1-5-3',
  },
  {
    title: 'DTG printing in the USA',
    text: 'Direct-to-garment printing with water-based inks that stay soft and vivid wash after wash.',
    icon: 'M6 9V3h12v6M6 18H4v-7h16v7h-2M6 14h12v7H6z',
  },
  {
    title: 'Secured transactions',
    text: 'Payment happens on an encrypted checkout page; we never see or store your card details.',
    icon: 'M6 11V8a6 6 0 0 1 12 0v3M5 11h14v10H5zM12 15v2',
  },
  {
    title: 'No returns accepted',
    text: 'Because every shirt is made for one person, we cannot take returns. Check your size before you buy.',
    icon: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4',
  },
  {
    title: 'Safety certified',
    text: 'OEKO-TEX® Standard 100 certified inks and fabric, tested for harmful substances.',
    icon: 'M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6zM9 12l2 2 4-4',
  },
];

/** What a shopper should know before buying: how the shirt is made, paid for and certified. */
export function ProductDescription({ className }: { className?: string }) {
  return (
    <section
      className={[styles.description, className].filter(Boolean).join(' ')}
      aria-labelledby="about-heading"
    >
      <h2 id="about-heading">About this shirt</h2>
      <p className={styles.intro}>
        A classic crew-neck tee in soft ring-spun cotton, printed with the artwork you design or
        choose above.
      </p>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <svg
              className={styles.icon}
              viewBox="0 0 24 24"
              width="24"
              height="24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d={feature.icon} />
            </svg>
            <div>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{feature.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
