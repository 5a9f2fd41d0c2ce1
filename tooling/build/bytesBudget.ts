/**
 * Each team's share of `/product`'s scripts: a budget beside its package.json (BYTES_BUDGET_FILE),
 * checked by its production build. The build measures, from its own output, the scripts the page
 * loads from the app (a remote: `remoteEntry.js`, its exposed parts' chunk and its early script;
 * the host: its entry and the chunks the page loads), each gzipped at zlib's default level as
 * bench/bytes does, fails over the budget, and writes what it measured (BYTES_REPORT_FILE).
 * The budgets together keep the page within its goal (./bytesBudget.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import webpack from 'webpack';

/** The `/product` goal for its scripts, host and both remotes, gzip (docs/BENCHMARKS.md). */
export const PRODUCT_PAGE_SCRIPTS_GOAL_BYTES = 150_000;

export const BYTES_BUDGET_FILE = 'bytes-budget.json';

/** Written beside the build's other files, and listed by its release manifest. */
export const BYTES_REPORT_FILE = 'product-bytes.json';

/** As bench/report/format.ts counts: 1 KB is 1000 bytes. */
const BYTES_PER_KB = 1000;

export interface BytesBudget {
  page: '/product';
  /** The most the app's scripts on the page may weigh, gzip, in KB. */
  scriptsGzipKB: number;
}

export interface BytesReport extends BytesBudget {
  /** What the build measured: each script's gzip bytes, by its path in the build folder. */
  files: Record<string, number>;
  gzipBytes: number;
}

/** The budget in `appDir`, or an error naming the file and what it must hold. */
export function readBytesBudget(appDir: string): BytesBudget {
  const file = join(appDir, BYTES_BUDGET_FILE);
  let budget: Partial<BytesBudget> | undefined;
  try {
    budget = JSON.parse(readFileSync(file, 'utf8')) as Partial<BytesBudget>;
  } catch (error) {
    throw new Error(`${file} could not be read: ${(error as Error).message}`);
  }
  if (budget?.page !== '/product' || !(Number(budget.scriptsGzipKB) > 0)) {
    throw new Error(`${file} must hold { "page": "/product", "scriptsGzipKB": <KB> }`);
  }
  return { page: budget.page, scriptsGzipKB: Number(budget.scriptsGzipKB) };
}

export function budgetBytes(budget: BytesBudget): number {
  return budget.scriptsGzipKB * BYTES_PER_KB;
}

/** To the byte's hundredth of a KB where it matters (a budget of 11.72 KB), else to one decimal. */
export function kilobytes(bytes: number): string {
  return `${(bytes / BYTES_PER_KB).toFixed(2).replace(/(\.\d)0$/, '$1')} KB`;
}

/**
 * The budget file as the team knows it (`remote-designer/bytes-budget.json`): a build of a copy of
 * the app (its bytes-budget test's) names the app's own file, not the copy's.
 */
function budgetFileName(appDir: string): string {
  try {
    const { name } = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as {
      name?: unknown;
    };
    if (typeof name === 'string') return `${name.replace(/^@tshirt\//, '')}/${BYTES_BUDGET_FILE}`;
  } catch {
    // Not an app of this repository: its full path.
  }
  return join(appDir, BYTES_BUDGET_FILE);
}

/** Which chunk groups of a compilation the page loads, beside its entry points. */
export type PageChunkGroups = (name: string) => boolean;

/** The JS files of the compilation's entry points and of the chunk groups the page loads. */
function pageScripts(compilation: webpack.Compilation, loads: PageChunkGroups): string[] {
  const files = new Set<string>();
  for (const [name, group] of compilation.namedChunkGroups) {
    if (!group.isInitial() && !loads(name)) continue;
    for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
  }
  return [...files].sort();
}

function buildError(message: string): webpack.WebpackError {
  const error = new webpack.WebpackError(message);
  error.hideStack = true;
  return error;
}

/**
 * One app's budget over the compilations of its build that put scripts on the page: each
 * `measure()` is a plugin for one of them; the last of them to finish checks the sum, and fails
 * itself (so it writes nothing, and the build no release manifest) when the sum is over.
 */
export class ProductBytesBudget {
  private readonly measured = new Map<string, number>();
  private measures = 0;
  private reported = 0;
  private readonly budget: BytesBudget;

  constructor(
    private readonly appName: string,
    private readonly appDir: string,
  ) {
    this.budget = readBytesBudget(appDir);
  }

  measure(loads: PageChunkGroups = () => false): webpack.WebpackPluginInstance {
    this.measures += 1;
    return {
      apply: (compiler) => {
        compiler.hooks.thisCompilation.tap('ProductBytesBudget', (compilation) => {
          compilation.hooks.processAssets.tap(
            { name: 'ProductBytesBudget', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
            () => {
              for (const file of pageScripts(compilation, loads)) {
                const bytes = compilation.getAsset(file)?.source.buffer();
                if (bytes) this.measured.set(file, gzipSync(bytes).length);
              }
              this.reported += 1;
              if (this.reported === this.measures) this.check(compilation);
            },
          );
        });
      },
    };
  }

  private check(compilation: webpack.Compilation): void {
    const files = Object.fromEntries([...this.measured].sort(([a], [b]) => a.localeCompare(b)));
    const gzipBytes = Object.values(files).reduce((sum, bytes) => sum + bytes, 0);
    const limit = budgetBytes(this.budget);
    if (gzipBytes > limit) {
      const each = Object.entries(files)
        .map(([file, bytes]) => `${file} ${kilobytes(bytes)}`)
        .join(', ');
      compilation.errors.push(
        buildError(
          `${this.appName}'s scripts on ${this.budget.page} are ${kilobytes(gzipBytes)} gzip, over its budget of ${kilobytes(limit)} (${budgetFileName(this.appDir)}): ${each}. Make them smaller, or agree a new split with the other teams: their budgets together must stay within the page's ${kilobytes(PRODUCT_PAGE_SCRIPTS_GOAL_BYTES)} (docs/DEPLOY.md).`,
        ),
      );
      return;
    }
    const report: BytesReport = { ...this.budget, files, gzipBytes };
    compilation.emitAsset(
      BYTES_REPORT_FILE,
      new webpack.sources.RawSource(`${JSON.stringify(report, null, 2)}\n`),
    );
  }
}
