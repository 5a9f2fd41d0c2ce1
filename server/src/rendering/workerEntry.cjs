// The file every worker thread starts from. Workers inherit neither tsx's nor Jest's TypeScript
// loader, so this registers tsx and loads the TypeScript task module named in the pool's workerData.
'use strict';
const { workerData } = require('piscina');
require('tsx/cjs/api').register();
const task = require(workerData.taskModule);
module.exports = task.default ?? task;
