/**
 * Writing and checking a build's release manifest (the format: shared/src/releaseManifest.ts).
 * Every production build ends by listing each file of its output folder with the SHA-256 of its
 * bytes; the store's server sends only files whose bytes a manifest of their folder lists, and the
 * release command (./release.ts) refuses a folder that does not match its manifests.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import webpack from 'webpack';
import {
  RELEASE_MANIFEST_FOLDER,
  RELEASE_MANIFEST_FORMAT,
  parseReleaseManifest,
  promisedManifestHash,
  releaseManifestName,
  type ReleaseManifest,
} from '@tshirt/shared/releaseManifest';
import { isContentHashed } from '@tshirt/shared/cachePolicy';

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Every regular file below `folder` but its manifests, as `/`-separated paths, sorted. Links are not
 * followed (Node 24's recursive `readdir` follows a link to a folder, even one to `/`).
 */
export function releaseFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (below: string) => {
    for (const entry of readdirSync(join(folder, below), { withFileTypes: true })) {
      const path = below === '' ? entry.name : `${below}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(path);
    }
  };
  walk('');
  return found.filter((path) => !path.startsWith(`${RELEASE_MANIFEST_FOLDER}/`)).sort();
}

/**
 * Lists every file of `folder` (or, for tests, the `contents` given for some paths) in a new
 * manifest, written under a temporary name and renamed into place; answers its path below the folder.
 */
export function writeReleaseManifest(
  folder: string,
  contents?: Readonly<Record<string, Buffer | string>>,
  inputs?: string,
): string {
  const files: Record<string, string> = {};
  if (contents)
    for (const [path, bytes] of Object.entries(contents)) files[path] = sha256Hex(bytes);
  else
    for (const path of releaseFiles(folder))
      files[path] = sha256Hex(readFileSync(join(folder, path)));
  const manifest: ReleaseManifest = {
    format: RELEASE_MANIFEST_FORMAT,
    builtAt: new Date().toISOString(),
    files,
    ...(inputs ? { inputs } : {}),
  };
  const text = `${JSON.stringify(manifest, null, 1)}\n`;
  const manifests = join(folder, RELEASE_MANIFEST_FOLDER);
  mkdirSync(manifests, { recursive: true });
  const name = releaseManifestName(sha256Hex(text));
  const temporary = join(manifests, `.${name}.${process.pid}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, join(manifests, name));
  return `${RELEASE_MANIFEST_FOLDER}/${name}`;
}

/** The whole manifests in `folder` (a torn or foreign one is left out), by file name. */
export function readReleaseManifests(folder: string): Map<string, ReleaseManifest> {
  const found = new Map<string, ReleaseManifest>();
  let names: string[];
  try {
    names = readdirSync(join(folder, RELEASE_MANIFEST_FOLDER));
  } catch {
    return found;
  }
  for (const name of names) {
    const promised = promisedManifestHash(name);
    if (!promised) continue;
    const text = readFileSync(join(folder, RELEASE_MANIFEST_FOLDER, name));
    const manifest = sha256Hex(text).startsWith(promised)
      ? parseReleaseManifest(text.toString('utf8'))
      : undefined;
    if (manifest) found.set(name, manifest);
  }
  return found;
}

/**
 * What keeps `folder` from being a whole release: no manifest, or a file whose bytes no manifest
 * lists. An empty answer means every file is one a build wrote.
 */
export function releaseProblems(folder: string): string[] {
  const manifests = [...readReleaseManifests(folder).values()];
  if (manifests.length === 0) {
    return [
      `${folder} holds no release manifest (${RELEASE_MANIFEST_FOLDER}/manifest.*.json): build it with npm run build`,
    ];
  }
  const problems: string[] = [];
  for (const path of releaseFiles(folder)) {
    const digest = sha256Hex(readFileSync(join(folder, path)));
    if (!manifests.some((manifest) => manifest.files[path] === digest)) {
      problems.push(`${path} is not the file its build wrote (changed or copied since)`);
    }
  }
  return problems;
}

/** Where a production build writes before it is checked: beside the folder it will replace. */
export function stagingFolder(folder: string): string {
  return join(dirname(folder), `.${basename(folder)}.next-${process.pid}`);
}

/** A new build's folder, seeded with the content-hashed files of the build it replaces. */
function prepareStaging(staging: string, folder: string): void {
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // A page opened before the switch may still ask for the previous build's chunks: keep them.
  if (!existsSync(folder)) return;
  for (const path of releaseFiles(folder).filter(isContentHashed)) {
    mkdirSync(dirname(join(staging, path)), { recursive: true });
    linkSync(join(folder, path), join(staging, path));
  }
}

/** Puts `staging` where `folder` is, and removes the folder it replaces. */
function switchToStaging(staging: string, folder: string): void {
  const previous = `${staging}.previous`;
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(folder)) renameSync(folder, previous);
  renameSync(staging, folder);
  rmSync(previous, { recursive: true, force: true });
}

/**
 * Writes the manifest once every compilation of an app's build is done (a remote's build is
 * several, into one folder), into the output folder of the first: one instance is given to each
 * compilation, the app's main one first. A build is one release or none: once a compilation has
 * failed, those that start after it fail too, writing nothing, and no manifest is written.
 *
 * With `folder` (the app's `dist`), the compilations write into its staging folder instead
 * (stagingFolder), which replaces `folder` only once every compilation and check has passed: a
 * build refused by a check leaves the last good one as it was.
 */
export class ReleaseManifestPlugin {
  private done = 0;
  private failed: string | undefined;
  private main: webpack.Compiler | undefined;
  private prepared = false;

  /** `inputs`: the hash of what the build is made from, taken as it starts (./staleApps.mjs). */
  constructor(
    private readonly compilations: number,
    private readonly inputs?: string,
    private readonly folder?: string,
  ) {}

  /** The staging folder, when the build writes into one (not with `--output-path`). */
  private staging(): string | undefined {
    if (!this.folder || !this.main) return undefined;
    const staging = stagingFolder(this.folder);
    return this.main.outputPath === staging ? staging : undefined;
  }

  apply(compiler: webpack.Compiler): void {
    this.main ??= compiler;
    compiler.hooks.beforeRun.tap('ReleaseManifestPlugin', () => {
      const staging = this.staging();
      if (this.prepared || !staging) return;
      this.prepared = true;
      prepareStaging(staging, this.folder!);
    });
    compiler.hooks.make.tap('ReleaseManifestPlugin', (compilation) => {
      if (!this.failed) return;
      const error = new webpack.WebpackError(
        `not written: ${this.failed} failed (the reason is above)`,
      );
      error.hideStack = true;
      compilation.errors.push(error);
    });
    compiler.hooks.failed.tap('ReleaseManifestPlugin', () => {
      const staging = this.staging();
      if (staging) rmSync(staging, { recursive: true, force: true });
    });
    compiler.hooks.done.tap('ReleaseManifestPlugin', (stats) => {
      this.done += 1;
      if (stats.hasErrors()) this.failed ??= compiler.name ?? 'an earlier compilation';
      const staging = this.staging();
      if (this.failed) {
        if (staging) rmSync(staging, { recursive: true, force: true });
        return;
      }
      if (this.done < this.compilations) return;
      writeReleaseManifest(this.main!.outputPath, undefined, this.inputs);
      if (staging) switchToStaging(staging, this.folder!);
    });
  }
}
