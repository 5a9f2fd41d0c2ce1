import { useId, type ReactNode } from 'react';
import {
  FIELD_LABELS,
  QUANTITIES,
  SHIRT_COLORS,
  SHIRT_COLOR_HEX,
  SHIRT_SIZES,
  SHIRT_STYLES,
  isShirtColor,
  isShirtSize,
  isShirtStyle,
  orderStore,
  useOrderState,
} from '@tshirt/shared';
import { SizeChart } from './SizeChart';
import styles from './ShirtPicks.module.css';

/** `Pick your shirt`: color, style, size and quantity, written to the shared store as they change. */
export function ShirtPicks() {
  const shirtColor = useOrderState((state) => state.shirtColor);
  const shirtStyle = useOrderState((state) => state.shirtStyle);
  const shirtSize = useOrderState((state) => state.shirtSize);
  const quantity = useOrderState((state) => state.quantity);

  return (
    <fieldset className={styles.picks}>
      <legend className={styles.legend}>{FIELD_LABELS.pickYourShirt}</legend>
      <div className={styles.grid}>
        <PickSelect
          label={FIELD_LABELS.shirtColor}
          value={shirtColor}
          options={SHIRT_COLORS}
          onPick={(value) => {
            if (isShirtColor(value)) orderStore.update({ shirtColor: value });
          }}
          leading={
            <span
              className={styles.swatch}
              style={{ backgroundColor: SHIRT_COLOR_HEX[shirtColor] }}
              aria-hidden="true"
            />
          }
        />
        <PickSelect
          label={FIELD_LABELS.shirtStyle}
          value={shirtStyle}
          options={SHIRT_STYLES}
          onPick={(value) => {
            if (isShirtStyle(value)) orderStore.update({ shirtStyle: value });
          }}
        />
        <PickSelect
          label={FIELD_LABELS.shirtSize}
          value={shirtSize}
          options={SHIRT_SIZES}
          onPick={(value) => {
            if (isShirtSize(value)) orderStore.update({ shirtSize: value });
          }}
        />
        <PickSelect
          label={FIELD_LABELS.quantity}
          value={String(quantity)}
          options={QUANTITIES.map(String)}
          onPick={(value) => {
            const picked = Number(value);
            if (QUANTITIES.includes(picked)) orderStore.update({ quantity: picked });
          }}
        />
        <SizeChart style={shirtStyle} size={shirtSize} />
      </div>
    </fieldset>
  );
}

interface PickSelectProps {
  label: string;
  value: string;
  options: readonly string[];
  onPick(value: string): void;
  /** Decoration drawn inside the control before the value, e.g. the colour swatch. */
  leading?: ReactNode;
}

function PickSelect({ label, value, options, onPick, leading }: PickSelectProps) {
  const selectId = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={selectId}>
        {label}
      </label>
      <div className={styles.control}>
        {leading}
        <select
          id={selectId}
          className={leading ? `${styles.select} ${styles.withLeading}` : styles.select}
          value={value}
          onChange={(event) => onPick(event.target.value)}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
