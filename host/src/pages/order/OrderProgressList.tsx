import { ORDER_PROGRESS_STEPS, ORDER_TEXT, type OrderProgress } from '@tshirt/shared';
import styles from './OrderPage.module.css';

/** How many of the steps (Paid → In production → Shipped) an order in each state has reached. */
const STEPS_REACHED: Readonly<Record<OrderProgress, number>> = {
  awaiting_payment: 0,
  paid: 1,
  in_production: 2,
  shipped: 3,
  problem: 1,
};

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

/** The steps an order goes through, the one it is at marked as the current step. */
export function OrderProgressList({ state }: { state: OrderProgress }) {
  const reached = STEPS_REACHED[state];
  // An order with a problem is stopped after payment: no step is under way.
  const current = state === 'problem' ? -1 : reached - 1;
  return (
    <ol className={styles.progress} aria-label={ORDER_TEXT.progress}>
      {ORDER_PROGRESS_STEPS.map((step, index) => {
        const progress = index === current ? 'current' : index < reached ? 'done' : 'upcoming';
        return (
          <li
            key={step.state}
            className={styles.step}
            data-progress={progress}
            aria-current={progress === 'current' ? 'step' : undefined}
          >
            <span className={styles.marker} aria-hidden="true">
              {progress === 'done' && <CheckMark />}
            </span>
            <span>
              {step.label}
              {progress === 'done' && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
