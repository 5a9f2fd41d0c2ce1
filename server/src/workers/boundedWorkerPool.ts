/**
 * A fixed set of worker threads with a bounded queue: CPU-heavy work (print renders, artwork) runs
 * off the event loop, and work asked for past threads + queue is refused at once with the error the
 * caller chose (a 503 that says when to retry) instead of piling up memory and waiting time.
 */
import { Piscina } from 'piscina';
import type { HttpError } from '../http/httpError';
import { WORKER_ENTRY } from './typescriptWorker';

/** How long closing the pool waits for its threads to stop. */
const CLOSE_WAIT_MS = 2_000;

/**
 * The old generation of each thread's V8 heap, in MB. An art thread holds 70–180 MB of live objects
 * under load (the emoji index, fonts, the jobs at hand), a print thread less (its image is native
 * memory); V8's own default on this machine is 4 GB per thread, and with it each heap grew to
 * 300–370 MB of mostly garbage before collecting, so the server's resident memory went on growing
 * for a minute of traffic (server/test/loadUnderTraffic.test.ts).
 */
export const THREAD_OLD_GENERATION_MB = 256;

export interface BoundedWorkerPoolOptions {
  /** Threads working at once; they start with the pool (or its first job) and stay. */
  threads: number;
  /**
   * Starts the threads at the pool's first job instead of with the pool (tests: most apps they
   * start never draw or render). The first job then waits for them.
   */
  threadsOnFirstJob?: boolean | undefined;
  /** Jobs that may wait for a thread; past threads + queue a job is refused. */
  queueLimit: number;
  /** The TypeScript module each thread runs (its default export does one job). */
  taskModule: string;
  /**
   * Each thread's nice value (Linux gives every thread its own): above 0, the event loop comes first
   * when the cores are short. Unset, or not allowed here (some containers): the normal priority.
   */
  niceness?: number | undefined;
  /**
   * Jobs handed to a thread at once (default 1). A thread runs synchronous jobs one after another,
   * so with more a thread that finishes a short job starts the next at once instead of sleeping
   * until the event loop hands it one (asynchronous jobs would run side by side). The jobs a thread
   * holds behind the one it runs still count as waiting, against `queueLimit`.
   */
  jobsPerThread?: number;
  /**
   * Hears a thread that failed outside any job (an error thrown after its answer: piscina starts
   * another thread; a module that could not be loaded: piscina starts no more); defaults to the
   * console. Without a listener the error would end the server.
   */
  onThreadError?: ((error: unknown) => void) | undefined;
  /** What one job is expected to take before any has finished (the retry estimate starts from it). */
  initialJobEstimateMs: number;
  /** The error a refused job rejects with, given the seconds after which a thread is likely free. */
  refuse(retryAfterSeconds: number): HttpError;
}

/** A place in the pool held for a job that comes later. */
export interface Reservation<Job, Result> {
  /** Runs `job` in the held place; once the hold has lapsed or been given back, as any job. */
  run(job: Job): Promise<Result>;
  /** Gives the place back unused; nothing once its job has started or the hold has lapsed. */
  release(): void;
}

export interface BoundedWorkerPool<Job, Result> {
  /** Runs `job` on a thread; rejects with the `refuse` error when threads and queue are full. */
  run(job: Job): Promise<Result>;
  /**
   * Holds a place for a job that comes later, counted like a waiting job (throws the `refuse`
   * error when threads and queue are full). It goes back when its job ends, on release(), or
   * after `holdMs` at most, whatever the holder does.
   */
  reserve(holdMs: number): Reservation<Job, Result>;
  /** Whether a job asked for now would be refused. */
  readonly isFull: boolean;
  /** Jobs running or waiting, and places held. */
  readonly pending: number;
  /** Whether the threads have been started (see `threadsOnFirstJob`). */
  readonly threadsStarted: boolean;
  close(): Promise<void>;
}

export function createBoundedWorkerPool<Job, Result>(
  options: BoundedWorkerPoolOptions,
): BoundedWorkerPool<Job, Result> {
  const { threads } = options;
  const capacity = threads + options.queueLimit;
  let pool: Piscina<Job, Result> | undefined;
  let closed = false;
  const startThreads = (): Piscina<Job, Result> => {
    if (pool) return pool;
    if (closed) throw new Error('The worker pool is closed');
    pool = new Piscina<Job, Result>({
      filename: WORKER_ENTRY,
      workerData: { taskModule: options.taskModule, niceness: options.niceness },
      // Threads start together and stay: starting one (TypeScript, the engine, its fonts) is a
      // burst of work that should not land in the middle of traffic or on the first request.
      minThreads: threads,
      maxThreads: threads,
      // The bound is kept below (piscina counts a job waiting for a starting thread differently).
      maxQueue: capacity,
      concurrentTasksPerWorker: options.jobsPerThread ?? 1,
      // Jobs are answered in the order they came.
      stricterFIFO: true,
      idleTimeout: Number.POSITIVE_INFINITY,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_GENERATION_MB },
    });
    pool.on('error', (error: unknown) => {
      if (options.onThreadError) options.onThreadError(error);
      else console.error('A worker thread failed:', error);
    });
    return pool;
  };
  if (!options.threadsOnFirstJob) startThreads();
  /** Jobs accepted and not finished: running or waiting for a thread. */
  let pending = 0;

  /** Seconds until a thread is likely free for one more job. */
  function retryAfterSeconds(): number {
    const jobMs =
      pool && pool.completed > 0 ? pool.histogram.runTime.average : options.initialJobEstimateMs;
    return Math.max(1, Math.ceil((((pending - threads + 1) / threads) * jobMs) / 1000));
  }

  async function runInPlace(job: Job): Promise<Result> {
    try {
      return await startThreads().run(job);
    } finally {
      pending -= 1;
    }
  }

  function takePlace(): void {
    if (pending >= capacity) throw options.refuse(retryAfterSeconds());
    pending += 1;
  }

  async function run(job: Job): Promise<Result> {
    takePlace();
    return runInPlace(job);
  }

  return {
    run,
    reserve(holdMs) {
      takePlace();
      let held = true;
      const giveBack = () => {
        if (!held) return;
        held = false;
        clearTimeout(lapse);
        pending -= 1;
      };
      const lapse = setTimeout(giveBack, holdMs);
      lapse.unref();
      return {
        run(job) {
          if (!held) return run(job);
          held = false;
          clearTimeout(lapse);
          return runInPlace(job);
        },
        release: giveBack,
      };
    },
    get isFull() {
      return pending >= capacity;
    },
    get pending() {
      return pending;
    },
    get threadsStarted() {
      return pool !== undefined;
    },
    // A thread still starting (compiling TypeScript) or in a native call cannot be stopped at
    // once: the stop waits a little for it, then goes on (the process's end takes the thread).
    close: async () => {
      closed = true;
      if (!pool) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
        timer.unref();
      });
      await Promise.race([pool.destroy(), waited]);
      clearTimeout(timer);
    },
  };
}
