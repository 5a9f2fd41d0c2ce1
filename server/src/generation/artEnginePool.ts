/**
 * The built-in art engine on its own worker threads (ART_ENGINE_THREADS, a queue of
 * ART_ENGINE_QUEUE): drawing an artwork takes 0.5–10 ms of CPU, which on the event loop held up
 * every page, file and API answer behind it and kept generation to one core. Past threads + queue a
 * drawing is refused with a 503 that says when to retry.
 */
import { DEFAULT_SHIRT_COLOR, type ShirtColor } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';
import { HttpError } from '../http/httpError';
import { createBoundedWorkerPool } from '../workers/boundedWorkerPool';
import { threadModule } from '../workers/typescriptWorker';
import type { ArtEngineJob, GenerateJobResult } from './artEngineTask';

export const ART_ENGINE_TASK = threadModule(__dirname, 'artEngineTask');

/** What one drawing is expected to take before any has finished (the engine's median here). */
const INITIAL_DRAWING_ESTIMATE_MS = 1;

/**
 * Drawings a thread holds at once. Handed one at a time, a thread that finished a drawing slept until
 * the event loop took the answer and handed it the next: under a generation flood both cores stood
 * about 10 % idle. With 4, generation over HTTP rose from 1,330–1,650 to about 1,850 a second here
 * (servers measured one after another, 100 connections) and the cores stayed busy; a drawing takes about a millisecond, so the ones
 * held behind it wait little longer than they would in the queue.
 */
const DRAWINGS_HANDED_AHEAD = 4;

export class ArtEngineBusyError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(
      503,
      'art_engine_busy',
      'The art engine is busy drawing for other shoppers. Please try again in a moment.',
      { 'retry-after': String(retryAfterSeconds) },
    );
    this.name = 'ArtEngineBusyError';
  }
}

/** 422 on Interests: none of the shopper's words calls up a drawing; they are named. */
export class NothingUnderstoodError extends HttpError {
  constructor(readonly words: string[]) {
    super(
      422,
      'not_understood',
      `We could not draw ${listed(words)}. Try other words for what they love: an animal, a food, a sport, a hobby.`,
      {},
      'interests',
    );
    this.name = 'NothingUnderstoodError';
  }
}

/** “a”, “a or b”, “a, b or c”, each in quotes. */
function listed(words: string[]): string {
  const quoted = words.map((word) => `“${word}”`);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]!}`;
}

/** A new artwork drawn by the engine, and the shopper's words it could not draw. */
export interface DrawnArtwork {
  svg: Buffer;
  notUnderstood: string[];
}

export interface ArtEnginePoolOptions {
  threads: number;
  queueLimit: number;
  /** Starts the threads at the first job instead of at once (see BoundedWorkerPoolOptions). */
  threadsOnFirstJob?: boolean | undefined;
  /** Hears a thread that failed outside any job (see BoundedWorkerPoolOptions). */
  onThreadError?: (error: unknown) => void;
  /** The module each thread runs (tests use stand-ins); defaults to the engine. */
  taskModule?: string;
}

export interface ArtEnginePool {
  /**
   * A new artwork's SVG bytes, also written to `saveAs` (a new file) when given; rejects with
   * NothingUnderstoodError, drawing and writing nothing, when none of the words can be drawn.
   */
  generate(request: ArtFields, seed: number, saveAs?: string): Promise<DrawnArtwork>;
  /**
   * A stored artwork as drawn for `shirt`: itself on the default shirt (or none), and when the engine
   * did not make it; redrawn on a thread otherwise.
   */
  forShirt(svg: string, shirt: ShirtColor | undefined): Promise<string>;
  /** Whether the threads have been started (see `threadsOnFirstJob`). */
  readonly threadsStarted: boolean;
  close(): Promise<void>;
}

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A little below the event loop: when the cores are short, pages and the API answer first. */
const ART_THREAD_NICENESS = 5;

export function createArtEnginePool(options: ArtEnginePoolOptions): ArtEnginePool {
  const pool = createBoundedWorkerPool<ArtEngineJob, GenerateJobResult | Uint8Array | undefined>({
    threads: options.threads,
    threadsOnFirstJob: options.threadsOnFirstJob,
    queueLimit: options.queueLimit,
    taskModule: options.taskModule ?? ART_ENGINE_TASK,
    niceness: ART_THREAD_NICENESS,
    jobsPerThread: DRAWINGS_HANDED_AHEAD,
    initialJobEstimateMs: INITIAL_DRAWING_ESTIMATE_MS,
    refuse: (retryAfterSeconds) => new ArtEngineBusyError(retryAfterSeconds),
    onThreadError: options.onThreadError,
  });
  return {
    async generate(request, seed, saveAs) {
      const drawn = await pool.run({ kind: 'generate', request, seed, saveAs });
      if (!drawn || drawn instanceof Uint8Array) throw new Error('The art engine drew nothing');
      if (!drawn.svg) throw new NothingUnderstoodError(drawn.notUnderstood);
      return { svg: asBuffer(drawn.svg), notUnderstood: drawn.notUnderstood };
    },
    async forShirt(svg, shirt) {
      if (shirt === undefined || shirt === DEFAULT_SHIRT_COLOR) return svg;
      const bytes = await pool.run({ kind: 'redraw', svg, shirt });
      return bytes instanceof Uint8Array ? asBuffer(bytes).toString('utf8') : svg;
    },
    get threadsStarted() {
      return pool.threadsStarted;
    },
    close: () => pool.close(),
  };
}
