import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createEarlyScriptConfig, type EarlyScriptRecord } from './earlyScript';
import { runWebpack } from '../test/runWebpack';

const REPO_MODULES = join(__dirname, '..', '..', 'node_modules');

describe('createEarlyScriptConfig', () => {
  let appDir: string;

  beforeEach(() => {
    appDir = mkdtempSync(join(tmpdir(), 'early-script-'));
    mkdirSync(join(appDir, 'src'));
    writeFileSync(
      join(appDir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'bundler' },
      }),
    );
  });
  afterEach(() => rmSync(appDir, { recursive: true, force: true }));

  const configFor = (source: string, record: EarlyScriptRecord, maxBytes?: number) => {
    writeFileSync(join(appDir, 'src', 'early.ts'), source);
    const config = createEarlyScriptConfig({
      name: 'probe-early',
      after: 'probe-container',
      appDir,
      entry: './src/early.ts',
      outputPath: join(appDir, 'dist'),
      record,
      ...(maxBytes === undefined ? {} : { maxBytes }),
    });
    // The app lives outside the repository: its loaders and `@tshirt/shared` are found in it.
    config.resolve = { ...config.resolve, modules: ['node_modules', REPO_MODULES] };
    config.resolveLoader = { modules: [REPO_MODULES] };
    // Run alone here, not after a container compilation.
    delete config.dependencies;
    return config;
  };

  it('builds one small ES2017 classic script, content-hashed, with shared constants as literals, and its compressed copies, and records its name', async () => {
    const record: EarlyScriptRecord = {};
    const config = configFor(
      `import { PART_ATTRIBUTES } from '@tshirt/shared/contract';
       document.addEventListener('click', (event) => {
         const part = (event.target as Element | null)?.closest(\`[\${PART_ATTRIBUTES.part}]\`);
         part?.setAttribute('data-seen', '');
       }, true);`,
      record,
    );
    const stats = await runWebpack(config);

    expect(stats.toJson({ errors: true }).errors?.map((e) => e.message)).toEqual([]);
    expect(record.early).toMatch(/^early\.[0-9a-f]{10}\.js$/);
    expect(readdirSync(join(appDir, 'dist')).sort()).toEqual(
      [record.early, `${record.early}.br`, `${record.early}.gz`].sort(),
    );
    const script = readFileSync(join(appDir, 'dist', record.early!), 'utf8');
    expect(script).toContain('data-remote-part');
    expect(script).not.toMatch(/\bimport\b|\brequire\(|__webpack_require__/);
    // ES2017: no optional chaining.
    expect(script).not.toContain('?.');
    expect(script.startsWith('(()=>{')).toBe(true);
    expect(Buffer.byteLength(script)).toBeLessThan(1024);
  });

  it('fails the build, recording nothing, when the script grows past its limit', async () => {
    const record: EarlyScriptRecord = {};
    const config = configFor(`document.title = ${JSON.stringify('x'.repeat(300))};`, record, 200);
    const stats = await runWebpack(config);

    expect(stats.hasErrors()).toBe(true);
    expect(stats.toJson({ errors: true }).errors?.[0]?.message).toMatch(
      /the early script early\.[0-9a-f]{10}\.js is \d+ bytes, over 200/,
    );
    expect(record.early).toBeUndefined();
  });
});
