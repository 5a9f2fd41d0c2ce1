import { useId, useState } from 'react';
import { FIELD_LABELS } from '@tshirt/shared';
import { ArtTextField } from './ArtTextField';
import styles from './ArtForm.module.css';

interface CustomizationsDisclosureProps {
  /** Why the store refused the recipient or the occasion: the panel opens to show it. */
  errors?: { target?: string | undefined; occasion?: string | undefined };
}

/** The `Additional customizations` accordion: recipient and occasion, closed at first. */
export function CustomizationsDisclosure({ errors = {} }: CustomizationsDisclosureProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  // A new refusal opens the panel once (adjusted during render, not in an effect).
  const refusal = errors.target ?? errors.occasion;
  const [shownRefusal, setShownRefusal] = useState(refusal);
  if (refusal !== shownRefusal) {
    setShownRefusal(refusal);
    if (refusal) setOpen(true);
  }
  return (
    <div className={styles.disclosure}>
      <button
        type="button"
        className={styles.disclosureToggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span>{FIELD_LABELS.customizations}</span>
        <svg className={styles.chevron} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div id={panelId} className={styles.disclosurePanel} hidden={!open}>
        <ArtTextField
          field="target"
          label={FIELD_LABELS.target}
          placeholder="e.g. my sister, a new dad"
          error={errors.target}
        />
        <ArtTextField
          field="occasion"
          label={FIELD_LABELS.occasion}
          placeholder="e.g. birthday, family reunion"
          error={errors.occasion}
        />
      </div>
    </div>
  );
}
