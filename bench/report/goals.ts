/** The goals of the performance issues (8, 12) and the art engine's (17), each judged against the latest figures (or "not measured"). */
import { PRODUCT_PAGE_SCRIPTS_GOAL_BYTES } from '@tshirt/tooling/build/bytesBudget';
import { ART_GOALS } from '../art/artGoals';
import { INTERACTION_GOALS } from '../interaction/interactionGoals';
import type { BenchResults } from './results';
import type { EndpointFigures } from '../server/serverBench';
import { percentile } from '../harness/stats';
import { count, kb, mib, ms, percent, ratio, seconds } from './format';

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
const JS_BUDGET_PRODUCT = PRODUCT_PAGE_SCRIPTS_GOAL_BYTES;

/** `/product` as fast as the page itself allows, `/` kept where it was. */
function lighthouseGoals(): Goal[] {
  type Page = '/' | '/product';
  const mobile = (results: BenchResults, page: Page) =>
    results.lighthouse?.data.mobile[page]?.median;
  const desktop = (results: BenchResults, page: Page) =>
    results.lighthouse?.data.desktop[page]?.median;
  const pageGoals = ({ page, score }: { page: Page; score: number }): Goal[] => [
    {
      part: 'lighthouse',
      goal: `Lighthouse mobile score, \`${page}\``,
      target: `≥ ${score}`,
      check: (results) => {
        const figures = mobile(results, page);
        return figures && { measured: String(figures.score), met: figures.score >= score };
      },
    },
    {
      part: 'lighthouse',
      goal: `Lighthouse desktop score, \`${page}\``,
      target: '100',
      check: (results) => {
        const figures = desktop(results, page);
        return figures && { measured: String(figures.score), met: figures.score >= 100 };
      },
    },
  ];
  return [
    ...pageGoals({ page: '/product', score: 95 }),
    {
      part: 'lighthouse',
      goal: 'Lighthouse mobile LCP, `/product` ÷ the same page without scripts (same run)',
      target: '≤ 1.25×',
      check: (results) => {
        const product = mobile(results, '/product');
        const limit = results.lighthouse?.data.productWithoutScripts?.median;
        if (!product || !limit) return undefined;
        const value = product.lcpMs / limit.lcpMs;
        return {
          measured: `${ratio(value)} (${seconds(product.lcpMs)} ÷ ${seconds(limit.lcpMs)})`,
          met: value <= 1.25,
        };
      },
    },
    {
      part: 'lighthouse',
      goal: 'Lighthouse mobile TBT, `/product`',
      target: '≤ 200 ms',
      check: (results) => {
        const figures = mobile(results, '/product');
        return figures && { measured: ms(figures.tbtMs), met: figures.tbtMs <= 200 };
      },
    },
    {
      part: 'lighthouse',
      goal: 'Lighthouse mobile CLS, `/product`',
      target: '≤ 0.02',
      check: (results) => {
        const figures = mobile(results, '/product');
        return figures && { measured: figures.cls.toFixed(3), met: figures.cls <= 0.02 };
      },
    },
    ...pageGoals({ page: '/', score: 97 }),
  ];
}

type ServerData = NonNullable<BenchResults['server']>['data'];

const storeRows = (data: ServerData) => data.endpoints.filter((row) => row.target === 'store');

/** Each store row over its bare limit; the worst of a group is judged. */
function shareOfLimit(data: ServerData, group: EndpointFigures['group']): number | undefined {
  const shares = storeRows(data)
    .filter((row) => row.group === group && row.limitName)
    .map((row) => {
      const limit = data.endpoints.find((candidate) => candidate.name === row.limitName);
      return limit ? row.requestsPerSecond / limit.requestsPerSecond : Number.NaN;
    });
  return shares.length === 0 ? undefined : Math.min(...shares);
}

/** Absolute figures first, then each endpoint against its own limit measured in the same run. */
function serverGoals(): Goal[] {
  const throughput = [
    { group: 'static' as const, label: 'static responses', perSecond: 8000 },
    { group: 'generation' as const, label: 'generations', perSecond: 1000 },
    { group: 'checkout' as const, label: 'checkouts', perSecond: 3000 },
  ];
  const server = (results: BenchResults) => results.server?.data;
  const serverGoal = (
    goal: string,
    target: string,
    check: (data: ServerData) => ReturnType<GoalCheck>,
  ): Goal => ({
    part: 'server',
    goal,
    target,
    check: (results) => {
      const data = server(results);
      return data && check(data);
    },
  });
  const p99Of = (data: ServerData, groups: readonly EndpointFigures['group'][]) =>
    Math.max(
      ...storeRows(data)
        .filter((row) => groups.includes(row.group))
        .map((row) => row.p99Ms),
    );
  return [
    ...throughput.map(({ group, label, perSecond }) =>
      serverGoal(`Server: ${label} per second`, `≥ ${count(perSecond)}/s`, (data) => {
        const rows = storeRows(data).filter((row) => row.group === group);
        if (rows.length === 0) return undefined;
        const slowest = Math.min(...rows.map((row) => row.requestsPerSecond));
        return {
          measured: `${count(slowest)}/s${rows.length > 1 ? ' (slowest endpoint)' : ''}`,
          met: slowest >= perSecond,
        };
      }),
    ),
    serverGoal('Server: p99 latency, every endpoint', '< 50 ms', (data) => {
      const worst = p99Of(data, ['static', 'generation', 'checkout']);
      return { measured: `${ms(worst)} (worst)`, met: worst < 50 };
    }),
    serverGoal(
      'Server: static, share of its bare limit (same bytes from memory)',
      '≥ 70 %',
      (data) => {
        const share = shareOfLimit(data, 'static');
        return share === undefined
          ? undefined
          : { measured: `${percent(share)} (worst file)`, met: share >= 0.7 };
      },
    ),
    serverGoal(
      'Server: generation, share of the art engine alone on every core',
      '≥ 50 %',
      (data) => {
        const row = storeRows(data).find((candidate) => candidate.group === 'generation');
        if (!row) return undefined;
        const share = row.requestsPerSecond / data.engine.perSecond;
        return {
          measured: `${percent(share)} (${count(row.requestsPerSecond)}/s of ${count(data.engine.perSecond)}/s)`,
          met: share >= 0.5,
        };
      },
    ),
    serverGoal(
      'Server: checkout, share of its bare limit (same validation + one INSERT)',
      '≥ 50 %',
      (data) => {
        const share = shareOfLimit(data, 'checkout');
        return share === undefined ? undefined : { measured: percent(share), met: share >= 0.5 };
      },
    ),
    serverGoal('Server: errors and timeouts, every endpoint at 100 connections', '0', (data) => {
      const failures = storeRows(data).reduce(
        (sum, row) => sum + row.errors + row.timeouts + row.non2xx,
        0,
      );
      return { measured: count(failures), met: failures === 0 };
    }),
    serverGoal(
      'Server: p99 latency, static and checkout at 100 connections',
      '≤ 100 ms',
      (data) => {
        const worst = p99Of(data, ['static', 'checkout']);
        return { measured: `${ms(worst)} (worst)`, met: worst <= 100 };
      },
    ),
    serverGoal('Server: static p99 while 6 print renders run ÷ idle p99', '≤ 3×', (data) => {
      const { idle, duringRenders } = data.prints.stall;
      const value = duringRenders.p99Ms / Math.max(1, idle.p99Ms);
      return {
        measured: `${ratio(value)} (${ms(duringRenders.p99Ms)} vs ${ms(idle.p99Ms)})`,
        met: value <= 3,
      };
    }),
    serverGoal(
      'Server: print PNG render p99 (one at a time, through the server)',
      '≤ 3.00 s',
      (data) => {
        const p99 = percentile(data.prints.renderMs, 0.99);
        return { measured: seconds(p99), met: p99 <= 3000 };
      },
    ),
    serverGoal(
      'Server: memory under a flood of print requests (peak RSS, 60 at once ÷ 20 at once, one art style)',
      '≤ 1.20×',
      (data) => {
        const [small, large] = data.prints.floods;
        if (!small || !large) return undefined;
        const value = large.peakRssBytes / small.peakRssBytes;
        return {
          measured: `${ratio(value)} (${mib(small.peakRssBytes)} → ${mib(large.peakRssBytes)})`,
          met: value <= 1.2,
        };
      },
    ),
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
    goal: '`/product` mobile score, composed against the same app as one bundle (same run)',
    target: '≥ one bundle',
    check: (results) => {
      const federation = results.federation?.data;
      if (!federation) return undefined;
      const composed = federation.composed.lighthouseMobile.median.score;
      const oneBundle = federation.oneBundle.lighthouseMobile.median.score;
      return { measured: `${composed} vs ${oneBundle}`, met: composed >= oneBundle };
    },
  },
  {
    part: 'composition',
    goal: 'Server: `/product` (composed per request) answered per second ÷ `/` (same run)',
    target: '≥ 0.5×',
    check: (results) => {
      const composition = results.composition?.data;
      if (!composition) return undefined;
      const value = composition.product.requestsPerSecond / composition.home.requestsPerSecond;
      return {
        measured: `${ratio(value)} (${count(composition.product.requestsPerSecond)}/s ÷ ${count(composition.home.requestsPerSecond)}/s)`,
        met: value >= 0.5,
      };
    },
  },
  ...serverGoals(),
  ...ART_GOALS,
  ...INTERACTION_GOALS,
];

export function judgeGoals(results: BenchResults): GoalVerdict[] {
  return GOALS.map(({ part, goal, target, check }) => {
    const verdict = check(results);
    return { part, goal, target, measured: verdict?.measured ?? 'not measured', met: verdict?.met };
  });
}
