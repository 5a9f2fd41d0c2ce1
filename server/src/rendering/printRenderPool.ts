/**
 * Print PNGs are rendered on their own small pool of worker threads with a bounded queue: a render
 * never blocks the event loop, and a flood of print requests is refused (503 + Retry-After) instead
 * of piling up memory and stalling pages and the API.
 */
import { join } from 'node:path';
import { HttpError } from '../http/httpError';
import { createBoundedWorkerPool } from '../workers/boundedWorkerPool';
import type { PrintRenderJob } from './printRenderTask';

export const PRINT_RENDER_TASK = join(__dirname, 'printRenderTask.ts');

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
  /** Hears a thread that failed outside any job (see BoundedWorkerPoolOptions). */
  onThreadError?: (error: unknown) => void;
  /** The module each worker runs (tests use stand-ins); defaults to the print renderer. */
  taskModule?: string;
}

export interface PrintRenderPool {
  /** Renders on a worker thread; rejects with RenderQueueFullError when the queue is full. */
  render(svg: string): Promise<Buffer>;
  close(): Promise<void>;
}

export function createPrintRenderPool(options: PrintRenderPoolOptions): PrintRenderPool {
  const pool = createBoundedWorkerPool<PrintRenderJob, Uint8Array>({
    threads: options.threads,
    queueLimit: options.queueLimit,
    taskModule: options.taskModule ?? PRINT_RENDER_TASK,
    initialJobEstimateMs: INITIAL_RENDER_ESTIMATE_MS,
    refuse: (retryAfterSeconds) => new RenderQueueFullError(retryAfterSeconds),
    onThreadError: options.onThreadError,
  });
  return {
    async render(svg) {
      const png = await pool.run({ svg });
      return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
    },
    close: () => pool.close(),
  };
}
