import { join } from 'node:path';

/**
 * The file every worker thread (print renders, the embedded database) starts from: it loads
 * TypeScript in the thread, then the module named by `workerData.taskModule`.
 */
export const WORKER_ENTRY = join(__dirname, 'workerEntry.cjs');
