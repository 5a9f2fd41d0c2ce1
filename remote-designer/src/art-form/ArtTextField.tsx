import { useId } from 'react';
import { MAX_ART_FIELD_LENGTH, orderStore, useOrderState } from '@tshirt/shared';
import styles from './ArtForm.module.css';

export type TextArtField = 'interests' | 'colors' | 'objects' | 'target' | 'occasion';

interface ArtTextFieldProps {
  field: TextArtField;
  label: string;
  placeholder?: string;
  hint?: string;
  hidden?: boolean;
  /** Why the store refused what the field holds (shown under it, the field marked invalid). */
  error?: string;
  /** What the last answer says about the field's words (the ones it could not draw). */
  note?: string;
}

/** One text input bound to an art field of the shared order store. */
export function ArtTextField({
  field,
  label,
  placeholder,
  hint,
  hidden,
  error,
  note,
}: ArtTextFieldProps) {
  const id = useId();
  const value = useOrderState((state) => state[field]);
  const hintId = hint ? `${id}-hint` : undefined;
  const noteId = note ? `${id}-note` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, noteId, hintId].filter(Boolean).join(' ') || undefined;
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
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => orderStore.update({ [field]: event.target.value })}
      />
      {error && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      {note && (
        <p id={noteId} className={styles.fieldNote}>
          {note}
        </p>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
