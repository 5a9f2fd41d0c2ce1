/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReleaseManifest } from './releaseManifest';
import { appInputsHash, staleApps, whyBuild } from './staleApps.mjs';

const APP = { workspace: 'app', output: 'app/dist', distVariable: 'APP_DIST_DIR' };

describe('which front-end apps npm start builds', () => {
  let root: string;
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  /** What a production build leaves: its files and a manifest naming what it was made from. */
  const build = () => {
    write('app/dist/main.js', 'built');
    write('app/dist/chunks/1.0123456789.js', 'chunk');
    writeReleaseManifest(join(root, 'app/dist'), undefined, appInputsHash(root, 'app', {}));
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'stale-apps-'));
    write('package-lock.json', '{}');
    write('shared/src/contract.ts', 'export const A = 1;');
    write('tooling/build/webpackConfig.ts', 'export {};');
    write('app/src/index.ts', 'import("./bootstrap");');
    write('app/webpack.config.ts', 'export default {};');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds nothing right after a build, however its files’ times fall', () => {
    build();
    // As webpack leaves an output it did not change: older than the sources.
    const past = new Date('2020-01-01');
    utimesSync(join(root, 'app/dist/main.js'), past, past);
    utimesSync(join(root, 'app/src/index.ts'), new Date(), new Date());

    expect(staleApps(root, [APP], {})).toEqual([]);
  });

  it('builds an app never built, one whose sources, shared code or build tooling changed, and not for a test beside them or the tooling no app build runs', () => {
    expect(whyBuild(root, APP, {})).toBe('not built yet');
    build();
    write('app/src/index.test.ts', 'it("is a test", () => {});');
    // Nor for the build tooling no front-end build runs: the server's bundler, the release command.
    write('tooling/build/serverBuild.mjs', '// the server’s bundler');
    write('tooling/build/release.ts', '// the release command');
    expect(whyBuild(root, APP, {})).toBeUndefined();

    for (const source of [
      'app/src/index.ts',
      'shared/src/contract.ts',
      'tooling/build/webpackConfig.ts',
    ]) {
      build();
      write(source, '// changed');
      expect(whyBuild(root, APP, {})).toBe('its sources changed since its last build');
    }
  });

  it('builds again when the folder no longer holds what its build wrote, or the build would be made another way', () => {
    build();
    write('app/dist/main.js', 'edited by hand');
    expect(whyBuild(root, APP, {})).toBe('app/dist/main.js is not the file its build wrote');

    build();
    rmSync(join(root, 'app/dist/chunks'), { recursive: true });
    expect(whyBuild(root, APP, {})).toBe('app/dist/chunks/1.0123456789.js is missing');

    build();
    expect(whyBuild(root, APP, { ALLOW_HOST_MISFIT: 'true' })).toBe(
      'its sources changed since its last build',
    );
  });
});
