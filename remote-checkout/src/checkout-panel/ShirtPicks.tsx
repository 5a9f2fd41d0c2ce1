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
  type StoreOffer,
} from '@tshirt/shared';
import { SizeChart } from './SizeChart';
import styles from './ShirtPicks.module.css';

/**
 * `Pick your shirt`: color, style, size and quantity, written to the shared store as they change.
 * A size the print provider does not make in the chosen style and colour is shown unavailable.
 */
export function ShirtPicks({ unavailable = [] }: { unavailable?: StoreOffer['unavailable'] }) {
  const shirtColor = useOrderState((state) => state.shirtColor);
  const shirtStyle = useOrderState((state) => state.shirtStyle);
  const shirtSize = useOrderState((state) => state.shirtSize);
  const quantity = useOrderState((state) => state.quantity);
  const unmadeReason = (size: string) =>
    unavailable.find(
      (shirt) =>
        shirt.shirtStyle === shirtStyle &&
        shirt.shirtColor === shirtColor &&
        shirt.shirtSize === size,
    )?.reason;
  const sizeProblem = unmadeReason(shirtSize);

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
          unavailable={unmadeReason}
          problem={sizeProblem}
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
  /** Why an option cannot be had (it is then shown unavailable), or undefined. */
  unavailable?: (option: string) => string | undefined;
  /** Why the chosen value cannot be ordered, shown under the control. */
  problem?: string;
}

function PickSelect({
  label,
  value,
  options,
  onPick,
  leading,
  unavailable,
  problem,
}: PickSelectProps) {
  const selectId = useId();
  const problemId = useId();
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
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => onPick(event.target.value)}
        >
          {options.map((option) => {
            const missing = unavailable?.(option) !== undefined;
            return (
              <option key={option} value={option} disabled={missing && option !== value}>
                {missing ? `${option} (unavailable)` : option}
              </option>
            );
          })}
        </select>
      </div>
      {problem && (
        <p id={problemId} className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
