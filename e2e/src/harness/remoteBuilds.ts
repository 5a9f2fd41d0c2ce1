import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@tshirt/tooling/test/storeServer';

/** A deploy target: a folder a static server (or CDN) serves, holding one build after another. */
export function createDeployFolder(fromBuild: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'tshirt-deploy-'));
  cpSync(join(REPO_ROOT, fromBuild), folder, { recursive: true });
  return folder;
}

/**
 * Deploys a new build over an old one the way a CDN upload does: new files in, old chunks kept;
 * with `keepTimes`, the files keep the build's modification times, as `rsync -a` does.
 */
export function deployOver(
  build: string,
  folder: string,
  options: { keepTimes?: boolean } = {},
): void {
  cpSync(build, folder, {
    recursive: true,
    force: true,
    preserveTimestamps: options.keepTimes ?? false,
  });
}

export interface SourceChange {
  /** File inside the remote's folder, e.g. `src/gallery/DesignGallery.tsx`. */
  file: string;
  from: RegExp;
  to: string;
}

/**
 * Builds a remote from a copy of its folder with one source change, as its team would ship a new
 * version, without touching the checked-out sources or their `dist`.
 */
export function buildRemoteWithChange(
  remote: string,
  change: SourceChange,
  options: { allowHostMisfit?: boolean } = {},
): string {
  // Inside the repository, for its node_modules; a folder of its own, as another run may build too.
  const copy = mkdtempSync(join(REPO_ROOT, `.e2e-${remote}-next-`));
  const output = mkdtempSync(join(tmpdir(), `tshirt-${remote}-next-`));
  try {
    for (const part of [
      'src',
      'public',
      'webpack.config.ts',
      'package.json',
      'tsconfig.json',
      'bytes-budget.json',
    ]) {
      cpSync(join(REPO_ROOT, remote, part), join(copy, part), { recursive: true });
    }
    const changed = join(copy, change.file);
    const before = readFileSync(changed, 'utf8');
    const after = before.replace(change.from, change.to);
    if (after === before) throw new Error(`${change.from} not found in ${remote}/${change.file}`);
    writeFileSync(changed, after);
    const build = spawnSync(
      join(REPO_ROOT, 'node_modules/.bin/webpack'),
      ['--mode', 'production', '--output-path', output],
      {
        cwd: copy,
        encoding: 'utf8',
        // A part built for another host on purpose: its build would refuse it (tooling/build/hostFitPlugin.ts).
        env: options.allowHostMisfit ? { ...process.env, ALLOW_HOST_MISFIT: 'true' } : process.env,
      },
    );
    if (build.status !== 0)
      throw new Error(`Building the changed ${remote} failed:\n${build.stdout}${build.stderr}`);
    return output;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
