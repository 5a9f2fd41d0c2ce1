/**
 * Print files: the print-ready PNG of each artwork, rendered on the render pool, concurrent requests
 * sharing one render. A paid order's print file is rendered in the background when it is paid and
 * kept for good (as files beside the embedded database, or as rows of the shared Postgres); one asked
 * for by anyone else goes to a cache of bounded size on local disk, least recently used out first.
 * A disk too full to keep a print file never stops it being served.
 */
import { readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SHIRT_COLOR, PREMADE_DESIGNS, type ShirtColor } from '@tshirt/shared/catalog';
import { artModule } from '../generation/artModule';
import type { ArtEnginePool } from '../generation/artEnginePool';
import { HttpError, notFound } from '../http/httpError';
import type { ArtworkReference } from '../orders/artworkReference';
import type { PrintRenderPool, PrintSource } from '../rendering/printRenderPool';
import { toBuffer, type Queryable } from '../storage/database';
import {
  isStorageFull,
  PARTIAL_FILE_SUFFIX,
  readFileIfExists,
  writeFileWhole,
} from '../storage/localFolder';
import type { ImagesRepository } from './imagesRepository';

/** Where rendered print PNGs are kept, by key. */
export interface PrintFileStore {
  read(key: string): Promise<Buffer | undefined>;
  /** Throws StorageFullError, or the database's own disk-full error, when there is no room. */
  write(key: string, png: Buffer): Promise<void>;
}

/** An artwork that has a print file: its key (a file name) and what the file is made from. */
export interface PrintableArtwork {
  key: string;
  source(): Promise<PrintSource>;
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
 * The print file of a generated SVG or a pre-made design as drawn for `shirt`, or of an image
 * model's picture (the same on every shirt, so one print file for all).
 */
export function printableArtwork(
  reference: ArtworkReference,
  images: ImagesRepository,
  engine: Pick<ArtEnginePool, 'forShirt'>,
  shirt: ShirtColor,
): PrintableArtwork | undefined {
  if (reference.kind === 'premade') {
    const { id } = reference;
    if (!PREMADE_DESIGNS.some((design) => design.id === id)) return undefined;
    return {
      key: printKeyForShirt(designPrintKey(id), shirt),
      source: async () => {
        const svg = (await artModule()).premadeDesignSvg(id, shirt);
        if (svg === undefined) throw notFound('There is no design at this address.');
        return { svg };
      },
    };
  }
  const stored = async (format: 'svg' | 'png') => {
    const image = await images.find(reference.id);
    if (!image || image.format !== format) throw notFound('There is no image at this address.');
    return image.content;
  };
  if (reference.format === 'png') {
    return {
      key: imagePrintKey(reference.id),
      source: async () => ({ picture: await stored('png') }),
    };
  }
  return {
    key: printKeyForShirt(imagePrintKey(reference.id), shirt),
    source: async () => ({
      svg: await engine.forShirt((await stored('svg')).toString('utf8'), shirt),
    }),
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

export interface PrintFileCache extends PrintFileStore {
  /** Bytes of the print files in the cache, written or being written. */
  usedBytes(): number;
}

/**
 * At most `maxBytes` of print files in `folder`, one `<key>.png` each: a write makes room by removing
 * the least recently used ones, a print file larger than the whole cache is not kept, and a write
 * that finds the disk full empties the cache (its files are the only ones the store can do without)
 * and throws StorageFullError. The index of sizes and last uses is in memory, rebuilt from the
 * folder at start (a file's modification time is its last use).
 */
export async function openFolderPrintFileCache(
  folder: string,
  maxBytes: number,
): Promise<PrintFileCache> {
  const path = (key: string) => join(folder, `${key}.png`);
  /** Size of each cached print file, least recently used first. */
  const sizes = new Map<string, number>();
  let storedBytes = 0;
  let writingBytes = 0;

  const found: { key: string; size: number; usedAt: number }[] = [];
  for (const name of await readdir(folder)) {
    if (name.endsWith(PARTIAL_FILE_SUFFIX)) {
      // Left by a server that stopped in the middle of a write.
      await rm(join(folder, name), { force: true });
    } else if (name.endsWith('.png')) {
      const file = await stat(join(folder, name));
      found.push({ key: name.slice(0, -'.png'.length), size: file.size, usedAt: file.mtimeMs });
    }
  }
  for (const { key, size } of found.sort((a, b) => a.usedAt - b.usedAt)) {
    sizes.set(key, size);
    storedBytes += size;
  }

  function forget(key: string): void {
    storedBytes -= sizes.get(key) ?? 0;
    sizes.delete(key);
  }

  /** Removes least recently used print files until at most `limit` bytes are stored or being written. */
  async function shrinkTo(limit: number): Promise<void> {
    const removals: Promise<void>[] = [];
    for (const key of sizes.keys()) {
      if (storedBytes + writingBytes <= limit) break;
      forget(key);
      removals.push(rm(path(key), { force: true }));
    }
    await Promise.all(removals);
  }

  return {
    usedBytes: () => storedBytes + writingBytes,
    async read(key) {
      const size = sizes.get(key);
      if (size === undefined) return undefined;
      const png = await readFileIfExists(path(key));
      if (!png) {
        forget(key);
        return undefined;
      }
      // Most recently used now, here and after a restart.
      sizes.delete(key);
      sizes.set(key, size);
      const now = new Date();
      utimes(path(key), now, now).catch(() => undefined);
      return png;
    },
    async write(key, png) {
      // Kept already, or no room even with every stored file gone while the others are written.
      if (sizes.has(key) || writingBytes + png.length > maxBytes) return;
      writingBytes += png.length;
      try {
        await shrinkTo(maxBytes);
        await writeFileWhole(path(key), png);
      } catch (error) {
        if (isStorageFull(error)) await shrinkTo(0);
        throw error;
      } finally {
        writingBytes -= png.length;
      }
      forget(key);
      sizes.set(key, png.length);
      storedBytes += png.length;
    },
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
  /**
   * A paid order's print PNG, kept with the orders' (read from the cache, or rendered, if it is not
   * yet); a 503 (RenderQueueFullError, ArtEngineBusyError) when a pool is full.
   */
  get(artwork: PrintableArtwork): Promise<Buffer>;
  /**
   * Anyone's print PNG: the one kept for an order, or the cache's, or rendered into the cache;
   * a 503 (RenderQueueFullError, ArtEngineBusyError) when a pool is full.
   */
  getForShopper(artwork: PrintableArtwork): Promise<Buffer>;
  /** Where the print file is kept: with the paid orders', in the cache, or not at all. */
  keptIn(key: string): Promise<'orders' | 'cache' | undefined>;
  /** Whether the print file is rendered and kept (with the orders' or in the cache). */
  isKept(key: string): Promise<boolean>;
  /** Renders and keeps a paid order's print file without anyone waiting; it waits its turn when the pool is full. */
  prepareInBackground(artwork: PrintableArtwork): void;
  /** Resolves once no background render is waiting or running (tests, shutdown). */
  backgroundIdle(): Promise<void>;
  close(): void;
}

/** At most this many paid orders' print files wait for the background renderer; more are rendered on request. */
export const BACKGROUND_BACKLOG_LIMIT = 1000;

export function createPrintFiles(options: {
  /** Paid orders' print files, kept for good. */
  store: PrintFileStore;
  /** Everyone else's, of bounded size. */
  cache: PrintFileStore;
  pool: PrintRenderPool;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): PrintFiles {
  const { store, cache, pool, log } = options;
  /** Renders, and fetches with keeping, under way: requests at the same time share them. */
  const inFlight = new Map<string, Promise<Buffer>>();
  const backlog = new Map<string, PrintableArtwork>();
  let backgroundRun: Promise<void> | undefined;
  let closed = false;

  function shared(name: string, work: () => Promise<Buffer>): Promise<Buffer> {
    const running = inFlight.get(name);
    if (running) return running;
    const promise = work().finally(() => inFlight.delete(name));
    inFlight.set(name, promise);
    return promise;
  }

  const render = (artwork: PrintableArtwork) =>
    shared(`render ${artwork.key}`, async () => pool.render(await artwork.source()));

  /** Keeps `png` in `where`; on a full disk it is served all the same, kept nowhere. */
  async function keep(where: PrintFileStore, key: string, png: Buffer): Promise<Buffer> {
    try {
      await where.write(key, png);
    } catch (error) {
      if (!isStorageFull(error)) throw error;
      log.warn({ key }, 'print file served but not kept: the disk is full');
    }
    return png;
  }

  const get = (artwork: PrintableArtwork) =>
    shared(`order ${artwork.key}`, async () => {
      const kept = await store.read(artwork.key);
      if (kept) return kept;
      const png = (await cache.read(artwork.key)) ?? (await render(artwork));
      return keep(store, artwork.key, png);
    });

  const getForShopper = (artwork: PrintableArtwork) =>
    shared(`shopper ${artwork.key}`, async () => {
      const kept = (await store.read(artwork.key)) ?? (await cache.read(artwork.key));
      if (kept) return kept;
      return keep(cache, artwork.key, await render(artwork));
    });

  async function keptIn(key: string): Promise<'orders' | 'cache' | undefined> {
    if (await store.read(key)) return 'orders';
    if (await cache.read(key)) return 'cache';
    return undefined;
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
    getForShopper,
    keptIn,
    async isKept(key) {
      return (await keptIn(key)) !== undefined;
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
