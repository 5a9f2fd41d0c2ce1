import { MessagePage } from '../message-page/MessagePage';

/** An order's own page, opened by its secret link. */
export function OrderPage() {
  return <MessagePage heading="Your order">{null}</MessagePage>;
}
