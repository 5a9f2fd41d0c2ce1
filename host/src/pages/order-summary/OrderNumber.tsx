import { ORDER_TEXT } from '@tshirt/shared';
import styles from './orderPage.module.css';

/** The number the shop and the shopper both quote. */
export function OrderNumber({ orderNumber }: { orderNumber: string }) {
  return (
    <dl className={styles.orderNumber}>
      <dt>{ORDER_TEXT.orderNumber}</dt>
      <dd>{orderNumber}</dd>
    </dl>
  );
}
