import { PageLink } from '../../routing/PageLink';
import { PAGE_TEXT, PAGE_PATHS } from '@tshirt/shared';
import { SparkIcon } from '../message-page/icons';
import { MessagePage } from '../message-page/MessagePage';
import styles from '../message-page/MessagePage.module.css';
import { useDocumentTitle } from '../useDocumentTitle';

/** Placeholder for pages the footer links to before they are written (Careers, Legal). */
export function EmptyPage() {
  useDocumentTitle('Coming soon');
  return (
    <MessagePage heading={PAGE_TEXT.emptyPage} illustration={<SparkIcon />}>
      <p>We are still working on it. In the meantime, why not design a shirt?</p>
      <PageLink to={PAGE_PATHS.product} className={styles.action}>
        {PAGE_TEXT.shopAll}
      </PageLink>
    </MessagePage>
  );
}
