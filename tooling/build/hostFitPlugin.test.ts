/**
 * @jest-environment node
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Configuration, MultiStats } from 'webpack';
import { providedSingletons } from './federation';
import { HostFitPlugin } from './hostFitPlugin';
import { ReleaseManifestPlugin } from './releaseManifest';
import { runWebpack } from '../test/runWebpack';

const HOST_DIR = join(__dirname, '..', '..', 'host');

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('HostFitPlugin', () => {
  const hostVersion = (request: string) => providedSingletons(HOST_DIR)[request]?.version;
  const savedManifestUrl = process.env.HOST_MANIFEST_URL;
  let remoteDir: string;

  beforeEach(() => {
    delete process.env.HOST_MANIFEST_URL;
    remoteDir = mkdtempSync(join(tmpdir(), 'host-fit-'));
    mkdirSync(join(remoteDir, 'src'));
    writeFileSync(join(remoteDir, 'src', 'index.js'), 'document.title = "part";\n');
  });
  afterEach(() => {
    rmSync(remoteDir, { recursive: true, force: true });
    if (savedManifestUrl === undefined) delete process.env.HOST_MANIFEST_URL;
    else process.env.HOST_MANIFEST_URL = savedManifestUrl;
  });

  /** The remote's build, as its production build is made: the container, then the standalone page, one release manifest. */
  function remoteBuild(dependencies: Record<string, string>): Configuration[] {
    writeFileSync(
      join(remoteDir, 'package.json'),
      JSON.stringify({ name: 'probe-remote', dependencies }),
    );
    const release = new ReleaseManifestPlugin(2);
    const output = { path: join(remoteDir, 'dist') };
    return [
      {
        name: 'designer-container',
        mode: 'production',
        context: remoteDir,
        entry: { container: './src/index.js' },
        output,
        plugins: [new HostFitPlugin('designer', remoteDir), release],
      },
      {
        name: 'designer-standalone',
        dependencies: ['designer-container'],
        mode: 'production',
        context: remoteDir,
        entry: { standalone: './src/index.js' },
        output,
        plugins: [release],
      },
    ];
  }

  const fitting = { react: '^19.0.0', 'react-dom': '^19.0.0', '@tshirt/shared': '^1.0.0' };
  const messages = (stats: MultiStats) =>
    stats.stats.map((each) => each.compilation.errors.map((error) => error.message));

  it('fails the build of a remote built against react ^18, naming its range and the version the host provides, and writes nothing', async () => {
    const stats = await runWebpack(remoteBuild({ ...fitting, react: '^18.2.0' }));

    expect(stats.hasErrors()).toBe(true);
    const [container, standalone] = messages(stats);
    expect(container).toEqual([
      expect.stringContaining(
        `designer does not fit the host in this repository:\n- designer requires react@^18.2.0, but the host provides ${hostVersion('react')}`,
      ),
    ]);
    expect(standalone).toEqual(['not written: designer-container failed (the reason is above)']);
    expect(existsSync(join(remoteDir, 'dist'))).toBe(false);
  });

  it('fails a remote built against another major version of the store package, naming both versions', async () => {
    const stats = await runWebpack(remoteBuild({ ...fitting, '@tshirt/shared': '^2.0.0' }));

    expect(messages(stats)[0]?.[0]).toContain(
      `designer requires @tshirt/shared@^2.0.0, but the host provides ${hostVersion('@tshirt/shared')}`,
    );
  });

  it('fails with the reason when the deployed host named by HOST_MANIFEST_URL cannot be read, never passing silently', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/host-manifest.json`;
    process.env.HOST_MANIFEST_URL = url;
    const stats = await runWebpack(remoteBuild(fitting));

    expect(messages(stats)[0]?.[0]).toMatch(
      new RegExp(
        `^designer could not be checked against its host: HOST_MANIFEST_URL ${url.replace(/\./g, '\\.')} could not be read: .*ECONNREFUSED`,
      ),
    );
    expect(existsSync(join(remoteDir, 'dist'))).toBe(false);
  });

  it('only warns, with ALLOW_HOST_MISFIT=true, for a part built to prove the run-time refusal', async () => {
    process.env.ALLOW_HOST_MISFIT = 'true';
    try {
      const stats = await runWebpack(remoteBuild({ ...fitting, react: '^18.2.0' }));
      expect(messages(stats)).toEqual([[], []]);
      expect(stats.stats[0]!.compilation.warnings.map((warning) => warning.message)).toEqual([
        expect.stringContaining('designer requires react@^18.2.0'),
      ]);
    } finally {
      delete process.env.ALLOW_HOST_MISFIT;
    }
  });

  it('lets a remote that fits the host build', async () => {
    const stats = await runWebpack(remoteBuild(fitting));

    expect(messages(stats)).toEqual([[], []]);
    expect(readdirSync(join(remoteDir, 'dist')).sort()).toEqual([
      'container.js',
      'release',
      'standalone.js',
    ]);
  });
});
