/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, buildServerIfStale, serverMain, whyBuildServer } from './serverBuild.mjs';

describe('the server’s bundle, built when its sources changed', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const bundle = () => readFileSync(serverMain(root), 'utf8');

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'server-build-'));
    write('tsconfig.json', '{ "compilerOptions": { "strict": true } }');
    write('server/tsconfig.json', '{ "extends": "../tsconfig.json" }');
    for (const workspace of ['server', 'shared', 'art']) write(`${workspace}/package.json`, '{}');
    write(
      'server/src/greeting.ts',
      'export const greeting = (name: string): string => `Hello, ${name}`;',
    );
    write(
      'server/src/main.ts',
      "import { greeting } from './greeting';\nconsole.log(greeting('shop'), __filename.endsWith('main.js'));",
    );
    write('server/src/storage/pgliteThread.ts', 'export const thread = 1;');
    write('server/src/generation/artEngineTask.ts', 'export default () => 1;');
    write('server/src/rendering/printRenderTask.ts', 'export default () => 2;');
    write('server/src/workers/workerEntry.cjs', "'use strict';");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('says why before its first build, then builds nothing more, however its files’ times fall', async () => {
    expect(whyBuildServer(root)).toBe('not built yet');
    expect(await buildServerIfStale(root)).toBe('not built yet');
    // As an editor saving a file unchanged, or a checkout, leaves it: newer than the bundle.
    utimesSync(join(root, 'server/src/greeting.ts'), new Date(), new Date());
    utimesSync(serverMain(root), new Date('2020-01-01'), new Date('2020-01-01'));
    expect(whyBuildServer(root)).toBeUndefined();
    expect(await buildServerIfStale(root)).toBeUndefined();
  });

  it('runs on node alone: the sources and the modules they import in one file, one more per thread', async () => {
    await buildServer(root);
    expect(execFileSync(process.execPath, [serverMain(root)], { encoding: 'utf8' })).toBe(
      'Hello, shop true\n',
    );
    for (const thread of ['pgliteThread', 'artEngineTask', 'printRenderTask'])
      expect(readFileSync(join(root, 'server/dist', `${thread}.js`), 'utf8')).not.toBe('');
    expect(readFileSync(join(root, 'server/dist/workerEntry.cjs'), 'utf8')).toBe("'use strict';");
  });

  it('builds again when a module the bundle imports, a setting or a written file changed', async () => {
    await buildServer(root);
    write(
      'server/src/greeting.ts',
      'export const greeting = (name: string): string => `Hi, ${name}`;',
    );
    expect(whyBuildServer(root)).toBe('server/src/greeting.ts changed');
    expect(await buildServerIfStale(root)).toBe('server/src/greeting.ts changed');
    expect(bundle()).toContain('Hi, ');

    write('server/tsconfig.json', '{ "extends": "../tsconfig.json", "compilerOptions": {} }');
    expect(whyBuildServer(root)).toBe('server/tsconfig.json changed');
    await buildServer(root);

    writeFileSync(serverMain(root), 'copied over');
    expect(whyBuildServer(root)).toBe('server/dist/main.js is not what its build wrote');
    rmSync(join(root, 'server/dist/printRenderTask.js'));
    await buildServer(root);
    rmSync(join(root, 'server/dist/printRenderTask.js'));
    expect(whyBuildServer(root)).toBe('server/dist/printRenderTask.js is missing');
  });

  it('leaves the last bundle as it was when the sources do not build, and names the error', async () => {
    await buildServer(root);
    const good = bundle();
    write('server/src/greeting.ts', 'export const greeting = (;');
    await expect(buildServer(root)).rejects.toThrow(/greeting\.ts/);
    expect(bundle()).toBe(good);
    expect(whyBuildServer(root)).toBe('server/src/greeting.ts changed');
  });
});
