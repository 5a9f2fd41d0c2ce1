/**
 * Print files: the print-ready PNG of each artwork, rendered once on the render pool and kept (as
 * files beside the embedded database, or as rows of the shared Postgres), concurrent requests
 * sharing one render. A paid order's print file is rendered in the background when it is paid.
 */
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SHIRT_COLOR, type ShirtColor } from '@tshirt/shared/catalog';
import { premadeDesignSvg } from '@tshirt/art';
import type { ArtEnginePool } from '../generation/artEnginePool';
import { HttpError, notFound } from '../http/httpError';
import type { ArtworkReference } from '../orders/artworkReference';
import type { PrintRenderPool } from '../rendering/printRenderPool';
import { toBuffer, type Queryable } from '../storage/database';
import { readFileIfExists, writeFileWhole } from '../storage/localFolder';
import type { ImagesRepository } from './imagesRepository';

/** Where rendered print PNGs are kept, by key. */
export interface PrintFileStore {
  read(key: string): Promise<Buffer | undefined>;
  write(key: string, png: Buffer): Promise<void>;
}

/** An artwork that has a print file: its key (a file name) and how to get its SVG. */
export interface PrintableArtwork {
  key: string;
  svg(): Promise<string>;
}

/** Print file keys: one namespace for generated images, one for pre-made designs. */
export const imagePrintKey = (imageId: string) => `image-${imageId}`;
export const designPrintKey = (designId: string) => `design-${designId}`;

/**
 * The key of the print file drawn for `shirt` (its ink suits that fabric): the artwork's own key for
 * the default shirt colour, with the colour added for the others (`image-…-light-grey`).
 */
export function printKeyForShirt(key: string, shirt: ShirtColor | undefined): string {
  if (shirt === undefined || shirt === DEFAULT_SHIRT_COLOR) return key;
  return `${key}-${shirt.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

/**
 * The print file of a generated SVG or a pre-made design as drawn for `shirt`; undefined for a
 * generated PNG, which is its own print file (the same on every shirt).
 */
export function printableArtwork(
  reference: ArtworkReference,
  images: ImagesRepository,
  engine: Pick<ArtEnginePool, 'forShirt'>,
  shirt: ShirtColor,
): PrintableArtwork | undefined {
  if (reference.kind === 'premade') {
    const svg = premadeDesignSvg(reference.id, shirt);
    return svg === undefined
      ? undefined
      : { key: printKeyForShirt(designPrintKey(reference.id), shirt), svg: async () => svg };
  }
  if (reference.format === 'png') return undefined;
  return {
    key: printKeyForShirt(imagePrintKey(reference.id), shirt),
    async svg() {
      const image = await images.find(reference.id);
      if (!image || image.format !== 'svg') throw notFound('There is no image at this address.');
      return engine.forShirt(image.content.toString('utf8'), shirt);
    },
  };
}

/** One `<key>.png` per print file in `folder`. */
export function createFolderPrintFileStore(folder: string): PrintFileStore {
  const path = (key: string) => join(folder, `${key}.png`);
  return {
    read: (key) => readFileIfExists(path(key)),
    write: (key, png) => writeFileWhole(path(key), png),
  };
}

/** Rows of the shared database, so every instance behind the load balancer finds them. */
export function createDatabasePrintFileStore(db: Queryable): PrintFileStore {
  return {
    async read(key) {
      const rows = await db.query<{ png: Uint8Array }>(
        'SELECT png FROM print_files WHERE key = $1',
        [key],
      );
      return rows[0] && toBuffer(rows[0].png);
    },
    async write(key, png) {
      // Two instances may render the same artwork at once; the result is the same.
      await db.query(
        'INSERT INTO print_files (key, png) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING',
        [key, png],
      );
    },
  };
}

/** A 503 that says when to try again: a pool's queue was full. */
function isBusy(error: unknown): error is HttpError {
  return (
    error instanceof HttpError &&
    error.statusCode === 503 &&
    Number(error.headers['retry-after']) > 0
  );
}

export interface PrintFiles {
  /** The print PNG, rendered first if it is not kept yet; a 503 (RenderQueueFullError, ArtEngineBusyError) when a pool is full. */
  get(artwork: PrintableArtwork): Promise<Buffer>;
  /** Whether the print file is rendered and kept. */
  isKept(key: string): Promise<boolean>;
  /** Renders and keeps the print file without anyone waiting; it waits its turn when the pool is full. */
  prepareInBackground(artwork: PrintableArtwork): void;
  /** Resolves once no background render is waiting or running (tests, shutdown). */
  backgroundIdle(): Promise<void>;
  close(): void;
}

/** At most this many paid orders' print files wait for the background renderer; more are rendered on request. */
export const BACKGROUND_BACKLOG_LIMIT = 1000;

export function createPrintFiles(options: {
  store: PrintFileStore;
  pool: PrintRenderPool;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): PrintFiles {
  const { store, pool, log } = options;
  const inFlight = new Map<string, Promise<Buffer>>();
  const backlog = new Map<string, PrintableArtwork>();
  let backgroundRun: Promise<void> | undefined;
  let closed = false;

  async function renderAndKeep(artwork: PrintableArtwork): Promise<Buffer> {
    const kept = await store.read(artwork.key);
    if (kept) return kept;
    const png = await pool.render(await artwork.svg());
    await store.write(artwork.key, png);
    return png;
  }

  function get(artwork: PrintableArtwork): Promise<Buffer> {
    const running = inFlight.get(artwork.key);
    if (running) return running;
    const promise = renderAndKeep(artwork).finally(() => inFlight.delete(artwork.key));
    inFlight.set(artwork.key, promise);
    return promise;
  }

  const pause = (seconds: number) =>
    new Promise<void>((resume) => setTimeout(resume, seconds * 1000).unref());

  async function drainBacklog(): Promise<void> {
    for (;;) {
      const next = backlog.values().next();
      if (next.done || closed) return;
      const artwork = next.value;
      try {
        await get(artwork);
        backlog.delete(artwork.key);
      } catch (error) {
        // The render queue, or the art engine redrawing the artwork for its shirt, is full.
        if (isBusy(error) && !closed) {
          await pause(Number(error.headers['retry-after']));
          continue;
        }
        backlog.delete(artwork.key);
        if (!closed)
          log.warn({ err: error, key: artwork.key }, 'print file not rendered in the background');
      }
    }
  }

  function startBackground(): void {
    if (backgroundRun || closed) return;
    backgroundRun = drainBacklog().finally(() => {
      backgroundRun = undefined;
      // Something may have been added between the last look at the backlog and now.
      if (backlog.size > 0) startBackground();
    });
  }

  return {
    get,
    async isKept(key) {
      return (await store.read(key)) !== undefined;
    },
    prepareInBackground(artwork) {
      if (closed || backlog.has(artwork.key) || backlog.size >= BACKGROUND_BACKLOG_LIMIT) return;
      backlog.set(artwork.key, artwork);
      startBackground();
    },
    async backgroundIdle() {
      while (backgroundRun) await backgroundRun;
    },
    close() {
      closed = true;
      backlog.clear();
    },
  };
}
