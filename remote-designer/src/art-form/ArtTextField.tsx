import { useId } from 'react';
import { MAX_ART_FIELD_LENGTH, orderStore, useOrderState } from '@tshirt/shared';
import styles from './ArtForm.module.css';

type TextArtField = 'interests' | 'colors' | 'objects' | 'target' | 'occasion';

interface ArtTextFieldProps {
  field: TextArtField;
  label: string;
  placeholder?: string;
  hint?: string;
  hidden?: boolean;
}

/** One text input bound to an art field of the shared order store. */
export function ArtTextField({ field, label, placeholder, hint, hidden }: ArtTextFieldProps) {
  const id = useId();
  const value = useOrderState((state) => state[field]);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field} hidden={hidden}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type="text"
        name={field}
        value={value}
        placeholder={placeholder}
        maxLength={MAX_ART_FIELD_LENGTH}
        autoComplete="off"
        aria-describedby={hintId}
        onChange={(event) => orderStore.update({ [field]: event.target.value })}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
