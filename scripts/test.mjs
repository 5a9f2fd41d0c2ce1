// `npm test`: runs every part in order, each to its end even when an earlier one failed, prints
// each part's time, and ends with the list of failed parts (exit 1 if any). `npm test -- lint unit`
// runs only the parts named.
import { spawn } from 'node:child_process';

const PARTS = [
  { name: 'typecheck', script: 'typecheck', what: 'tsc over every workspace' },
  { name: 'lint', script: 'lint', what: 'ESLint, the one-way imports included' },
  { name: 'unit', script: 'test:unit', what: 'unit, component and server tests' },
  {
    name: 'processes',
    script: 'test:processes',
    what: 'the server as a process, Postgres, signals, load',
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

/** Runs one part with the terminal's output; resolves with its exit code (or signal). */
function run(part) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', part.script], { cwd: root, stdio: 'inherit' });
    child.on('error', (error) => resolve({ code: 1, detail: error.message }));
    child.on('exit', (code, signal) =>
      resolve({ code: code ?? 1, detail: signal ? `stopped by ${signal}` : `exit ${code}` }),
    );
  });
}

// A Ctrl-C reaches the running part too (same process group): let it end, then start no other.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (interrupted = true));

// The Node.js every part runs on: the project's own (the `node` dev dependency), not the machine's.
console.log(`npm test on Node.js ${process.version}`);
const results = [];
const started = Date.now();
for (const [index, part] of parts.entries()) {
  if (interrupted) break;
  console.log(`\n▶ npm test, part ${index + 1} of ${parts.length}: ${part.name} (${part.what})\n`);
  const partStarted = Date.now();
  const { code, detail } = await run(part);
  const result = { part, ok: code === 0, detail, ms: Date.now() - partStarted };
  results.push(result);
  console.log(
    `\n${result.ok ? '✔' : '✘'} ${part.name} ${result.ok ? 'passed' : `failed (${detail})`} in ${duration(result.ms)}`,
  );
}

const failed = results.filter((result) => !result.ok);
const skipped = parts.slice(results.length);
console.log(
  `\nnpm test: ${results.length} of ${parts.length} parts run in ${duration(Date.now() - started)}`,
);
for (const { part, ok, detail, ms } of results) {
  console.log(
    `  ${ok ? '✔' : '✘'} ${part.name.padEnd(10)} ${duration(ms).padStart(12)}${ok ? '' : `  ${detail}`}`,
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
