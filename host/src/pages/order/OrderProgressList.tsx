import { ORDER_PROGRESS_STEPS, ORDER_TEXT, type OrderProgress } from '@tshirt/shared';
import styles from './OrderPage.module.css';

/**
 * How far along Paid → In production → Shipped an order in each state is: how many steps it has
 * reached, and whether the last of them is under way (`current`), stopped (`paused`), or behind it
 * (`done`: finished, or off its usual way so no step is under way). Null where the steps would
 * mislead: a cancelled or refunded order is not going to ship.
 */
const PROGRESS: Readonly<
  Record<OrderProgress, { reached: number; last: 'current' | 'paused' | 'done' } | null>
> = {
  awaiting_payment: { reached: 0, last: 'current' },
  paid: { reached: 1, last: 'current' },
  in_production: { reached: 2, last: 'current' },
  on_hold: { reached: 2, last: 'paused' },
  shipped: { reached: 3, last: 'current' },
  delivered: { reached: 3, last: 'done' },
  // It had shipped, then came back.
  returned: { reached: 3, last: 'done' },
  // Stopped after payment: printed or not, the shop cannot say it is made for this address.
  problem: { reached: 1, last: 'done' },
  failed: { reached: 1, last: 'done' },
  cancelled: null,
  refunded: null,
};

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
 * The steps an order goes through: those reached marked done, the one it is at marked as the
 * current step (paused when on hold). Nothing when the order will not ship.
 */
export function OrderProgressList({ state }: { state: OrderProgress }) {
  const progress = PROGRESS[state];
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
