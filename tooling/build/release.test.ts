import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentRelease, release, switchRelease } from './release';
import { releaseProblems, writeReleaseManifest } from './releaseManifest';

describe('npm run release', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'tshirt-release-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  /** A build's output: `files` and the manifest listing them. */
  function build(name: string, files: Record<string, string>): string {
    const dist = join(folder, name);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dist, path, '..'), { recursive: true });
      writeFileSync(join(dist, path), text);
    }
    writeReleaseManifest(dist);
    return dist;
  }

  it('ships each build as a folder of its own and switches `current` to it in one step, keeping the last one’s chunks', () => {
    const target = join(folder, 'served');
    const first = build('first', { 'remoteEntry.js': 'one', 'chunks/a.0123456789.js': 'a' });
    const one = release(first, target);
    expect(readlinkSync(join(target, 'current'))).toBe(join('releases', one));
    expect(readFileSync(join(target, 'current', 'remoteEntry.js'), 'utf8')).toBe('one');

    const second = build('second', { 'remoteEntry.js': 'two', 'chunks/b.0123456789.js': 'b' });
    const two = release(second, target);
    expect(currentRelease(target)).toBe(two);
    const live = join(target, 'current');
    expect(readFileSync(join(live, 'remoteEntry.js'), 'utf8')).toBe('two');
    // A page opened before the switch still finds its chunk, as a link to the same file.
    expect(statSync(join(live, 'chunks/a.0123456789.js')).ino).toBe(
      statSync(join(target, 'releases', one, 'chunks/a.0123456789.js')).ino,
    );
    expect(releaseProblems(live)).toEqual([]);
    // The first release was not written through its links.
    expect(readFileSync(join(target, 'releases', one, 'remoteEntry.js'), 'utf8')).toBe('one');

    switchRelease(target, one);
    expect(readFileSync(join(target, 'current', 'remoteEntry.js'), 'utf8')).toBe('one');
  });

  it('refuses a folder whose files are not those its build listed, or that has no manifest', () => {
    const target = join(folder, 'served');
    const edited = build('edited', { 'remoteEntry.js': 'built' });
    writeFileSync(join(edited, 'remoteEntry.js'), 'changed by hand');
    expect(() => release(edited, target)).toThrow(
      /remoteEntry\.js is not the file its build wrote/,
    );

    const bare = join(folder, 'bare');
    mkdirSync(bare);
    writeFileSync(join(bare, 'remoteEntry.js'), 'x');
    expect(() => release(bare, target)).toThrow(/no release manifest/);
    expect(currentRelease(target)).toBeUndefined();
    expect(() => switchRelease(target, 'nope')).toThrow(/No release nope/);
  });

  it('names a remote’s release by the id its parts show on the page, and a rebuild of the same code with other files apart', () => {
    const target = join(folder, 'served');
    const fragments = JSON.stringify({ release: 'e30d226217a51cf6fdaa' });
    const first = build('first', { 'remoteEntry.js': 'one', 'fragments.json': fragments });
    expect(release(first, target)).toBe('e30d226217a51cf6fdaa');
    // Shipped again as it is: the same release, switched to.
    expect(release(first, target)).toBe('e30d226217a51cf6fdaa');

    const early = build('early', {
      'remoteEntry.js': 'one',
      'fragments.json': fragments,
      'early.0123456789.js': 'early',
    });
    const id = release(early, target);
    expect(id).toMatch(/^e30d226217a51cf6fdaa\.[0-9a-f]{16}$/);
    expect(currentRelease(target)).toBe(id);
  });
});
