/** Benchmark 5: runs bench/art/artBench.ts in its own process (a clean heap and JIT) and keeps its table. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../e2e/src/harness/storeServer';

const run = promisify(execFile);

export interface ArtResult {
  /** The markdown table artBench.ts prints. */
  table: string[];
  /** Its closing note (Node version, platform). */
  note: string;
}

export async function runArtBench(): Promise<ArtResult> {
  const { stdout } = await run(
    join(REPO_ROOT, 'node_modules/.bin/tsx'),
    [join(REPO_ROOT, 'bench/art/artBench.ts')],
    {
      cwd: REPO_ROOT,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 300_000,
    },
  );
  const lines = stdout.split('\n').map((line) => line.trim());
  return {
    table: lines.filter((line) => line.startsWith('|')),
    note: lines.filter((line) => line !== '' && !line.startsWith('|')).join(' '),
  };
}
