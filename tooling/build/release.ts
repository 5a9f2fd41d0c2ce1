/**
 * `npm run release -w <app> -- <target>`: ships a built folder to `<target>` as its own folder,
 * then switches the store to it in one step.
 *
 *   <target>/releases/<id>/   one folder per release, never written again once switched to
 *   <target>/current          a link to the live one: the store's *_DIST_DIR points here
 *
 * The new folder starts with hard links to the previous release's files (a page opened before the
 * switch still finds its chunks there; a newer build's files replace them) and its manifests; it
 * is checked file by file against the manifests before `current` is swapped by a rename (one
 * step, as `mv -T`). `--switch <id>` swaps `current` back to an earlier release (a rollback);
 * `--list` prints the releases, the live one marked. docs/DEPLOY.md says why.
 */
import {
  copyFileSync,
  existsSync,
  readFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readReleaseManifests, releaseFiles, releaseProblems } from './releaseManifest';
import { RELEASE_MANIFEST_FOLDER } from '@tshirt/shared/releaseManifest';
import { REMOTE_FRAGMENTS_FILE } from '@tshirt/shared/contract';

const RELEASES = 'releases';
const CURRENT = 'current';

/** The live release's id, or undefined before the first release. */
export function currentRelease(target: string): string | undefined {
  try {
    return readlinkSync(join(target, CURRENT)).split('/').pop();
  } catch {
    return undefined;
  }
}

/** Points `<target>/current` at `releases/<id>` in one step. */
export function switchRelease(target: string, id: string): void {
  if (!existsSync(join(target, RELEASES, id))) throw new Error(`No release ${id} in ${target}`);
  const temporary = join(target, `.${CURRENT}.${process.pid}.tmp`);
  rmSync(temporary, { force: true });
  symlinkSync(join(RELEASES, id), temporary);
  renameSync(temporary, join(target, CURRENT));
}

/** A hard link, or a copy where the two folders are on different file systems. */
function linkOrCopy(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** The hash of a built folder's newest manifest (the build that wrote the folder last). */
function newestManifestId(built: string): string {
  const names = [...readReleaseManifests(built).entries()].sort(
    ([, a], [, b]) => Date.parse(b.builtAt) - Date.parse(a.builtAt),
  );
  const newest = names[0]?.[0];
  if (!newest) throw new Error(`${built} holds no release manifest: build it with npm run build`);
  return newest.replace(/^manifest\.|\.json$/g, '');
}

/** A remote build's release id, as its parts carry it on the page (`data-release`). */
function pageReleaseId(built: string): string | undefined {
  try {
    const { release } = JSON.parse(readFileSync(join(built, REMOTE_FRAGMENTS_FILE), 'utf8')) as {
      release?: unknown;
    };
    return typeof release === 'string' && /^[0-9a-f]{8,64}$/.test(release) ? release : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The id of a built folder's release: a remote's is the id its parts show on the page
 * (`data-release`), so a release in `--list` is the one a page names; the host's (and a remote
 * build whose same code was shipped before with other files, an early script say) adds or is its
 * newest manifest's hash.
 */
export function releaseId(built: string, target: string): string {
  const manifest = newestManifestId(built);
  const page = pageReleaseId(built);
  if (!page) return manifest;
  const shipped = join(target, RELEASES, page, RELEASE_MANIFEST_FOLDER);
  if (!existsSync(shipped) || readdirSync(shipped).includes(`manifest.${manifest}.json`)) {
    return page;
  }
  return `${page}.${manifest}`;
}

/** Ships `built` as a new release under `target` and switches to it; answers its id. */
export function release(built: string, target: string): string {
  const problems = releaseProblems(built);
  if (problems.length > 0) throw new Error(`Not released:\n- ${problems.join('\n- ')}`);
  const id = releaseId(built, target);
  const folder = join(target, RELEASES, id);
  if (existsSync(folder)) {
    switchRelease(target, id);
    return id;
  }
  const staging = join(target, RELEASES, `.${id}.${process.pid}.tmp`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const previous = currentRelease(target);
  if (previous) {
    const old = join(target, RELEASES, previous);
    for (const path of releaseFiles(old)) linkOrCopy(join(old, path), join(staging, path));
    for (const name of readdirSync(join(old, RELEASE_MANIFEST_FOLDER))) {
      linkOrCopy(
        join(old, RELEASE_MANIFEST_FOLDER, name),
        join(staging, RELEASE_MANIFEST_FOLDER, name),
      );
    }
  }
  for (const path of [
    ...releaseFiles(built),
    ...readdirSync(join(built, RELEASE_MANIFEST_FOLDER)).map(
      (name) => `${RELEASE_MANIFEST_FOLDER}/${name}`,
    ),
  ]) {
    const to = join(staging, path);
    mkdirSync(dirname(to), { recursive: true });
    rmSync(to, { force: true }); // a link to the old release's file: replaced, not written through
    copyFileSync(join(built, path), to);
  }
  const left = releaseProblems(staging);
  if (left.length > 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Not released, the copy does not match its build:\n- ${left.join('\n- ')}`);
  }
  renameSync(staging, folder);
  switchRelease(target, id);
  return id;
}

function main(argv: string[]): void {
  const [built, target, option, value] = argv;
  if (!built || !target) {
    console.error('Usage: npm run release -w <app> -- <target folder> [--switch <id> | --list]');
    process.exit(2);
  }
  const folder = resolve(target);
  if (option === '--list') {
    const live = currentRelease(folder);
    for (const id of readdirSync(join(folder, RELEASES)).filter((name) => !name.startsWith('.'))) {
      console.log(`${id === live ? '*' : ' '} ${id}`);
    }
    return;
  }
  if (option === '--switch') {
    if (!value) throw new Error('--switch needs a release id (see --list)');
    switchRelease(folder, value);
    console.log(`${folder}/${CURRENT} → ${RELEASES}/${value}`);
    return;
  }
  const id = release(resolve(built), folder);
  console.log(`Released ${id}: ${folder}/${CURRENT} → ${RELEASES}/${id}`);
  console.log(`Serve it with the store's *_DIST_DIR=${folder}/${CURRENT}`);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
