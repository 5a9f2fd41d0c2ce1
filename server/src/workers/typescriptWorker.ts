import { join } from 'node:path';

/**
 * The file every worker thread (print renders, the art engine, the embedded database) starts from:
 * it loads the module named by `workerData.taskModule`, through tsx when that is TypeScript.
 */
export const WORKER_ENTRY = join(__dirname, 'workerEntry.cjs');

/**
 * A worker thread's module `name` in `directory` (the caller's `__dirname`): its TypeScript source
 * when the server runs from its sources (tsx, Jest), its own bundle beside this one when it runs
 * from `server/dist` (tooling/build/serverBuild.mjs builds one per thread).
 */
export function threadModule(directory: string, name: string): string {
  return join(directory, `${name}${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
}
