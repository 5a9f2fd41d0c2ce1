// `npm test`: runs every part in order, each to its end even when an earlier one failed, prints
// each part's time, and ends with the list of failed parts (exit 1 if any). `npm test -- lint unit`
// runs only the parts named. A test file that failed only because Node.js crashed under it (see
// tooling/build/jestWorkerCrashes.mjs) is run once more, alone, and the part says so.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workerCrashes } from '@tshirt/tooling/build/jestWorkerCrashes';

const PARTS = [
  { name: 'typecheck', script: 'typecheck', what: 'tsc over every workspace' },
  { name: 'lint', script: 'lint', what: 'ESLint, the one-way imports included' },
  { name: 'unit', script: 'test:unit', what: 'unit, component and server tests', jest: true },
  {
    name: 'processes',
    script: 'test:processes',
    what: 'the server as a process, Postgres, signals, load',
    jest: true,
  },
  { name: 'e2e', script: 'test:e2e', what: 'production build, then the browser tests' },
];

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !PARTS.some((part) => part.name === name));
if (unknown.length > 0) {
  console.error(
    `No part named ${unknown.join(', ')}. The parts: ${PARTS.map((part) => part.name).join(', ')}.`,
  );
  process.exit(2);
}
const parts = asked.length === 0 ? PARTS : PARTS.filter((part) => asked.includes(part.name));

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** Runs an npm script with the terminal's output; resolves with its exit code (or signal). */
function runScript(script, args = []) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      cwd: root,
      stdio: 'inherit',
    });
    child.on('error', (error) => resolve({ code: 1, detail: error.message }));
    child.on('exit', (code, signal) =>
      resolve({ code: code ?? 1, detail: signal ? `stopped by ${signal}` : `exit ${code}` }),
    );
  });
}

/** Jest's report of a run (`--json`), or undefined when it wrote none (it did not get to the end). */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Runs one part. A Jest part that failed only because the runtime killed the workers of some
 * files runs those files once more, and passes if they do.
 */
async function run(part, reportDir) {
  if (!part.jest) return runScript(part.script);
  const report = join(reportDir, `${part.name}.json`);
  const result = await runScript(part.script, ['--json', `--outputFile=${report}`]);
  const crashes = result.code === 0 ? undefined : readReport(report);
  if (!crashes) return result;
  const { crashed, failedOnTheirOwn } = workerCrashes(crashes);
  // After a Ctrl-C nothing more is started, a file to run again included.
  if (crashed.length === 0 || interrupted) return result;
  const named = crashed.map(({ file, signal }) => `${file.slice(root.length)} (${signal})`);
  console.log(
    `\n↻ Node.js crashed under ${named.join(', ')}, not a test (nodejs/node#64500); running ${crashed.length === 1 ? 'it' : 'them'} once more\n`,
  );
  const again = await runScript(part.script, [
    '--runTestsByPath',
    ...crashed.map(({ file }) => file),
  ]);
  const note = `Node.js crashed under ${named.join(', ')}; ${again.code === 0 ? 'passed' : 'failed'} when run again`;
  if (failedOnTheirOwn.length > 0) return { ...result, note };
  return { ...again, note };
}

// A Ctrl-C reaches the running part too (same process group): let it end, then start no other.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (interrupted = true));

// The Node.js every part runs on: the project's own (the `node` dev dependency), not the machine's.
console.log(`npm test on Node.js ${process.version}`);
const reportDir = mkdtempSync(join(tmpdir(), 'npm-test-'));
const results = [];
const started = Date.now();
for (const [index, part] of parts.entries()) {
  if (interrupted) break;
  console.log(`\n▶ npm test, part ${index + 1} of ${parts.length}: ${part.name} (${part.what})\n`);
  const partStarted = Date.now();
  const { code, detail, note } = await run(part, reportDir);
  const ok = code === 0;
  const said = [ok ? undefined : detail, note].filter(Boolean).join('; ');
  const result = { part, ok, said, ms: Date.now() - partStarted };
  results.push(result);
  console.log(
    `\n${ok ? '✔' : '✘'} ${part.name} ${ok ? 'passed' : 'failed'}${said ? ` (${said})` : ''} in ${duration(result.ms)}`,
  );
}
rmSync(reportDir, { recursive: true, force: true });

const failed = results.filter((result) => !result.ok);
const skipped = parts.slice(results.length);
console.log(
  `\nnpm test: ${results.length} of ${parts.length} parts run in ${duration(Date.now() - started)}`,
);
for (const { part, ok, said, ms } of results) {
  console.log(
    `  ${ok ? '✔' : '✘'} ${part.name.padEnd(10)} ${duration(ms).padStart(12)}${said ? `  ${said}` : ''}`,
  );
}
for (const part of skipped)
  console.log(`  - ${part.name.padEnd(10)} ${'not run'.padStart(12)}  interrupted`);
if (failed.length > 0) {
  console.log(
    `\nFailed: ${failed.map(({ part }) => part.name).join(', ')}. Run one again alone: ${failed
      .map(({ part }) => `npm run ${part.script}`)
      .join(', ')}.`,
  );
}
process.exit(failed.length > 0 || skipped.length > 0 ? 1 : 0);
