/**
 * Benchmark 5: runs bench/art/artBench.ts in its own process (a clean heap and JIT) and keeps its
 * table, then the image-model path against its stand-in (modelPathBench.ts).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';
import { runModelPathBench, type ModelPathFigures } from './modelPathBench';

const run = promisify(execFile);

/** The figures the art goals (artGoals.ts) are judged on. */
export interface ArtFigures {
  svgMaxBytes: number;
  printByStyle: Array<{ style: string; renders: number; p50Ms: number; p99Ms: number }>;
  /** Artworks (style × shirt colour × prompt) measured, and how many met the contrast rule. */
  contrastChecked: number;
  contrastMet: number;
  narrowestWidthShare: number;
  /** Popular themes measured, and how many had their main subject drawn (absent in older results). */
  themesTotal?: number;
  themesDrawn?: number;
  /** Uncommon themes (21 not in English) measured and drawn (absent in older results). */
  uncommonTotal?: number;
  uncommonDrawn?: number;
  /** The smallest subject's span of the print area's width or height (absent in older results). */
  smallestSubjectShare?: number;
  /** Artworks the smallest subject was found among (absent in older results). */
  subjectsMeasured?: number;
}

export interface ArtResult {
  /** The markdown table artBench.ts prints. */
  table: string[];
  /** Its closing note (Node version, platform). */
  note: string;
  /** Absent in results recorded before the art goals were measured. */
  figures?: ArtFigures;
  /** The image-model path; absent in results recorded before it was measured. */
  modelPath?: ModelPathFigures;
}

export async function runArtBench(): Promise<ArtResult> {
  const { stdout } = await run(
    join(REPO_ROOT, 'node_modules/.bin/tsx'),
    [join(REPO_ROOT, 'bench/art/artBench.ts')],
    {
      cwd: REPO_ROOT,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 900_000,
    },
  );
  const lines = stdout.split('\n').map((line) => line.trim());
  const data = lines.find((line) => line.startsWith('DATA '));
  const modelPath = await runModelPathBench();
  const second = (value: number) => `${(value / 1000).toFixed(2)} s`;
  return {
    table: [
      ...lines.filter((line) => line.startsWith('|')),
      `| Model path: final image → 3600 × 4800 print file kept | ${modelPath.printFileRuns} | ${second(modelPath.printFileP50Ms)} | ${second(modelPath.printFileP99Ms)} | | p99 ≤ 3 s |`,
      `| Model path: tap → first partial picture on screen (412 × 823 window) | ${modelPath.partialRuns} | ${second(modelPath.firstPartialOnScreenMs)} | | | beside the next row |`,
      `| Model path: the stand-in's own request → first event (same runs) | ${modelPath.partialRuns} | ${second(modelPath.standInFirstEventMs)} | | | |`,
    ],
    modelPath,
    note: lines
      .filter((line) => line !== '' && !line.startsWith('|') && !line.startsWith('DATA '))
      .join(' '),
    ...(data ? { figures: JSON.parse(data.slice('DATA '.length)) as ArtFigures } : {}),
  };
}
