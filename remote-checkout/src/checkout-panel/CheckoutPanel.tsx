import type { CheckoutPanelProps } from '@tshirt/shared';

export default function CheckoutPanel(_props: CheckoutPanelProps) {
  return <section aria-label="Checkout">Checkout coming soon</section>;
}
