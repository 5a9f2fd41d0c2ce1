import { formatPrice, type StoreOffer } from '@tshirt/shared';
import { SHIPPING_TEXT } from './checkoutText';
import styles from './CheckoutPanel.module.css';

let regionNames: Intl.DisplayNames | undefined;

/**
 * The zone's country names: the server's, or (from a server that sends none) the browser's, made
 * only then, since making them costs tens of milliseconds of a phone's main thread.
 */
function countryNamesOf(zone: StoreOffer['shipping'][number]): string[] {
  if (zone.countryNames?.length === zone.countries.length) return zone.countryNames;
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const names = regionNames;
  return zone.countries.map((code) => names.of(code) ?? code);
}

/** What shipping costs before Buy It: the first zone's rate (the page's quote), and how tax goes. */
export function ShippingCost({ offer }: { offer: StoreOffer | undefined }) {
  const zone = offer?.shipping[0];
  if (!offer || !zone) return <p className={styles.shippingNote}>{SHIPPING_TEXT.atPayment}</p>;
  const price = (cents: number) => formatPrice(cents, offer.currency);
  const where = countryNamesOf(zone).join(', ');
  const others = offer.shipping.length > 1 ? ` ${SHIPPING_TEXT.otherCountries}` : '';
  return (
    <p className={styles.shippingNote}>
      {`Shipping to ${where}: ${price(zone.firstItemCents)} for the first shirt, ${price(zone.additionalItemCents)} for each additional one.`}
      {zone.freeFromCents !== undefined &&
        ` Free shipping on orders of ${price(zone.freeFromCents)} or more.`}
      {others}
      {offer.salesTax === 'exclusive' && ` ${SHIPPING_TEXT.taxAdded}`}
      {offer.salesTax === 'inclusive' && ` ${SHIPPING_TEXT.taxIncluded}`}
    </p>
  );
}
