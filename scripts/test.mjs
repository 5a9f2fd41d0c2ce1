// `npm test`: runs every part, each to its end even when another one failed, prints each part's
// output and time as it ends, and ends with the list of failed parts (exit 1 if any). Two stages:
// first the build, the checks and the unit tests (one after another, their output live) beside the
// process tests (which mostly wait: signals, timers, a real Postgres; their output printed whole
// once the stage ends); then the browser tests alone, which need both cores. `--in-order` runs
// every part one after another. `npm test -- lint unit` runs only the parts named. A test file
// that failed only because Node.js crashed under it (see tooling/build/jestWorkerCrashes.mjs) is
// run once more, alone, and the part says so.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { buildStaleApps } from '@tshirt/tooling/build/buildStaleApps';
import { buildServerIfStale } from '@tshirt/tooling/build/serverBuild';
import { workerCrashes } from '@tshirt/tooling/build/jestWorkerCrashes';

const PARTS = [
  {
    name: 'build',
    stage: 1,
    lane: 1,
    what: 'the server and the front-end apps whose sources changed, once for the byte budgets and the tests that run them',
    rerun: 'npm run build',
  },
  { name: 'typecheck', stage: 1, lane: 1, script: 'typecheck', what: 'tsc over every workspace' },
  { name: 'lint', stage: 1, lane: 1, script: 'lint', what: 'ESLint, the one-way imports included' },
  {
    name: 'unit',
    stage: 1,
    lane: 1,
    script: 'test:unit',
    what: 'unit, component and server tests',
    jest: true,
  },
  {
    name: 'processes',
    stage: 1,
    lane: 2,
    script: 'test:processes',
    what: 'the server as a process, Postgres, signals, load',
    jest: true,
  },
  {
    name: 'e2e',
    stage: 2,
    lane: 1,
    script: 'test:e2e',
    what: 'production build if stale, then the browser tests',
    jest: true,
  },
];

const root = new URL('..', import.meta.url).pathname;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const args = process.argv.slice(2);
const inOrder = args.includes('--in-order');
const asked = args.filter((arg) => arg !== '--in-order');
const unknown = asked.filter((name) => !PARTS.some((part) => part.name === name));
if (unknown.length > 0) {
  console.error(
    `No part named ${unknown.join(', ')}. The parts: ${PARTS.map((part) => part.name).join(', ')} (and --in-order).`,
  );
  process.exit(2);
}
const parts = asked.length === 0 ? PARTS : PARTS.filter((part) => asked.includes(part.name));

function duration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const reportDir = mkdtempSync(join(tmpdir(), 'npm-test-'));
/**
 * The stages, run one after another; each stage its lanes, run at once, each lane its parts one
 * after another. With --in-order, one stage of one lane.
 */
const stages = inOrder
  ? [[parts]]
  : [...new Set(parts.map((part) => part.stage))].sort().map((stage) => {
      const inStage = parts.filter((part) => part.stage === stage);
      return [...new Set(inStage.map((part) => part.lane))]
        .sort()
        .map((lane) => inStage.filter((part) => part.lane === lane));
    });

/**
 * Runs an npm script, its output to the terminal (or to `log` when parts run together); resolves
 * with its exit code (or signal).
 */
function runScript(script, args = [], log) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      cwd: root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: log && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    });
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('error', (error) => resolve({ code: 1, detail: error.message }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? 1, detail: signal ? `stopped by ${signal}` : `exit ${code}` }),
    );
  });
}

/** The `build` part, in this process: what is built it leaves as it is. */
async function buildApps(log) {
  const say = (line) => (log ?? process.stdout).write(`${line}\n`);
  try {
    const [server, built] = await Promise.all([
      buildServerIfStale(root, { log: say }),
      buildStaleApps(root, { log: say }),
    ]);
    if (server === undefined && built.length === 0)
      say('The server and every front-end app are built from their current sources.');
    return { code: 0 };
  } catch (error) {
    say(error instanceof Error ? error.message : String(error));
    return { code: 1, detail: 'a build failed' };
  }
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
async function run(part, log) {
  if (!part.script) return buildApps(log);
  if (!part.jest) return runScript(part.script, [], log);
  const report = join(reportDir, `${part.name}.json`);
  const result = await runScript(part.script, ['--json', `--outputFile=${report}`], log);
  const crashes = result.code === 0 ? undefined : readReport(report);
  if (!crashes) return result;
  const { crashed, failedOnTheirOwn } = workerCrashes(crashes);
  // After a Ctrl-C nothing more is started, a file to run again included.
  if (crashed.length === 0 || interrupted) return result;
  const named = crashed.map(({ file, signal }) => `${file.slice(root.length)} (${signal})`);
  (log ?? process.stdout).write(
    `\n↻ Node.js crashed under ${named.join(', ')}, not a test (nodejs/node#64500); running ${crashed.length === 1 ? 'it' : 'them'} once more\n\n`,
  );
  const again = await runScript(
    part.script,
    ['--runTestsByPath', ...crashed.map(({ file }) => file)],
    log,
  );
  const note = `Node.js crashed under ${named.join(', ')}; ${again.code === 0 ? 'passed' : 'failed'} when run again`;
  if (failedOnTheirOwn.length > 0) return { ...result, note };
  return { ...again, note };
}

// A Ctrl-C reaches the running parts too (same process group): let them end, then start no other.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (interrupted = true));

/**
 * Runs `part` and prints how it went. A part beside another lane's (`buffered`) writes its output
 * to a file, printed whole when its stage ends: two parts' lines interleaved would be unreadable.
 */
async function runPart(part, buffered) {
  const index = parts.indexOf(part) + 1;
  console.log(
    `\n▶ npm test, part ${index} of ${parts.length}: ${part.name} (${part.what})${buffered ? ', beside the parts above; its output when they end' : ''}\n`,
  );
  const logFile = join(reportDir, `${part.name}.log`);
  const log = buffered ? createWriteStream(logFile) : undefined;
  const partStarted = Date.now();
  const { code, detail, note } = await run(part, log);
  const ok = code === 0;
  const said = [ok ? undefined : detail, note].filter(Boolean).join('; ');
  const result = { part, ok, said, ms: Date.now() - partStarted, logFile: log && logFile };
  if (log) {
    log.end();
    await finished(log);
  }
  const line = `${ok ? '✔' : '✘'} ${part.name} ${ok ? 'passed' : 'failed'}${said ? ` (${said})` : ''} in ${duration(result.ms)}`;
  if (!buffered) console.log(`\n${line}`);
  return { ...result, line };
}

/** Runs `lane`'s parts one after another, each even when the one before failed. */
async function runLane(lane, buffered) {
  const ran = [];
  for (const part of lane) {
    if (interrupted) break;
    ran.push(await runPart(part, buffered));
  }
  return ran;
}

/** Prints a buffered part's output and how it went. */
async function printBuffered({ part, logFile, line }) {
  console.log(`\n── ${part.name}: its output ──\n`);
  const output = createReadStream(logFile);
  output.pipe(process.stdout, { end: false });
  await finished(output);
  console.log(`\n${line}`);
}

// The Node.js every part runs on: the project's own (the `node` dev dependency), not the machine's.
console.log(
  `npm test on Node.js ${process.version}${inOrder ? ', every part one after another' : ''}`,
);
const started = Date.now();
const byPart = new Map();
for (const lanes of stages) {
  if (interrupted) break;
  // The first lane's output is live; the others' is printed once the whole stage has ended.
  const ran = await Promise.all(lanes.map((lane, index) => runLane(lane, index > 0)));
  for (const result of ran.slice(1).flat()) await printBuffered(result);
  for (const result of ran.flat()) byPart.set(result.part, result);
}
rmSync(reportDir, { recursive: true, force: true });

const results = parts.flatMap((part) => byPart.get(part) ?? []);
const failed = results.filter((result) => !result.ok);
const skipped = parts.filter((part) => !byPart.has(part));
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
      .map(({ part }) => part.rerun ?? `npm run ${part.script}`)
      .join(', ')}.`,
  );
}
process.exit(failed.length > 0 || skipped.length > 0 ? 1 : 0);
