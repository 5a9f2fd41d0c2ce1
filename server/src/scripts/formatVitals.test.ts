import type { VitalsSummaryRow } from '../vitals/vitalsRepository';
import { formatVitals } from './formatVitals';

describe('formatVitals', () => {
  it('prints one aligned line per metric and route, CLS without a unit', () => {
    const text = formatVitals([
      { name: 'CLS', route: '/product', samples: 3, p75: 0.0421 },
      { name: 'LCP', route: '/', samples: 12, p75: 1234.6 },
    ]);
    expect(text.split('\n')).toEqual([
      'metric  route     samples  p75    ',
      'CLS     /product  3        0.042  ',
      'LCP     /         12       1235 ms',
    ]);
  });

  it('survives any row: a p75 that is not a finite number, and a route with line breaks or bidi controls', () => {
    const rows = [
      { name: 'LCP', route: '/a\nLCP     /fake  999  1 ms', samples: 1, p75: null },
      { name: 'INP', route: '/\u202eevil', samples: 2, p75: Number.POSITIVE_INFINITY },
      { name: 'TTFB', route: '/', samples: 2, p75: Number.NaN },
      { name: 'FCP', route: '/', samples: 2, p75: '12' },
    ] as unknown as VitalsSummaryRow[];
    const lines = formatVitals(rows).split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^LCP {5}\/a\\u\{a\}LCP {5}\/fake {2}999 {2}1 ms {2}1 +— *$/);
    expect(lines[2]).toContain('/\\u{202e}evil');
    expect(lines.slice(1).every((line) => line.trimEnd().endsWith('—'))).toBe(true);
  });

  it('says so when nothing is recorded', () => {
    expect(formatVitals([])).toBe('No Web Vitals recorded yet.');
  });
});
