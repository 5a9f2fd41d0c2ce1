import { useId, type CSSProperties } from 'react';
import {
  SHIRT_COLORS,
  SHIRT_COLOR_HEX,
  orderStore,
  useOrderState,
  type ShirtColorSwatchesProps,
} from '@tshirt/shared';
import { SWATCHES_LEGEND } from '../checkout-panel/checkoutText';
import theme from '../theme/theme.module.css';
import styles from './ShirtColorSwatches.module.css';

/**
 * The shirt colour as swatches, placed by the host beside the shirt picture so a colour is chosen
 * with the shirt in view. The same choice as the Color select: both write the shared store.
 */
export default function ShirtColorSwatches(_props: ShirtColorSwatchesProps) {
  const shirtColor = useOrderState((state) => state.shirtColor);
  const group = useId();
  return (
    <fieldset className={`${theme.theme} ${styles.swatches}`} role="radiogroup">
      <legend className={styles.legend}>
        {SWATCHES_LEGEND}
        <span className={styles.current} aria-hidden="true">
          {shirtColor}
        </span>
      </legend>
      <div className={styles.row}>
        {SHIRT_COLORS.map((color) => (
          <label key={color} className={styles.swatch} title={color}>
            <input
              type="radio"
              className={styles.input}
              name={group}
              value={color}
              checked={color === shirtColor}
              onChange={() => orderStore.update({ shirtColor: color })}
              style={{ '--fabric': SHIRT_COLOR_HEX[color] } as CSSProperties}
            />
            <span className={styles.name}>{color}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
