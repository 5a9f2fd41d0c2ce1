// The file every worker thread starts from. Workers inherit neither tsx's nor Jest's TypeScript
// loader, so when the module named in workerData.taskModule is TypeScript (the server run from its
// sources) this registers tsx first; a bundled thread (server/dist) is plain JavaScript. The
// thread's nice value (workerData.niceness) is set first when its pool gives one.
'use strict';
const { workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');

if (typeof workerData.niceness === 'number') {
  try {
    setPriority(workerData.niceness);
  } catch {
    // Not allowed here (some containers): the thread keeps the normal priority.
  }
}
if (workerData.taskModule.endsWith('.ts')) require('tsx/cjs/api').register();
const task = require(workerData.taskModule);
module.exports = task.default ?? task;
