import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import { useOrientation } from './useOrientation';
import styles from './Layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** A new page starts at its top; going back keeps the browser's own scroll restoration. */
function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo?.({ top: 0 });
  }, [pathname, navigationType]);
}

/** The frame every page shares: skip link, top bar, the page, footer. */
export function Layout() {
  const orientation = useOrientation();
  useScrollToTopOnNavigation();
  return (
    <div className={styles.root} data-orientation={orientation}>
      <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <TopBar />
      <main id={MAIN_CONTENT_ID} className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
