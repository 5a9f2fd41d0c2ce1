/**
 * The generation limit: the art engine alone on every core (one worker thread per core, no HTTP, no
 * database), with the same varied prompts the HTTP load sends.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { WORKER_ENTRY } from '@tshirt/server/workers/typescriptWorker';

export async function engineAllCoreRate(
  seconds: number,
  threads = availableParallelism(),
): Promise<{ perSecond: number; threads: number }> {
  const pool = new Piscina({
    filename: WORKER_ENTRY,
    workerData: { taskModule: join(__dirname, 'engineTask.ts') },
    minThreads: threads,
    maxThreads: threads,
  });
  try {
    // Warm-up: load the engine and let the JIT settle in every thread.
    await Promise.all(
      Array.from({ length: threads }, (_, thread) =>
        pool.run({ seconds: 1, thread: thread + 100 }),
      ),
    );
    const counts = await Promise.all(
      Array.from(
        { length: threads },
        (_, thread) => pool.run({ seconds, thread }) as Promise<number>,
      ),
    );
    return { perSecond: counts.reduce((sum, made) => sum + made, 0) / seconds, threads };
  } finally {
    await pool.destroy();
  }
}
