/** The interaction figures' limits: the part's table, its goals in the report and what limits them. */
import { GENERATE_IMAGE_PATH } from '@tshirt/shared/api';
import { median } from '../harness/stats';
import { code, count, kb, ms, ratio, seconds, table } from '../report/format';
import type { BenchResults } from '../report/results';
import type { InteractionFigure, InteractionResult, InteractionRun } from './interactionBench';

interface FigureRow {
  figure: InteractionFigure;
  label: string;
  format: (value: number) => string;
  limit?: { target: string; met: (value: number) => boolean };
}

const FIGURE_ROWS: readonly FigureRow[] = [
  { figure: 'fcpMs', label: 'FCP, `/product`', format: seconds },
  { figure: 'lcpMs', label: 'LCP, `/product` (the limit of the next ratio)', format: seconds },
  {
    figure: 'lastPartLiveMs',
    label: 'Every part live (the last part’s live time)',
    format: seconds,
  },
  {
    figure: 'liveOverLcp',
    label: 'Every part live ÷ LCP (same page)',
    format: ratio,
    limit: { target: '≤ 1.8× (aim 1.4×)', met: (value) => value <= 1.8 },
  },
  {
    figure: 'scriptsArrivedMs',
    label: 'The last script run before every part was live, arrived',
    format: seconds,
  },
  {
    figure: 'bytesAfterPaint',
    label:
      'Bytes that came in after the first paint, until every part was live (scripts and images)',
    format: kb,
  },
  {
    figure: 'linkFloorMs',
    label:
      'The link’s floor for those bytes (from LCP at 1.6 Mbps; the requests made after LCP one round trip later)',
    format: seconds,
  },
  {
    figure: 'linkFloorOverLcp',
    label:
      'The link’s floor ÷ LCP: every part live ÷ LCP with no CPU time and the link always full',
    format: ratio,
  },
  {
    figure: 'tapToArtMs',
    label: 'Generate Art tapped at first paint → art on the shirt',
    format: seconds,
  },
  {
    figure: 'networkServerMs',
    label:
      'Network + server time of that tap (the generation, and the longest request the art needed after its answer)',
    format: seconds,
  },
  {
    figure: 'tapOverNetwork',
    label: 'Tap → art ÷ its network + server time (same page)',
    format: ratio,
    limit: { target: '≤ 2× (aim 1.3×)', met: (value) => value <= 2 },
  },
  {
    figure: 'creatorRequestsAfterTap',
    label:
      'Requests under `/creator/` (other than Web Vitals beacons) from the tap to the art shown',
    format: count,
    limit: { target: '1 (the generation)', met: (value) => value === 1 },
  },
  {
    figure: 'colourToArtMs',
    label: 'Shirt colour changed → the art drawn for it shown',
    format: ms,
    limit: { target: '≤ 100 ms', met: (value) => value <= 100 },
  },
  {
    figure: 'imageRequestsAfterColour',
    label: 'Requests under `/creator/images/` from the colour change to the art shown',
    format: count,
    limit: { target: '0', met: (value) => value === 0 },
  },
];

function runCell(row: FigureRow, run: InteractionRun): string {
  const value = run.figures[row.figure];
  if (value !== null) return row.format(value);
  return `n/a (${run.missing[row.figure] ?? 'not measured'})`;
}

function metMark(row: FigureRow, value: number | null): string {
  if (!row.limit) return '';
  if (value === null) return '—';
  return row.limit.met(value) ? '✅' : '❌';
}

const list = (paths: readonly string[]) =>
  paths.length === 0 ? 'none' : paths.map((path) => code(path)).join(', ');

const optional = (value: number | null, format: (value: number) => string) =>
  value === null ? 'n/a' : format(value);

/** The table (figure, median, each run, limit, met) and what each run saw, as markdown. */
export function interactionTable(result: InteractionResult): string {
  const rows = FIGURE_ROWS.map((row) => {
    const value = result.median[row.figure];
    return [
      row.label,
      value === null ? 'n/a' : row.format(value),
      result.runs.map((run) => runCell(row, run)).join(' / '),
      row.limit?.target ?? '',
      metMark(row, value),
    ];
  });
  const shownBy = (how: 'painted' | 'decoded' | null) =>
    how === 'painted'
      ? 'its first paint'
      : how === 'decoded'
        ? 'no paint reported: decoded, a frame later'
        : 'n/a';
  const byRun = (describe: (run: InteractionRun) => string) =>
    result.runs.map((run, index) => `run ${index + 1}: ${describe(run)}`).join('; ');
  const liveAt = (run: InteractionRun, part: string | null) =>
    part === null ? 'n/a' : `${code(part)} at ${optional(run.partsLiveMs[part] ?? null, seconds)}`;
  return [
    table(['Figure', 'Median', 'Runs', 'Limit', 'Met'], rows),
    '',
    `First and last part live: ${byRun((run) => `${liveAt(run, run.firstPartLive)}, ${liveAt(run, run.lastPartLive)}`)}.`,
    '',
    `The tap: ${byRun(
      ({ tap }) =>
        `tapped at ${optional(tap.atMs, seconds)} (the input waited ${optional(tap.inputDelayMs, ms)} for the main thread), generation request sent ${optional(tap.toRequestMs, ms)} later, answered in ${optional(tap.generationMs, ms)}, art shown ${optional(tap.answerToArtMs, ms)} after the answer (${shownBy(tap.shownBy)}; the art’s own requests after the answer: ${optional(tap.artRequestMs, ms)})`,
    )}.`,
    '',
    `Requests under ${code('/creator/')} from the tap to the art: ${byRun((run) => list(run.tap.creatorRequests))}.`,
    '',
    `Requests under ${code('/creator/images/')} from the colour change to the art: ${byRun((run) =>
      run.colour
        ? `${run.colour.from} → ${run.colour.to}: ${list(run.colour.imageRequests)} (${shownBy(run.colour.shownBy)})`
        : 'n/a',
    )}.`,
  ].join('\n');
}

interface InteractionGoal {
  part: 'interaction';
  goal: string;
  target: string;
  check: (results: BenchResults) => { measured: string; met: boolean } | undefined;
}

/** Each limited figure's median, judged for the report's goals. */
export const INTERACTION_GOALS: readonly InteractionGoal[] = FIGURE_ROWS.flatMap((row) => {
  const { limit } = row;
  if (!limit) return [];
  return [
    {
      part: 'interaction' as const,
      goal: `Phone (4× CPU, 1.6 Mbps, 150 ms): ${row.label}`,
      target: limit.target,
      check: (results: BenchResults) => {
        const value = results.interaction?.data.median[row.figure];
        if (value === undefined || value === null) return undefined;
        return { measured: row.format(value), met: limit.met(value) };
      },
    },
  ];
});

/** The medians of a detail of the tap over the runs that measured it. */
function tapMedian(result: InteractionResult, detail: keyof InteractionRun['tap']): number | null {
  const values = result.runs
    .map((run) => run.tap[detail])
    .filter((value): value is number => typeof value === 'number');
  return values.length === 0 ? null : median(values);
}

/** "What limits the goals not met", from the interaction figures: a line for each unmet pair. */
export function interactionLimits(results: BenchResults): string[] {
  const result = results.interaction?.data;
  if (!result) return [];
  const { median: figures } = result;
  const unmet = (...names: InteractionFigure[]) =>
    FIGURE_ROWS.some((row) => {
      const value = figures[row.figure];
      return names.includes(row.figure) && row.limit && value !== null && !row.limit.met(value);
    });
  const lastParts = [...new Set(result.runs.map((run) => run.lastPartLive ?? 'n/a'))];
  const besidesGeneration = (result.runs[0]?.tap.creatorRequests ?? []).filter(
    (path) => !path.startsWith(GENERATE_IMAGE_PATH),
  );
  return [
    ...(unmet('liveOverLcp')
      ? [
          `Every part live at ${optional(figures.lastPartLiveMs, seconds)} (median) against an LCP of ${optional(figures.lcpMs, seconds)}; the last part live: ${lastParts.map((part) => code(part)).join(', ')}.`,
          `The page downloads its own script while it paints, asks for its parts' scripts at the first paint (small scripts asked for before it, Lighthouse's simulated LCP counts against the page) and for the gallery's images once every part is live. The last script arrived at ${optional(figures.scriptsArrivedMs, seconds)}; running the scripts took the ${optional(figures.lastPartLiveMs === null || figures.scriptsArrivedMs === null ? null : figures.lastPartLiveMs - figures.scriptsArrivedMs, ms)} after it. The ${optional(figures.bytesAfterPaint, kb)} that came in after the first paint need until ${optional(figures.linkFloorMs, seconds)} on this link even when it is always full: ${optional(figures.linkFloorOverLcp, ratio)} LCP before the last script can run.`,
        ]
      : []),
    ...(unmet('tapOverNetwork', 'creatorRequestsAfterTap')
      ? [
          `From the tap (medians): the generation request left ${optional(tapMedian(result, 'toRequestMs'), ms)} after the tap (the click held until its part was live, then its handler), the generation took ${optional(tapMedian(result, 'generationMs'), ms)}, and the art showed ${optional(tapMedian(result, 'answerToArtMs'), ms)} after the answer (the art’s own requests after it: ${optional(tapMedian(result, 'artRequestMs'), ms)}). Requests under ${code('/creator/')} on the way besides the generation (run 1): ${list(besidesGeneration)}.`,
        ]
      : []),
    ...(unmet('colourToArtMs', 'imageRequestsAfterColour')
      ? [
          `After a shirt colour change the art showed in ${optional(figures.colourToArtMs, ms)} (median), with ${optional(figures.imageRequestsAfterColour, count)} request(s) under ${code('/creator/images/')} between the change and the art.`,
        ]
      : []),
  ];
}
