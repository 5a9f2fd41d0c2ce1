import { PageLink } from '../routing/PageLink';
import { useSiteConfig } from '../site-config/SiteConfigContext';
import styles from './Footer.module.css';
import { PAGE_PATHS } from '@tshirt/shared';

/** Links, copyright and powered-by line; stacked in portrait, one row in landscape. */
export function Footer() {
  const { brandName } = useSiteConfig();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <PageLink to={PAGE_PATHS.home} className={styles.link}>
                Home
              </PageLink>
            </li>
            <li>
              <PageLink to={PAGE_PATHS.empty} className={styles.link}>
                Careers
              </PageLink>
            </li>
            <li>
              <PageLink to={PAGE_PATHS.empty} className={styles.link}>
                Legal
              </PageLink>
            </li>
          </ul>
        </nav>
        <div className={styles.fineprint}>
          <p className={styles.copyright}>
            © {year} {brandName}
          </p>
          <p className={styles.poweredBy}>Powered by made-to-order DTG printing in the USA</p>
        </div>
      </div>
    </footer>
  );
}
