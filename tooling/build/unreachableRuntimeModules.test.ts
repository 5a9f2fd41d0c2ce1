/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import type webpack from 'webpack';
import { DropUnreachableRuntimeModulesPlugin } from './unreachableRuntimeModules';
import { runWebpack } from '../test/runWebpack';

const REPO_ROOT = join(__dirname, '..', '..');

/** What the federation SDK's logger, which a remote without remotes never calls, writes first. */
const SDK_LOGGER_PREFIX = '[ Module Federation ]';

describe('DropUnreachableRuntimeModulesPlugin', () => {
  let appDir: string;

  beforeEach(() => {
    appDir = mkdtempSync(join(tmpdir(), 'unreachable-runtime-modules-'));
    mkdirSync(join(appDir, 'src'));
    writeFileSync(join(appDir, 'src', 'part.js'), 'export const part = () => "a part";\n');
  });
  afterEach(() => rmSync(appDir, { recursive: true, force: true }));

  /** A remote's container as the store builds it: no remotes, the host's federation runtime. */
  async function remoteEntry(plugins: webpack.WebpackPluginInstance[]): Promise<string> {
    const stats = await runWebpack({
      mode: 'production',
      context: appDir,
      entry: {},
      output: { path: join(appDir, 'dist'), publicPath: 'auto' },
      resolve: { modules: ['node_modules', join(REPO_ROOT, 'node_modules')] },
      plugins: [
        new ModuleFederationPlugin({
          name: 'designer',
          filename: 'remoteEntry.js',
          exposes: { './Part': './src/part.js' },
          dts: false,
          manifest: false,
          experiments: {
            externalRuntime: true,
            optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
          },
        }),
        ...plugins,
      ],
    });
    expect(stats.compilation.errors).toEqual([]);
    return readFileSync(join(appDir, 'dist', 'remoteEntry.js'), 'utf8');
  }

  it('takes the modules nothing requires out of a remote entry, and keeps its container', async () => {
    const without = await remoteEntry([]);
    const pruned = await remoteEntry([new DropUnreachableRuntimeModulesPlugin()]);

    expect(without).toContain(SDK_LOGGER_PREFIX);
    expect(pruned).not.toContain(SDK_LOGGER_PREFIX);
    expect(pruned.length).toBeLessThan(without.length);
    expect(pruned).toContain('"./Part"');
    expect(pruned).toContain('_FEDERATION_RUNTIME_CORE');
  }, 60_000);
});
