/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Configuration } from 'webpack';
import { isContentHashed } from '@tshirt/shared/cachePolicy';
import { BYTES_BUDGET_FILE, ProductBytesBudget } from './bytesBudget';
import { currentRelease, release } from './release';
import { ReleaseManifestPlugin, releaseFiles, stagingFolder } from './releaseManifest';
import { runWebpack } from '../test/runWebpack';

/** Random text: it compresses as little as code does, so its gzip size is near its length. */
function incompressible(length: number): string {
  let text = '';
  while (text.length < length) text += Math.random().toString(36).slice(2);
  return text.slice(0, length);
}

describe('a production build that a check refuses', () => {
  let appDir: string;
  let dist: string;

  beforeEach(() => {
    appDir = mkdtempSync(join(tmpdir(), 'staged-build-'));
    dist = join(appDir, 'dist');
    mkdirSync(join(appDir, 'src'));
  });
  afterEach(() => rmSync(appDir, { recursive: true, force: true }));

  /**
   * A remote's build in small: a container with a lazily loaded part, then its early script, the
   * bytes budget checked by the last, each writing into the staging folder.
   */
  function remoteBuild(text: string, scriptsGzipKB: number): Configuration[] {
    writeFileSync(
      join(appDir, 'src', 'index.js'),
      `document.title = ${JSON.stringify(text)}; import(/* webpackChunkName: "part" */ './part.js');`,
    );
    writeFileSync(join(appDir, 'src', 'part.js'), `document.body.dataset.part = "${text.length}";`);
    writeFileSync(join(appDir, 'src', 'early.js'), `document.body.dataset.early = "1";`);
    writeFileSync(
      join(appDir, BYTES_BUDGET_FILE),
      JSON.stringify({ page: '/product', scriptsGzipKB }),
    );
    const budget = new ProductBytesBudget('designer', appDir);
    const manifest = new ReleaseManifestPlugin(2, 'inputs', dist);
    const output = {
      path: stagingFolder(dist),
      chunkFilename: 'chunks/[name].[contenthash:10].js',
    };
    return [
      {
        name: 'container',
        mode: 'production',
        context: appDir,
        entry: { main: './src/index.js' },
        // As the apps' builds clean: a content-hashed file is kept for pages opened before.
        output: { ...output, clean: { keep: isContentHashed } },
        plugins: [budget.measure((name) => name === 'part'), manifest],
      },
      {
        name: 'early',
        dependencies: ['container'],
        mode: 'production',
        context: appDir,
        entry: { early: './src/early.js' },
        output,
        plugins: [budget.measure(), manifest],
      },
    ];
  }

  /** Every file of the folder, its manifests included, with its bytes. */
  const contents = (folder: string) =>
    Object.fromEntries(
      readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const path = join(entry.parentPath, entry.name);
          return [path.slice(folder.length + 1), readFileSync(path)];
        }),
    );

  it('leaves every file of dist/ and its release manifest as they were, and the last good build still ships', async () => {
    const good = await runWebpack(remoteBuild(incompressible(1000), 10));
    expect(good.hasErrors()).toBe(false);
    const before = contents(dist);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'main.js',
        'early.js',
        expect.stringMatching(/^release\/manifest\./),
      ]),
    );

    const refused = await runWebpack(remoteBuild(incompressible(8000), 4));

    expect(refused.hasErrors()).toBe(true);
    expect(contents(dist)).toEqual(before);
    expect(readdirSync(appDir).sort()).toEqual([BYTES_BUDGET_FILE, 'dist', 'src']);
    const target = join(appDir, 'served');
    const id = release(dist, target);
    expect(currentRelease(target)).toBe(id);
    expect(readFileSync(join(target, 'current', 'main.js'))).toEqual(before['main.js']);
  });

  it('replaces dist/ once every check has passed, keeping the last build’s content-hashed chunks', async () => {
    await runWebpack(remoteBuild(incompressible(1000), 10));
    const firstChunks = releaseFiles(dist).filter((path) => path.startsWith('chunks/'));

    const next = await runWebpack(remoteBuild(incompressible(1200), 10));

    expect(next.hasErrors()).toBe(false);
    const files = releaseFiles(dist);
    expect(files).toEqual(expect.arrayContaining(firstChunks));
    expect(files.filter((path) => path.startsWith('chunks/')).length).toBe(2);
    expect(readdirSync(appDir).sort()).toEqual([BYTES_BUDGET_FILE, 'dist', 'src']);
  });
});
