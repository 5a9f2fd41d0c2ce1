import { useId, type FormEvent } from 'react';
import { FIELD_LABELS, type ArtFormProps } from '@tshirt/shared';
import { ArtStyleSelect } from './ArtStyleSelect';
import { ArtTextField, type TextArtField } from './ArtTextField';
import { CustomizationsDisclosure } from './CustomizationsDisclosure';
import { useGenerateArt } from './useGenerateArt';
import styles from './ArtForm.module.css';

/** The fields the shopper sees, where a refusal about one of them is shown (Objects is hidden). */
const VISIBLE_FIELDS: readonly string[] = ['interests', 'colors', 'target', 'occasion'];

/** Describe the art, then generate it: the inputs, the generate button and its messages. */
export default function ArtForm(_props: ArtFormProps) {
  const headingId = useId();
  const { label, unavailable, loading, limitReached, failure, notUnderstood, generate } =
    useGenerateArt();
  // A refusal about one field is shown under it; any other failure in the alert below.
  const refusedField =
    failure?.field !== undefined && VISIBLE_FIELDS.includes(failure.field)
      ? (failure.field as TextArtField)
      : undefined;
  const errorOf = (field: TextArtField) =>
    refusedField === field ? failure?.message : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    generate();
  };

  return (
    <form className={styles.form} aria-labelledby={headingId} onSubmit={onSubmit} noValidate>
      <div className={styles.intro}>
        <h2 id={headingId} className={styles.heading}>
          Create your art
        </h2>
        <p className={styles.lede}>Tell us what you love and we will draw a one-of-a-kind design for your shirt.</p>
      </div>

      <ArtTextField
        field="interests"
        label={FIELD_LABELS.interests}
        placeholder="e.g. surfing, vintage cars, cats"
        error={errorOf('interests')}
        note={
          notUnderstood.length > 0 ? `We could not draw: ${notUnderstood.join(', ')}.` : undefined
        }
      />
      <ArtTextField
        field="colors"
        label={FIELD_LABELS.colors}
        placeholder="e.g. teal and coral"
        error={errorOf('colors')}
      />
      {/* The spec keeps must-have objects in the order but out of sight. */}
      <ArtTextField field="objects" label={FIELD_LABELS.objects} hidden />
      <ArtStyleSelect />
      <CustomizationsDisclosure errors={{ target: errorOf('target'), occasion: errorOf('occasion') }} />

      <button
        type="submit"
        className={styles.generateButton}
        aria-disabled={unavailable || undefined}
        data-state={loading ? 'loading' : limitReached ? 'limit' : 'ready'}
      >
        {loading ? <span className={styles.spinner} aria-hidden="true" /> : <SparkleIcon />}
        <span>{label}</span>
      </button>

      <p className={styles.visuallyHidden} role="status">
        {loading ? 'Generating your art. This can take a few seconds.' : ''}
      </p>

      {limitReached && (
        <p className={styles.note}>
          You have used today&rsquo;s free generations. Pick a ready-made design, or come back tomorrow.
        </p>
      )}

      {failure && !refusedField && (
        <div className={styles.alert} role="alert">
          <p className={styles.alertTitle}>Generation failed.</p>
          <p>{failure.message}</p>
          <p>Your choices are kept: press &ldquo;{label}&rdquo; to try again.</p>
        </div>
      )}
    </form>
  );
}

function SparkleIcon() {
  return (
    <svg className={styles.buttonIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.5l1.9 5.6 5.6 1.9-5.6 1.9L12 17.5l-1.9-5.6L4.5 10l5.6-1.9L12 2.5zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9L19 15z"
        fill="currentColor"
      />
    </svg>
  );
}
