import { ORDER_PROGRESS_STEPS, ORDER_TEXT, type OrderView } from '@tshirt/shared';
import styles from './OrderPage.module.css';

const PAUSED_NOTE = '(on hold)';

type StepProgress = 'done' | 'current' | 'paused' | 'upcoming';

function CheckMark() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M3 8.5l3 3 7-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseMark() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path d="M5 3v10M11 3v10" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The steps an order goes through, as far along as the store says it is (`progress`, from its
 * status table): those reached marked done, the one it is at marked as the current step (paused
 * when on hold), or done when it is off its usual way. Nothing when the order will not ship.
 */
export function OrderProgressList({ progress }: { progress: OrderView['progress'] }) {
  if (progress === null) return null;
  const { reached, last } = progress;
  const stepProgress = (index: number): StepProgress => {
    if (index === reached - 1) return last;
    return index < reached ? 'done' : 'upcoming';
  };
  return (
    <ol className={styles.progress} aria-label={ORDER_TEXT.progress}>
      {ORDER_PROGRESS_STEPS.map((step, index) => {
        const at = stepProgress(index);
        return (
          <li
            key={step.state}
            className={styles.step}
            data-progress={at}
            aria-current={at === 'current' || at === 'paused' ? 'step' : undefined}
          >
            <span className={styles.marker} aria-hidden="true">
              {at === 'done' && <CheckMark />}
              {at === 'paused' && <PauseMark />}
            </span>
            <span>
              {step.label}
              {at === 'done' && <span className="visually-hidden"> (done)</span>}
              {at === 'paused' && (
                <>
                  {' '}
                  <span className={styles.stepNote}>{PAUSED_NOTE}</span>
                </>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
