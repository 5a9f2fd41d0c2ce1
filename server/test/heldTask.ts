/**
 * A stand-in task for the worker pools' tests: announces each job (named by its `svg` field, which
 * print and redraw jobs both carry) on a BroadcastChannel and finishes it only when the test
 * releases it, so the tests decide what is running without timing anything.
 */
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { resourceLimits } from 'node:worker_threads';

const HELD_TASK_CHANNEL = 'held-task';

/** The module a pool's threads load to run held jobs. */
export const HELD_TASK_MODULE = join(__dirname, 'heldTask.ts');

export default function heldTask(job: { svg: string }): Promise<Uint8Array> {
  // Answers at once with the thread's resource limits.
  if (job.svg === 'resource limits')
    return Promise.resolve(new TextEncoder().encode(JSON.stringify(resourceLimits)));
  // Answers at once with this thread's nice value.
  if (job.svg === 'priority') return Promise.resolve(new TextEncoder().encode(String(getPriority())));
  const channel = new BroadcastChannel(HELD_TASK_CHANNEL);
  return new Promise((resolve, reject) => {
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === `release ${job.svg}`) {
        channel.close();
        resolve(new TextEncoder().encode(`done ${job.svg}`));
      } else if (event.data === `fail ${job.svg}`) {
        channel.close();
        reject(new Error(`${job.svg} failed`));
      }
    };
    channel.postMessage(`started ${job.svg}`);
  });
}

/** The test's side: which held jobs have started, and finishing them on request. */
export function watchHeldJobs() {
  const channel = new BroadcastChannel(HELD_TASK_CHANNEL);
  const started: string[] = [];
  const waiters: Array<() => void> = [];
  channel.onmessage = (event: MessageEvent) => {
    const match = /^started (.+)$/s.exec(String(event.data));
    if (!match) return;
    started.push(match[1] as string);
    waiters.splice(0).forEach((wake) => wake());
  };
  return {
    started,
    async untilStarted(count: number): Promise<void> {
      while (started.length < count) await new Promise<void>((wake) => waiters.push(wake));
    },
    release: (job: string) => channel.postMessage(`release ${job}`),
    fail: (job: string) => channel.postMessage(`fail ${job}`),
    close: () => channel.close(),
  };
}

/**
 * Fills a pool of one thread and one place in its queue with held jobs `a` and `b`, asks for a
 * third, then lets the two finish: what the third was refused with, and the two results.
 */
export async function refusalByAFullPool<Result>(
  run: (job: string) => Promise<Result>,
): Promise<{ refused: unknown; finished: Result[] }> {
  const jobs = watchHeldJobs();
  try {
    const accepted = ['a', 'b'].map(run);
    const refused = await run('c').catch((error: unknown) => error);
    await jobs.untilStarted(1);
    jobs.release('a');
    await jobs.untilStarted(2);
    jobs.release('b');
    return { refused, finished: await Promise.all(accepted) };
  } finally {
    jobs.close();
  }
}
