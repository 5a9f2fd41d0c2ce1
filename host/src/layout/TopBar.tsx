import { NavPageLink, PageLink } from '../routing/PageLink';
import { useSiteConfig } from '../site-config/SiteConfigContext';
import { BrandMark } from './BrandMark';
import styles from './TopBar.module.css';
import { PAGE_PATHS } from '@tshirt/shared';

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return [styles.navLink, isActive && styles.active].filter(Boolean).join(' ');
}

/** Brand, Home, Catalog and Contact; one row in landscape, brand over the links in portrait. */
export function TopBar() {
  const { brandName, contactEmail } = useSiteConfig();
  return (
    <header className={styles.topBar}>
      <div className={styles.inner}>
        <PageLink to={PAGE_PATHS.home} className={styles.brand}>
          <BrandMark className={styles.brandMark} />
          <span>{brandName}</span>
        </PageLink>
        <nav aria-label="Main" className={styles.nav}>
          <ul className={styles.navList}>
            <li>
              <NavPageLink to={PAGE_PATHS.home} end className={navLinkClass}>
                Home
              </NavPageLink>
            </li>
            <li>
              <NavPageLink to={PAGE_PATHS.product} className={navLinkClass}>
                Catalog
              </NavPageLink>
            </li>
            <li>
              <a href={`mailto:${contactEmail}`} className={styles.navLink}>
                Contact
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
