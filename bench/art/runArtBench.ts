/** Benchmark 5: runs bench/art/artBench.ts in its own process (a clean heap and JIT) and keeps its table. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';

const run = promisify(execFile);

/** The figures the goals of issue 17 are judged on. */
export interface ArtFigures {
  svgMaxBytes: number;
  printByStyle: Array<{ style: string; renders: number; p50Ms: number; p99Ms: number }>;
  /** Artworks (style × shirt colour × prompt) measured, and how many met the contrast rule. */
  contrastChecked: number;
  contrastMet: number;
  narrowestWidthShare: number;
}

export interface ArtResult {
  /** The markdown table artBench.ts prints. */
  table: string[];
  /** Its closing note (Node version, platform). */
  note: string;
  /** Absent in results recorded before issue 17. */
  figures?: ArtFigures;
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
  return {
    table: lines.filter((line) => line.startsWith('|')),
    note: lines.filter((line) => line !== '' && !line.startsWith('|') && !line.startsWith('DATA ')).join(' '),
    ...(data ? { figures: JSON.parse(data.slice('DATA '.length)) as ArtFigures } : {}),
  };
}
