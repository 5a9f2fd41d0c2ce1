/** The goals of issue 8 (and the art engine's of issue 17), each judged against the latest figures (or "not measured"). */
import { ART_GOALS } from '../art/artGoals';
import type { BenchResults } from './results';
import { count, kb, ms, ratio, seconds } from './format';

export interface GoalVerdict {
  /** The part whose figures judge it, for "what limits" and the command. */
  part: keyof BenchResults;
  goal: string;
  target: string;
  measured: string;
  met: boolean | undefined;
}

type GoalCheck = (
  results: BenchResults,
) => Omit<GoalVerdict, 'goal' | 'target' | 'part'> | undefined;

interface Goal {
  part: keyof BenchResults;
  goal: string;
  target: string;
  check: GoalCheck;
}

const JS_BUDGET_HOME = 100_000;
const JS_BUDGET_PRODUCT = 150_000;

function lighthouseGoals(): Goal[] {
  const pages = [
    { page: '/' as const, score: 95, lcpMs: 1800 },
    { page: '/product' as const, score: 90, lcpMs: 2500 },
  ];
  return pages.flatMap(({ page, score, lcpMs }): Goal[] => {
    const mobile = (results: BenchResults) => results.lighthouse?.data.mobile[page]?.median;
    return [
      {
        part: 'lighthouse',
        goal: `Lighthouse mobile score, \`${page}\``,
        target: `≥ ${score}`,
        check: (results) => {
          const figures = mobile(results);
          return figures && { measured: String(figures.score), met: figures.score >= score };
        },
      },
      {
        part: 'lighthouse',
        goal: `Lighthouse mobile LCP, \`${page}\``,
        target: `≤ ${seconds(lcpMs)}`,
        check: (results) => {
          const figures = mobile(results);
          return figures && { measured: seconds(figures.lcpMs), met: figures.lcpMs <= lcpMs };
        },
      },
      {
        part: 'lighthouse',
        goal: `Lighthouse mobile TBT, \`${page}\``,
        target: '≤ 150 ms',
        check: (results) => {
          const figures = mobile(results);
          return figures && { measured: ms(figures.tbtMs), met: figures.tbtMs <= 150 };
        },
      },
      {
        part: 'lighthouse',
        goal: `Lighthouse mobile CLS, \`${page}\``,
        target: '≤ 0.02',
        check: (results) => {
          const figures = mobile(results);
          return figures && { measured: figures.cls.toFixed(3), met: figures.cls <= 0.02 };
        },
      },
      {
        part: 'lighthouse',
        goal: `Lighthouse desktop score, \`${page}\``,
        target: '≥ 99',
        check: (results) => {
          const figures = results.lighthouse?.data.desktop[page]?.median;
          return figures && { measured: String(figures.score), met: figures.score >= 99 };
        },
      },
    ];
  });
}

function serverGoals(): Goal[] {
  const throughput = [
    { group: 'static' as const, label: 'static responses', perSecond: 8000 },
    { group: 'generation' as const, label: 'generations', perSecond: 1000 },
    { group: 'checkout' as const, label: 'checkouts', perSecond: 3000 },
  ];
  const judgedRows = (results: BenchResults) => results.server?.data.filter((row) => row.judged);
  return [
    ...throughput.map(({ group, label, perSecond }): Goal => ({
      part: 'server',
      goal: `Server: ${label} per second`,
      target: `≥ ${count(perSecond)}/s`,
      check: (results) => {
        const rows = judgedRows(results)?.filter((row) => row.group === group);
        if (!rows || rows.length === 0) return undefined;
        const slowest = Math.min(...rows.map((row) => row.requestsPerSecond));
        return {
          measured: `${count(slowest)}/s${rows.length > 1 ? ' (slowest endpoint)' : ''}`,
          met: slowest >= perSecond,
        };
      },
    })),
    {
      part: 'server',
      goal: 'Server: p99 latency, every endpoint',
      target: '< 50 ms',
      check: (results) => {
        const rows = judgedRows(results);
        if (!rows) return undefined;
        const worst = Math.max(...rows.map((row) => row.p99Ms));
        return { measured: `${ms(worst)} (worst)`, met: worst < 50 };
      },
    },
    {
      part: 'server',
      goal: 'Server: errors (errors, timeouts, non-2xx)',
      target: '0',
      check: (results) => {
        const rows = results.server?.data;
        if (!rows) return undefined;
        const failures = rows.reduce((sum, row) => sum + row.errors + row.timeouts + row.non2xx, 0);
        return { measured: count(failures), met: failures === 0 };
      },
    },
  ];
}

export const GOALS: readonly Goal[] = [
  {
    part: 'bytes',
    goal: '`/` downloads no remote file',
    target: '0 files',
    check: (results) => {
      const files = results.bytes?.data.home.remoteFiles;
      return files && { measured: `${files.length} files`, met: files.length === 0 };
    },
  },
  {
    part: 'bytes',
    goal: '`/` JavaScript (gzip)',
    target: `≤ ${kb(JS_BUDGET_HOME)}`,
    check: (results) => {
      const js = results.bytes?.data.home.byKind.JS.gzip;
      return js === undefined ? undefined : { measured: kb(js), met: js <= JS_BUDGET_HOME };
    },
  },
  {
    part: 'bytes',
    goal: '`/product` JavaScript, host and both remotes (gzip)',
    target: `≤ ${kb(JS_BUDGET_PRODUCT)}`,
    check: (results) => {
      const js = results.bytes?.data.product.byKind.JS.gzip;
      return js === undefined ? undefined : { measured: kb(js), met: js <= JS_BUDGET_PRODUCT };
    },
  },
  {
    part: 'bytes',
    goal: 'Copies of React and react-dom (each page)',
    target: '1 each',
    check: (results) => {
      const bytes = results.bytes?.data;
      if (!bytes) return undefined;
      const copies = [bytes.home, bytes.product].flatMap((page) => [
        page.libraryCopies.react,
        page.libraryCopies['react-dom'],
      ]);
      return {
        measured: `react ${bytes.home.libraryCopies.react}/${bytes.product.libraryCopies.react}, react-dom ${bytes.home.libraryCopies['react-dom']}/${bytes.product.libraryCopies['react-dom']} (\`/\` / \`/product\`)`,
        met: copies.every((copies) => copies === 1),
      };
    },
  },
  ...lighthouseGoals(),
  {
    part: 'federation',
    goal: 'Federation overhead, `/product` JS bytes (composed ÷ one bundle)',
    target: '≤ 1.15×',
    check: (results) => {
      const federation = results.federation?.data;
      if (!federation) return undefined;
      const value = federation.composed.jsGzip / federation.oneBundle.jsGzip;
      return { measured: ratio(value), met: value <= 1.15 };
    },
  },
  {
    part: 'federation',
    goal: 'Federation overhead, `/product` mobile LCP (composed ÷ one bundle)',
    target: '≤ 1.15×',
    check: (results) => {
      const federation = results.federation?.data;
      if (!federation) return undefined;
      const value =
        federation.composed.lighthouseMobile.median.lcpMs /
        federation.oneBundle.lighthouseMobile.median.lcpMs;
      return { measured: ratio(value), met: value <= 1.15 };
    },
  },
  ...serverGoals(),
  ...ART_GOALS,
];

export function judgeGoals(results: BenchResults): GoalVerdict[] {
  return GOALS.map(({ part, goal, target, check }) => {
    const verdict = check(results);
    return { part, goal, target, measured: verdict?.measured ?? 'not measured', met: verdict?.met };
  });
}
