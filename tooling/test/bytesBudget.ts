/**
 * The bytes-budget test every front-end app runs, written once: the app's production build keeps to
 * its budget (../build/bytesBudget.ts). It reads the app's `dist` when that is a whole build of the
 * current sources (`npm test` builds the stale apps first), and otherwise the report of a build of a
 * copy of the app (a fresh clone has no `dist`, and the checked-out one may belong to someone else's
 * run), so a team's own `npm test` fails when its release would. That report is kept by the hash
 * of the build's inputs (../build/staleApps.mjs): the copy is built again only when they changed.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { FRONT_END_APPS, appInputsHash, staleApps } from '../build/staleApps.mjs';
import {
  BYTES_BUDGET_FILE,
  BYTES_REPORT_FILE,
  budgetBytes,
  kilobytes,
  readBytesBudget,
  type BytesReport,
} from '../build/bytesBudget';
import { releaseProblems } from '../build/releaseManifest';

const REPO_ROOT = join(__dirname, '..', '..');
/** The reports of builds of copies, one per app and inputs hash. */
const REPORTS_OF_COPIES = join(REPO_ROOT, 'node_modules', '.cache', 'bytes-budget');

/** What a build of the app reads from its folder. */
const BUILD_INPUTS = [
  'src',
  'public',
  'webpack.config.ts',
  'package.json',
  'tsconfig.json',
  BYTES_BUDGET_FILE,
];

/** The report of `dist`, when it is a whole build (its release manifest lists every file) of the current sources. */
function reportOfCheckedOutBuild(workspace: string): BytesReport | undefined {
  const app = FRONT_END_APPS.filter((candidate) => candidate.workspace === workspace);
  const dist = join(REPO_ROOT, workspace, 'dist');
  const report = join(dist, BYTES_REPORT_FILE);
  if (staleApps(REPO_ROOT, app).length > 0 || !existsSync(report)) return undefined;
  if (releaseProblems(dist).length > 0) return undefined;
  return JSON.parse(readFileSync(report, 'utf8')) as BytesReport;
}

/** Builds a copy of the app beside it (so its relative paths hold) and answers the build's report; throws with the build's errors. */
function reportOfFreshBuild(workspace: string): BytesReport {
  const copy = join(REPO_ROOT, `.bytes-budget-${workspace}-${process.pid}`);
  rmSync(copy, { recursive: true, force: true });
  try {
    for (const input of BUILD_INPUTS) {
      const from = join(REPO_ROOT, workspace, input);
      if (existsSync(from)) cpSync(from, join(copy, input), { recursive: true });
    }
    const build = spawnSync(
      join(REPO_ROOT, 'node_modules/.bin/webpack'),
      ['--mode', 'production', '--stats', 'errors-only'],
      { cwd: copy, encoding: 'utf8' },
    );
    if (build.status !== 0) {
      throw new Error(
        `The production build of ${workspace} failed:\n${build.stdout}${build.stderr}`,
      );
    }
    return JSON.parse(readFileSync(join(copy, 'dist', BYTES_REPORT_FILE), 'utf8')) as BytesReport;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The report of a build of a copy of the app as it is now: kept from an earlier build of the same inputs, or built. */
function reportOfCurrentSources(workspace: string): BytesReport {
  const kept = join(REPORTS_OF_COPIES, `${workspace}.${appInputsHash(REPO_ROOT, workspace)}.json`);
  if (existsSync(kept)) return JSON.parse(readFileSync(kept, 'utf8')) as BytesReport;
  const report = reportOfFreshBuild(workspace);
  mkdirSync(REPORTS_OF_COPIES, { recursive: true });
  // Whole or not at all: another run may read it at the same time.
  writeFileSync(`${kept}.${process.pid}`, JSON.stringify(report));
  renameSync(`${kept}.${process.pid}`, kept);
  return report;
}

export function describeBytesBudget(
  workspace: 'host' | 'remote-designer' | 'remote-checkout',
): void {
  describe(`${workspace}'s bytes on /product`, () => {
    it('keeps the scripts /product loads from it within the budget in its bytes-budget.json', () => {
      const report = reportOfCheckedOutBuild(workspace) ?? reportOfCurrentSources(workspace);
      const limit = budgetBytes(readBytesBudget(join(REPO_ROOT, workspace)));
      if (report.gzipBytes > limit) {
        const measured = Object.entries(report.files)
          .map(([file, bytes]) => `${file} ${kilobytes(bytes)}`)
          .join(', ');
        throw new Error(
          `${workspace}'s scripts on /product are ${kilobytes(report.gzipBytes)} gzip, over its budget of ${kilobytes(limit)} (${BYTES_BUDGET_FILE}): ${measured}`,
        );
      }
    }, 600_000);
  });
}
