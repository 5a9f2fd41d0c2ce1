import { useId } from 'react';
import { ART_STYLES, FIELD_LABELS, isArtStyle, orderStore, useOrderState } from '@tshirt/shared';
import styles from './ArtForm.module.css';

/** Shown for the empty art style, which lets the generator choose. */
export const ANY_ART_STYLE_TEXT = 'Any style';

export function ArtStyleSelect() {
  const id = useId();
  const style = useOrderState((state) => state.style);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {FIELD_LABELS.style}
      </label>
      <div className={styles.selectWrap}>
        <select
          id={id}
          className={styles.select}
          name="style"
          value={style}
          onChange={(event) => {
            const chosen = event.target.value;
            if (isArtStyle(chosen)) orderStore.update({ style: chosen });
          }}
        >
          {ART_STYLES.map((artStyle) => (
            <option key={artStyle || 'any'} value={artStyle}>
              {artStyle || ANY_ART_STYLE_TEXT}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
