import {
  SHIRT_SIZES,
  SIZE_CHART,
  inchesToCentimetres,
  type ShirtSize,
  type ShirtStyle,
} from '@tshirt/shared';
import { SIZE_CHART_TEXT } from './checkoutText';
import styles from './SizeChart.module.css';

/** Half inches as the makers print them: 16½. */
const inches = (value: number) => `${Math.floor(value)}${value % 1 ? '½' : ''}`;

function Measure({ value }: { value: number }) {
  return (
    <td>
      {inches(value)} in <span className={styles.cm}>({inchesToCentimetres(value)} cm)</span>
    </td>
  );
}

/** The chosen style's sizes, in inches and centimetres, under the size select; works before scripts. */
export function SizeChart({ style, size }: { style: ShirtStyle; size: ShirtSize }) {
  return (
    <details className={styles.chart}>
      <summary className={styles.summary}>{SIZE_CHART_TEXT.summary}</summary>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {style} {SIZE_CHART_TEXT.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{SIZE_CHART_TEXT.size}</th>
            <th scope="col">{SIZE_CHART_TEXT.chest}</th>
            <th scope="col">{SIZE_CHART_TEXT.length}</th>
          </tr>
        </thead>
        <tbody>
          {SHIRT_SIZES.map((each) => (
            <tr key={each} aria-current={each === size ? 'true' : undefined}>
              <th scope="row">{each}</th>
              <Measure value={SIZE_CHART[style][each].chestWidth} />
              <Measure value={SIZE_CHART[style][each].bodyLength} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.howTo}>{SIZE_CHART_TEXT.howTo}</p>
    </details>
  );
}
