import type { CSSProperties } from 'react';
import { PageLink } from '../../routing/PageLink';
import { HERO_FADE_MS, PAGE_TEXT, PAGE_PATHS } from '@tshirt/shared';
import { useDocumentTitle } from '../useDocumentTitle';
import heroImageUrl from './hero-shirts.svg';
import styles from './HomePage.module.css';

/** The landing page: a hero that fades in, the welcome line and the way into the catalog. */
export function HomePage() {
  useDocumentTitle(undefined);
  return (
    <section className={styles.hero} aria-labelledby="hero-heading">
      <div className={styles.copy}>
        <p className={styles.eyebrow}>Made to order, one at a time</p>
        <h1 id="hero-heading" className={styles.heading}>
          {PAGE_TEXT.welcome}
        </h1>
        <p className={styles.lede}>
          Describe what you love and we will turn it into art for a shirt that is yours alone — or
          pick one of our ready-made designs.
        </p>
        <PageLink to={PAGE_PATHS.product} className={styles.shopAll}>
          {PAGE_TEXT.shopAll}
        </PageLink>
      </div>
      <img
        className={styles.image}
        src={heroImageUrl}
        width={640}
        height={520}
        alt="A stack of folded t-shirts, the top one printed with a sunset over mountains"
        fetchPriority="high"
        style={{ '--hero-fade-ms': `${HERO_FADE_MS}ms` } as CSSProperties}
      />
    </section>
  );
}
