// The file every worker thread starts from. Workers inherit neither tsx's nor Jest's TypeScript
// loader, so this registers tsx and loads the TypeScript module named in workerData.taskModule,
// after setting the thread's nice value (workerData.niceness) when its pool gives one.
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
require('tsx/cjs/api').register();
const task = require(workerData.taskModule);
module.exports = task.default ?? task;
