/**
 * Print PNGs are rendered on their own small pool of worker threads with a bounded queue: a render
 * never blocks the event loop, and a flood of print requests is refused (503 + Retry-After) instead
 * of piling up memory and stalling pages and the API.
 */
import { HttpError } from '../http/httpError';
import type { PreparedModelImage } from '../images/modelImage';
import { ModelImageError } from '../images/modelImageError';
import { createBoundedWorkerPool } from '../workers/boundedWorkerPool';
import { threadModule } from '../workers/typescriptWorker';
import type { PreparedPicture, PrintRenderJob } from './printRenderTask';

export const PRINT_RENDER_TASK = threadModule(__dirname, 'printRenderTask');

/** What a render is expected to take before any has finished (the engine's median on this machine). */
const INITIAL_RENDER_ESTIMATE_MS = 2_000;

export class RenderQueueFullError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(
      503,
      'render_queue_full',
      'The store is busy preparing pictures for other shoppers. Please try again in a moment.',
      { 'retry-after': String(retryAfterSeconds) },
    );
    this.name = 'RenderQueueFullError';
  }
}

export interface PrintRenderPoolOptions {
  threads: number;
  queueLimit: number;
  /** The render threads' nice value (19, the lowest priority: renders use the cores left idle). */
  niceness: number;
  /** Starts the threads at the first job instead of at once (see BoundedWorkerPoolOptions). */
  threadsOnFirstJob?: boolean | undefined;
  /** Hears a thread that failed outside any job (see BoundedWorkerPoolOptions). */
  onThreadError?: (error: unknown) => void;
  /** The module each worker runs (tests use stand-ins); defaults to the print renderer. */
  taskModule?: string;
}

/** What a print file is made from: the engine's SVG artwork, or an image model's prepared picture. */
export type PrintSource = { svg: string } | { picture: Buffer };

/** The place held on the pool for the check of one image model's picture. */
export interface ModelImageCheck {
  /** Checks the picture and clears its background, on a worker thread, in the held place. */
  prepare(image: Buffer): Promise<PreparedModelImage>;
  /** Gives the place back unused (the model failed, or the shopper left). */
  release(): void;
}

export interface PrintRenderPool {
  /** Renders on a worker thread; rejects with RenderQueueFullError when the queue is full. */
  render(source: PrintSource): Promise<Buffer>;
  /**
   * Holds the place of a model picture's check before the model is called, so that a picture paid
   * for is always checked: throws RenderQueueFullError when the pool is full. The place goes back
   * when the check ends, on release(), or after `holdMs` at most.
   */
  reserveModelImageCheck(holdMs: number): ModelImageCheck;
  /** Renders and checks running or waiting, and places held for pictures on their way. */
  readonly pending: number;
  /** Whether the threads have been started (see `threadsOnFirstJob`). */
  readonly threadsStarted: boolean;
  close(): Promise<void>;
}

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * sharp's native libraries must be opened by the main thread before a worker does: otherwise the
 * last worker to exit unloads them while others use them (glibc). Only a server that has model
 * pictures loads them.
 */
let sharpOnMainThread: Promise<unknown> | undefined;
const loadSharpOnMainThread = () => (sharpOnMainThread ??= import('sharp'));

export function createPrintRenderPool(options: PrintRenderPoolOptions): PrintRenderPool {
  const pool = createBoundedWorkerPool<PrintRenderJob, Uint8Array | PreparedPicture>({
    threads: options.threads,
    niceness: options.niceness,
    threadsOnFirstJob: options.threadsOnFirstJob,
    queueLimit: options.queueLimit,
    taskModule: options.taskModule ?? PRINT_RENDER_TASK,
    initialJobEstimateMs: INITIAL_RENDER_ESTIMATE_MS,
    refuse: (retryAfterSeconds) => new RenderQueueFullError(retryAfterSeconds),
    onThreadError: options.onThreadError,
  });
  return {
    async render(source) {
      if ('picture' in source) await loadSharpOnMainThread();
      return asBuffer((await pool.run(source)) as Uint8Array);
    },
    reserveModelImageCheck(holdMs) {
      const place = pool.reserve(holdMs);
      return {
        async prepare(image) {
          await loadSharpOnMainThread();
          const prepared = (await place.run({ modelImage: image })) as PreparedPicture;
          if ('unusable' in prepared) throw new ModelImageError(prepared.unusable);
          return { ...prepared, png: asBuffer(prepared.png) };
        },
        release: place.release,
      };
    },
    get pending() {
      return pool.pending;
    },
    get threadsStarted() {
      return pool.threadsStarted;
    },
    close: () => pool.close(),
  };
}
