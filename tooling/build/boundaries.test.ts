/**
 * @jest-environment node
 *
 * The packages' one-way arrows (docs/ARCHITECTURE.md) hold only while eslint.config.mjs refuses
 * what crosses them: each import below is linted as if it were in the named file, by the
 * repository's own ESLint configuration, in one child process (ESLint loads its config as ESM).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '..', '..');

interface Probe {
  /** Where the import is written (the file need not exist). */
  file: string;
  from: string;
}

/** The no-restricted-imports messages ESLint gives each probe, in order. */
function boundaryMessages(probes: readonly Probe[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint();
    const answers = [];
    for (const { file, from } of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(\`import '\${from}';\\n\`, { filePath: file });
      answers.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message));
    }
    process.stdout.write(JSON.stringify(answers));
  `;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(probes)],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  return JSON.parse(output) as string[][];
}

const REFUSED: Probe[] = [
  { file: 'host/src/probe.ts', from: '@tshirt/remote-designer/exposes' },
  { file: 'host/src/probe.ts', from: '@tshirt/tooling/test/fakeFetch' },
  { file: 'remote-designer/src/probe.tsx', from: '@tshirt/remote-checkout/exposes' },
  { file: 'remote-checkout/src/probe.tsx', from: '@tshirt/host/start' },
  { file: 'remote-checkout/src/probe.tsx', from: '../../host/src/bootstrap' },
  { file: 'shared/src/probe.ts', from: '@tshirt/tooling/test/fakeFetch' },
  { file: 'art/src/probe.ts', from: '@tshirt/server/storage/database' },
  { file: 'tooling/build/probe.ts', from: '@tshirt/art' },
  { file: 'shared/src/mocks/probe.ts', from: '@tshirt/art/browser' },
  { file: 'server/src/probe.ts', from: '@tshirt/host/start' },
  { file: 'server/src/probe.ts', from: '../../art/src/svg' },
  { file: 'e2e/src/probe.ts', from: '@tshirt/server/storage/database' },
  { file: 'bench/server/probe.ts', from: '../../server/src/storage/database' },
];

const ALLOWED: Probe[] = [
  { file: 'host/src/probe.ts', from: '@tshirt/shared/catalog' },
  { file: 'host/src/probe.test.ts', from: '@tshirt/tooling/test/fakeFetch' },
  { file: 'remote-designer/src/probe.tsx', from: '@tshirt/shared' },
  { file: 'server/src/probe.ts', from: '@tshirt/art' },
  { file: 'tooling/dev/probe.ts', from: '@tshirt/art/browser' },
  { file: 'server/test/probe.ts', from: '@tshirt/tooling/test/storeServer' },
  { file: 'e2e/src/probe.ts', from: '@tshirt/tooling/test/storeServer' },
  { file: 'bench/server/probe.ts', from: '@tshirt/server/storage/database' },
  // bench/server/ is the bench's own folder, not the server workspace.
  { file: 'bench/report/probe.ts', from: '../server/serverBench' },
];

it('refuses every import that crosses a boundary, and allows the arrows that exist', () => {
  const messages = boundaryMessages([...REFUSED, ...ALLOWED]);
  const refused = messages.slice(0, REFUSED.length);
  const allowed = messages.slice(REFUSED.length);
  REFUSED.forEach((probe, index) =>
    expect({ ...probe, refused: (refused[index] ?? []).length > 0 }).toEqual({
      ...probe,
      refused: true,
    }),
  );
  ALLOWED.forEach((probe, index) =>
    expect({ ...probe, messages: allowed[index] }).toEqual({ ...probe, messages: [] }),
  );
  // The message says where the rule comes from.
  expect(refused[0]?.[0]).toMatch(
    /host\/ may import only @tshirt\/shared \(docs\/ARCHITECTURE\.md\)/,
  );
}, 60_000);
