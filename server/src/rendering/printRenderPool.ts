/**
 * Print PNGs are rendered on their own small pool of worker threads with a bounded queue: a render
 * never blocks the event loop, and a flood of print requests is refused (503 + Retry-After) instead
 * of piling up memory and stalling pages and the API.
 */
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { HttpError } from '../http/httpError';
import { WORKER_ENTRY } from '../workers/typescriptWorker';
import type { PrintRenderJob } from './printRenderTask';

export const PRINT_RENDER_TASK = join(__dirname, 'printRenderTask.ts');

/** How long closing the pool waits for its threads to stop. */
const CLOSE_WAIT_MS = 2_000;

/** What a render is expected to take before any has finished (the engine's median on this machine). */
const INITIAL_RENDER_ESTIMATE_MS = 2_000;

export class RenderQueueFullError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(
      503,
      'render_queue_full',
      'Print files are being rendered for other orders. Please try again shortly.',
      { 'retry-after': String(retryAfterSeconds) },
    );
    this.name = 'RenderQueueFullError';
  }
}

export interface PrintRenderPoolOptions {
  threads: number;
  queueLimit: number;
  /** The module each worker runs (tests use stand-ins); defaults to the print renderer. */
  taskModule?: string;
}

export interface PrintRenderPool {
  /** Renders on a worker thread; rejects with RenderQueueFullError when the queue is full. */
  render(svg: string): Promise<Buffer>;
  /** Whether a render asked for now would be refused. */
  readonly isFull: boolean;
  /** Renders running or waiting. */
  readonly pending: number;
  close(): Promise<void>;
}

export function createPrintRenderPool(options: PrintRenderPoolOptions): PrintRenderPool {
  const capacity = options.threads + options.queueLimit;
  const pool = new Piscina<PrintRenderJob, Uint8Array>({
    filename: WORKER_ENTRY,
    workerData: { taskModule: options.taskModule ?? PRINT_RENDER_TASK },
    // Threads start with the server and stay: starting one (TypeScript, the engine, its fonts) is
    // a burst of work that should not land in the middle of traffic or on the first print request.
    minThreads: options.threads,
    maxThreads: options.threads,
    // The bound is kept below (piscina counts a task waiting for a starting thread differently).
    maxQueue: capacity,
    concurrentTasksPerWorker: 1,
    // Print requests are answered in the order they came.
    stricterFIFO: true,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  /** Renders accepted and not finished: running or waiting for a thread. */
  let pending = 0;

  /** Seconds until a thread is likely free for one more render. */
  function retryAfterSeconds(): number {
    const renderMs =
      pool.completed > 0 ? pool.histogram.runTime.average : INITIAL_RENDER_ESTIMATE_MS;
    return Math.max(
      1,
      Math.ceil((((pending - options.threads + 1) / options.threads) * renderMs) / 1000),
    );
  }

  return {
    async render(svg) {
      if (pending >= capacity) throw new RenderQueueFullError(retryAfterSeconds());
      pending += 1;
      try {
        const png = await pool.run({ svg });
        return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      } finally {
        pending -= 1;
      }
    },
    get isFull() {
      return pending >= capacity;
    },
    get pending() {
      return pending;
    },
    // A thread still starting (compiling TypeScript) or in a native render cannot be stopped at
    // once: the stop waits a little for it, then goes on (the process's end takes the thread).
    close: async () => {
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
