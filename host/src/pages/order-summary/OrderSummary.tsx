import { useId } from 'react';
import { FIELD_LABELS, ORDER_TEXT, formatPrice, type OrderView } from '@tshirt/shared';
import { countryName } from './countryName';
import { ShirtPicture } from './ShirtPicture';
import styles from './OrderSummary.module.css';

type ShipTo = NonNullable<OrderView['shipTo']>;

function ShippingAddress({ shipTo }: { shipTo: ShipTo }) {
  const region = [shipTo.state, shipTo.postalCode].filter(Boolean).join(' ');
  return (
    <address className={styles.address}>
      <span>{shipTo.name}</span>
      <span>{shipTo.line1}</span>
      {shipTo.line2 && <span>{shipTo.line2}</span>}
      <span>{[shipTo.city, region].filter(Boolean).join(', ')}</span>
      <span>{countryName(shipTo.country)}</span>
    </address>
  );
}

/** What was ordered, what it cost and where it goes: the card /complete and /order both show. */
export function OrderSummary({ order }: { order: OrderView }) {
  const headingId = useId();
  const shirt: Array<[label: string, value: string | number]> = [
    [FIELD_LABELS.shirtColor, order.shirtColor],
    [FIELD_LABELS.shirtStyle, order.shirtStyle],
    [FIELD_LABELS.shirtSize, order.shirtSize],
    [FIELD_LABELS.quantity, order.quantity],
  ];
  const amounts: Array<[label: string, cents: number]> = [
    [ORDER_TEXT.subtotal, order.subtotalCents],
    [ORDER_TEXT.shipping, order.shippingCents],
    ...(order.taxCents > 0 ? [[ORDER_TEXT.tax, order.taxCents] as [string, number]] : []),
  ];
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {ORDER_TEXT.summary}
      </h2>
      <div className={styles.layout}>
        <ShirtPicture
          shirtColor={order.shirtColor}
          shirtStyle={order.shirtStyle}
          artworkPath={order.artworkPath}
        />
        <div className={styles.details}>
          <p className={styles.product}>{order.productName}</p>
          <dl className={styles.facts}>
            {shirt.map(([label, value]) => (
              <div key={label} className={styles.fact}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            {amounts.map(([label, cents]) => (
              <div key={label} className={styles.fact}>
                <dt>{label}</dt>
                <dd>{formatPrice(cents, order.currency)}</dd>
              </div>
            ))}
            <div className={`${styles.fact} ${styles.total}`}>
              <dt>
                {order.state === 'awaiting_payment' ? ORDER_TEXT.total : ORDER_TEXT.totalPaid}
              </dt>
              <dd>{formatPrice(order.totalCents, order.currency)}</dd>
            </div>
          </dl>
          {order.shipTo && (
            <div className={styles.block}>
              <h3 className={styles.blockHeading}>{ORDER_TEXT.shipTo}</h3>
              <ShippingAddress shipTo={order.shipTo} />
            </div>
          )}
          {order.email && (
            <div className={styles.block}>
              <h3 className={styles.blockHeading}>{ORDER_TEXT.email}</h3>
              <p className={styles.email}>{order.email}</p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
