// Which test files of a Jest run failed only because Node.js itself crashed under them.
//
// Node 24's V8 can abort a process that has compiled and freed many WebAssembly modules (the
// embedded Postgres, PGlite, is one per test database): "Check failed:
// jit_page_->allocations_.erase(addr) == 1", then SIGTRAP (nodejs/node#64500, open). Jest then
// reports the file its worker was running as "failed to run", though none of its tests failed.
// `npm test` (scripts/test.mjs) runs such files once more, alone, and says so.

/** Jest's message for a file whose worker process a signal ended (the V8 abort is SIGTRAP). */
const WORKER_KILLED =
  /A jest worker process \(pid=\d+\) was terminated by another process: signal=(SIGTRAP|SIGSEGV)/;

/**
 * The failed files of a Jest `--json` report, split into those whose worker the runtime killed
 * (with the signal) and those that failed on their own.
 */
export function workerCrashes(report) {
  const crashed = [];
  const failedOnTheirOwn = [];
  for (const file of report.testResults ?? []) {
    if (file.status !== 'failed') continue;
    const killed = WORKER_KILLED.exec(file.message ?? '');
    const failedTests = (file.assertionResults ?? []).some((test) => test.status === 'failed');
    if (killed && !failedTests) crashed.push({ file: file.name, signal: killed[1] });
    else failedOnTheirOwn.push(file.name);
  }
  return { crashed, failedOnTheirOwn };
}
