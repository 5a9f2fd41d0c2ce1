/** The art goals (art that looks good on the shirt it is printed on), for the report. */
import type { BenchResults } from '../report/results';

interface ArtGoal {
  part: 'art';
  goal: string;
  target: string;
  check: (results: BenchResults) => { measured: string; met: boolean } | undefined;
}

const PRINT_P99_MS = 3000;
/** The store's own part of a tap → first partial picture, beyond the model's time to its first event. */
const FIRST_PARTIAL_OVERHEAD_MS = 500;
/** It travels with the answer to a phone. */
const SVG_MAX_BYTES = 80 * 1024;

export const ART_GOALS: readonly ArtGoal[] = [
  {
    part: 'art',
    goal: 'Art: print PNG p99, slowest style',
    target: `≤ ${PRINT_P99_MS / 1000} s`,
    check: (results) => {
      const rows = results.art?.data.figures?.printByStyle;
      if (!rows || rows.length === 0) return undefined;
      const slowest = rows.reduce((worst, row) => (row.p99Ms > worst.p99Ms ? row : worst));
      return {
        measured: `${(slowest.p99Ms / 1000).toFixed(2)} s (${slowest.style})`,
        met: slowest.p99Ms <= PRINT_P99_MS,
      };
    },
  },
  {
    part: 'art',
    goal: 'Art: largest SVG',
    target: '≤ 80 KB',
    check: (results) => {
      const bytes = results.art?.data.figures?.svgMaxBytes;
      return bytes === undefined
        ? undefined
        : { measured: `${(bytes / 1024).toFixed(1)} KB`, met: bytes <= SVG_MAX_BYTES };
    },
  },
  {
    part: 'art',
    goal: 'Art: contrast rule (3:1) on every style × shirt colour × prompt',
    target: 'all',
    check: (results) => {
      const figures = results.art?.data.figures;
      return (
        figures && {
          measured: `${figures.contrastMet} of ${figures.contrastChecked}`,
          met: figures.contrastMet === figures.contrastChecked,
        }
      );
    },
  },
  {
    part: 'art',
    goal: 'Art: narrowest artwork, share of the print width',
    target: '≥ 70%',
    check: (results) => {
      const share = results.art?.data.figures?.narrowestWidthShare;
      return share === undefined
        ? undefined
        : { measured: `${Math.round(share * 100)}%`, met: share >= 0.7 };
    },
  },
  {
    part: 'art',
    goal: 'Art: popular t-shirt themes whose main subject is drawn as a picture',
    target: '≥ 98%',
    check: (results) => {
      const figures = results.art?.data.figures;
      if (figures?.themesTotal === undefined || figures.themesDrawn === undefined) return undefined;
      const share = figures.themesDrawn / figures.themesTotal;
      return { measured: `${(share * 100).toFixed(1)}% (${figures.themesDrawn} of ${figures.themesTotal})`, met: share >= 0.98 };
    },
  },
  {
    part: 'art',
    goal: 'Art: uncommon themes (a fifth not in English) drawn as their subject or the nearest',
    target: '≥ 85%',
    check: (results) => {
      const figures = results.art?.data.figures;
      if (figures?.uncommonTotal === undefined || figures.uncommonDrawn === undefined) return undefined;
      const share = figures.uncommonDrawn / figures.uncommonTotal;
      return { measured: `${(share * 100).toFixed(1)}% (${figures.uncommonDrawn} of ${figures.uncommonTotal})`, met: share >= 0.85 };
    },
  },
  {
    part: 'art',
    goal: "Art: smallest subject, its span of the print area's width or height",
    target: '≥ 60%',
    check: (results) => {
      const figures = results.art?.data.figures;
      const share = figures?.smallestSubjectShare;
      if (share === undefined) return undefined;
      const among = figures?.subjectsMeasured === undefined ? '' : ` (the smallest of ${figures.subjectsMeasured.toLocaleString('en-US')})`;
      return { measured: `${Math.round(share * 100)}%${among}`, met: share >= 0.6 };
    },
  },
  {
    part: 'art',
    goal: 'Model path: final image → 300 DPI print file kept, p99',
    target: `≤ ${PRINT_P99_MS / 1000} s`,
    check: (results) => {
      const model = results.art?.data.modelPath;
      return (
        model && {
          measured: `${(model.printFileP99Ms / 1000).toFixed(2)} s`,
          met: model.printFileP99Ms <= PRINT_P99_MS,
        }
      );
    },
  },
  {
    part: 'art',
    goal: "Model path: tap → first partial picture on screen, beyond the stand-in's time to its first event",
    target: `≤ ${FIRST_PARTIAL_OVERHEAD_MS} ms`,
    check: (results) => {
      const model = results.art?.data.modelPath;
      if (!model) return undefined;
      const overhead = model.firstPartialOnScreenMs - model.standInFirstEventMs;
      return {
        measured: `${Math.round(overhead)} ms (${(model.firstPartialOnScreenMs / 1000).toFixed(2)} s against ${(model.standInFirstEventMs / 1000).toFixed(2)} s)`,
        met: overhead <= FIRST_PARTIAL_OVERHEAD_MS,
      };
    },
  },
];
