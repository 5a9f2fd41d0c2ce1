/**
 * @jest-environment node
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { workerCrashes, type JestJsonReport } from './jestWorkerCrashes.mjs';

const JEST = require.resolve('jest/bin/jest');

describe('a Jest run whose worker the runtime killed', () => {
  let dir: string;
  let report: JestJsonReport;

  // A real Jest run in two workers: one file's process ends by SIGTRAP (as V8's abort does), one
  // has a failing test, one passes.
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'jest-worker-crash-'));
    writeFileSync(
      join(dir, 'crashes.test.js'),
      "test('runs until the runtime aborts', () => { process.kill(process.pid, 'SIGTRAP'); return new Promise(() => {}); });\n",
    );
    writeFileSync(
      join(dir, 'fails.test.js'),
      "test('fails on its own', () => { expect(1).toBe(2); });\n",
    );
    writeFileSync(join(dir, 'passes.test.js'), "test('passes', () => {});\n");
    const outputFile = join(dir, 'report.json');
    spawnSync(
      process.execPath,
      [
        JEST,
        '--rootDir',
        dir,
        '--config',
        JSON.stringify({ transform: {}, testEnvironment: 'node' }),
        '--maxWorkers=2',
        '--json',
        `--outputFile=${outputFile}`,
      ],
      { cwd: dir, encoding: 'utf8', timeout: 60_000 },
    );
    report = JSON.parse(readFileSync(outputFile, 'utf8')) as JestJsonReport;
  }, 90_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the file the crash ended, with its signal, apart from the one that failed on its own', () => {
    expect(workerCrashes(report)).toEqual({
      crashed: [{ file: join(dir, 'crashes.test.js'), signal: 'SIGTRAP' }],
      failedOnTheirOwn: [join(dir, 'fails.test.js')],
    });
  });
});

describe('workerCrashes', () => {
  it('counts a file as failed on its own when one of its tests failed before its worker died', () => {
    const killed =
      'A jest worker process (pid=1) was terminated by another process: signal=SIGTRAP, exitCode=null.';
    expect(
      workerCrashes({
        testResults: [
          {
            name: '/a.test.ts',
            status: 'failed',
            message: killed,
            assertionResults: [{ status: 'failed' }],
          },
          {
            name: '/b.test.ts',
            status: 'failed',
            message:
              'A jest worker process (pid=2) was terminated by another process: signal=SIGKILL',
          },
          { name: '/c.test.ts', status: 'passed', message: '' },
        ],
      }),
    ).toEqual({ crashed: [], failedOnTheirOwn: ['/a.test.ts', '/b.test.ts'] });
  });
});
