import { Link } from 'react-router-dom';
import { PAGE_TEXT, PAGE_PATHS } from '@tshirt/shared';
import { CheckIcon } from '../message-page/icons';
import { MessagePage } from '../message-page/MessagePage';
import styles from '../message-page/MessagePage.module.css';
import { useDocumentTitle } from '../useDocumentTitle';

/** Where a successful payment lands. */
export function CompletePage() {
  useDocumentTitle(PAGE_TEXT.orderComplete);
  return (
    <MessagePage heading={PAGE_TEXT.orderComplete} illustration={<CheckIcon />}>
      <p>Thank you! Your shirt is printed just for you and ships as soon as it is ready.</p>
      <Link to={PAGE_PATHS.product} className={styles.action}>
        {PAGE_TEXT.continueShopping}
      </Link>
    </MessagePage>
  );
}
