import { PageLink } from '../../routing/PageLink';
import { CompassIcon } from '../message-page/icons';
import { MessagePage } from '../message-page/MessagePage';
import styles from '../message-page/MessagePage.module.css';
import { useDocumentTitle } from '../useDocumentTitle';
import { PAGE_PATHS } from '@tshirt/shared';

export const NOT_FOUND_HEADING = 'Page not found';

/** Any path the store does not know; the server answers it with HTTP 404. */
export function NotFoundPage() {
  useDocumentTitle(NOT_FOUND_HEADING);
  return (
    <MessagePage heading={NOT_FOUND_HEADING} illustration={<CompassIcon />}>
      <p>
        We could not find the page you were looking for. It may have moved, or the link may be
        mistyped.
      </p>
      <PageLink to={PAGE_PATHS.home} className={styles.action}>
        Back to the home page
      </PageLink>
    </MessagePage>
  );
}
