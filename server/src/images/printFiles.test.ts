import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase } from '../../test/testDatabase';
import { ArtEngineBusyError } from '../generation/artEnginePool';
import { RenderQueueFullError, type PrintRenderPool } from '../rendering/printRenderPool';
import type { Database } from '../storage/database';
import {
  printKeyForShirt,
  createDatabasePrintFileStore,
  createFolderPrintFileStore,
  createPrintFiles,
  openFolderPrintFileCache,
  type PrintableArtwork,
  type PrintFileStore,
} from './printFiles';

const silent = { warn: () => undefined };

/** A pool that "renders" instantly and counts, optionally refusing the first few renders. */
function countingPool(
  refuseFirst = 0,
  pngBytes?: number,
): PrintRenderPool & { rendered: string[] } {
  let refusals = refuseFirst;
  const rendered: string[] = [];
  return {
    rendered,
    async render(source) {
      const svg = 'svg' in source ? source.svg : 'picture';
      if (refusals > 0) {
        refusals -= 1;
        throw new RenderQueueFullError(1);
      }
      rendered.push(svg);
      const png = Buffer.from(`png of ${svg}`);
      return pngBytes === undefined
        ? png
        : Buffer.concat([png, Buffer.alloc(pngBytes - png.length)]);
    },
    reserveModelImageCheck: () => {
      throw new Error('not used');
    },
    pending: 0,
    threadsStarted: true,
    close: async () => undefined,
  };
}

const artwork = (key: string): PrintableArtwork => ({
  key,
  source: async () => ({ svg: `<svg ${key}/>` }),
});

/** A store on a full disk: every write fails as Node's would. */
const fullDiskStore = (): PrintFileStore => ({
  read: async () => undefined,
  async write() {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  },
});

/** Bytes of the print files in `folder`. */
const folderBytes = (folder: string) =>
  readdirSync(folder).reduce((sum, name) => sum + statSync(join(folder, name)).size, 0);

describe('print files', () => {
  let folder: string;
  let cacheFolder: string;
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'print-files-test-'));
    cacheFolder = mkdtempSync(join(tmpdir(), 'print-cache-test-'));
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(cacheFolder, { recursive: true, force: true });
  });

  /** Paid orders' print files in `folder` (or `store`), everyone else's in a cache of `cacheBytes`. */
  async function printFilesWith(
    pool: PrintRenderPool,
    { store = createFolderPrintFileStore(folder), cacheBytes = 1024 * 1024 } = {},
  ) {
    const cache = await openFolderPrintFileCache(cacheFolder, cacheBytes);
    return createPrintFiles({ store, cache, pool, log: silent });
  }

  it('renders each print file once: requests at the same time share the render, later ones read it back', async () => {
    const pool = countingPool();
    const printFiles = await printFilesWith(pool);
    const [first, second] = await Promise.all([
      printFiles.get(artwork('image-a')),
      printFiles.get(artwork('image-a')),
    ]);
    const later = await printFiles.get(artwork('image-a'));
    expect(pool.rendered).toEqual(['<svg image-a/>']);
    expect([first, second, later].map(String)).toEqual(Array(3).fill('png of <svg image-a/>'));
    expect(readdirSync(folder)).toEqual(['image-a.png']);
  });

  it('keeps print files as files across a restart of the server', async () => {
    const before = await printFilesWith(countingPool());
    await before.get(artwork('design-cosmic-cat'));
    await before.getForShopper(artwork('design-asked-for'));

    const pool = countingPool();
    const after = await printFilesWith(pool);
    expect(await after.keptIn('design-cosmic-cat')).toBe('orders');
    expect(await after.keptIn('design-asked-for')).toBe('cache');
    expect(String(await after.get(artwork('design-cosmic-cat')))).toBe(
      'png of <svg design-cosmic-cat/>',
    );
    expect(String(await after.getForShopper(artwork('design-asked-for')))).toBe(
      'png of <svg design-asked-for/>',
    );
    expect(pool.rendered).toEqual([]);
  });

  it('keeps print files as rows of the shared database, for every instance', async () => {
    const one = await printFilesWith(countingPool(), { store: createDatabasePrintFileStore(db) });
    await Promise.all([one.get(artwork('image-shared')), one.get(artwork('image-other'))]);

    const pool = countingPool();
    const other = await printFilesWith(pool, { store: createDatabasePrintFileStore(db) });
    expect(String(await other.get(artwork('image-shared')))).toBe('png of <svg image-shared/>');
    expect(pool.rendered).toEqual([]);
    // A second instance writing the same print file changes nothing.
    await createDatabasePrintFileStore(db).write('image-shared', Buffer.from('again'));
    expect(String(await other.get(artwork('image-shared')))).toBe('png of <svg image-shared/>');
  });

  it('keeps the print files anyone asks for in the cache, and a paid order’s with the orders’', async () => {
    const pool = countingPool();
    const printFiles = await printFilesWith(pool);
    await printFiles.getForShopper(artwork('image-browsed'));
    expect(readdirSync(folder)).toEqual([]);
    expect(readdirSync(cacheFolder)).toEqual(['image-browsed.png']);

    printFiles.prepareInBackground(artwork('image-paid'));
    await printFiles.backgroundIdle();
    expect(await printFiles.keptIn('image-paid')).toBe('orders');
    // Asked for by anyone, a paid order's print file comes from the orders' own, not the cache.
    expect(String(await printFiles.getForShopper(artwork('image-paid')))).toBe(
      'png of <svg image-paid/>',
    );
    expect(readdirSync(cacheFolder)).toEqual(['image-browsed.png']);

    // Paid after it was browsed: kept from the cache's copy, not rendered again.
    printFiles.prepareInBackground(artwork('image-browsed'));
    await printFiles.backgroundIdle();
    expect(await printFiles.keptIn('image-browsed')).toBe('orders');
    expect(pool.rendered.sort()).toEqual(['<svg image-browsed/>', '<svg image-paid/>']);
  });

  it('keeps the cache under its size, letting the least recently used print files go first', async () => {
    const printFiles = await printFilesWith(countingPool(0, 1000), { cacheBytes: 3500 });
    for (const key of ['design-1', 'design-2', 'design-3']) {
      await printFiles.getForShopper(artwork(key));
    }
    // design-1 was asked for again, so design-2 is the least recently used.
    await printFiles.getForShopper(artwork('design-1'));
    await printFiles.getForShopper(artwork('design-4'));
    expect(readdirSync(cacheFolder).sort()).toEqual([
      'design-1.png',
      'design-3.png',
      'design-4.png',
    ]);

    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        printFiles.getForShopper(artwork(`image-${index % 25}`)),
      ),
    );
    expect(folderBytes(cacheFolder)).toBeLessThanOrEqual(3500);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('serves a print file larger than the whole cache without keeping it', async () => {
    const printFiles = await printFilesWith(countingPool(0, 5000), { cacheBytes: 3500 });
    expect((await printFiles.getForShopper(artwork('design-huge'))).length).toBe(5000);
    expect(readdirSync(cacheFolder)).toEqual([]);
  });

  it('rebuilds the cache’s index from its folder at start: sizes, last uses, and no half-written files', async () => {
    writeFileSync(join(cacheFolder, 'design-old.png'), Buffer.alloc(1000));
    writeFileSync(join(cacheFolder, 'design-new.png'), Buffer.alloc(1000));
    writeFileSync(join(cacheFolder, 'design-cut.png.123.abc.partial'), Buffer.alloc(700));
    utimesSync(join(cacheFolder, 'design-old.png'), new Date(1_000_000), new Date(1_000_000));

    const cache = await openFolderPrintFileCache(cacheFolder, 2500);
    expect(cache.usedBytes()).toBe(2000);
    expect(readdirSync(cacheFolder).sort()).toEqual(['design-new.png', 'design-old.png']);
    await cache.write('design-next', Buffer.alloc(1000));
    expect(readdirSync(cacheFolder).sort()).toEqual(['design-new.png', 'design-next.png']);
    expect(cache.usedBytes()).toBe(2000);
  });

  it('serves print files on a full disk without keeping them', async () => {
    const pool = countingPool();
    const printFiles = createPrintFiles({
      store: fullDiskStore(),
      cache: fullDiskStore(),
      pool,
      log: silent,
    });
    expect(String(await printFiles.getForShopper(artwork('image-browsed')))).toBe(
      'png of <svg image-browsed/>',
    );
    expect(String(await printFiles.get(artwork('image-paid')))).toBe('png of <svg image-paid/>');
    printFiles.prepareInBackground(artwork('image-paid-too'));
    await printFiles.backgroundIdle();
    expect(await printFiles.isKept('image-browsed')).toBe(false);
    expect(await printFiles.isKept('image-paid')).toBe(false);
    expect(pool.rendered).toHaveLength(3);
  });

  it('passes a full render queue on to the shopper who asked', async () => {
    const printFiles = await printFilesWith(countingPool(1));
    await expect(printFiles.getForShopper(artwork('image-busy'))).rejects.toBeInstanceOf(
      RenderQueueFullError,
    );
    expect(await printFiles.isKept('image-busy')).toBe(false);
  });

  it('renders in the background, waiting its turn when the render queue is full', async () => {
    const pool = countingPool(1);
    const printFiles = await printFilesWith(pool);
    printFiles.prepareInBackground(artwork('image-paid'));
    printFiles.prepareInBackground(artwork('image-paid'));
    printFiles.prepareInBackground(artwork('design-paid'));
    await printFiles.backgroundIdle();
    expect(pool.rendered.sort()).toEqual(['<svg design-paid/>', '<svg image-paid/>']);
    expect(await printFiles.keptIn('image-paid')).toBe('orders');
    expect(await printFiles.keptIn('design-paid')).toBe('orders');
  });

  it('renders in the background, waiting its turn when the art engine is too busy to redraw the artwork', async () => {
    const pool = countingPool();
    const printFiles = await printFilesWith(pool);
    let refusals = 1;
    printFiles.prepareInBackground({
      key: 'image-white',
      async source() {
        if (refusals-- > 0) throw new ArtEngineBusyError(1);
        return { svg: '<svg on white/>' };
      },
    });
    await printFiles.backgroundIdle();
    expect(pool.rendered).toEqual(['<svg on white/>']);
    expect(await printFiles.keptIn('image-white')).toBe('orders');
  });
});

describe('printKeyForShirt', () => {
  it('keeps the artwork’s own key for the default shirt and names any other colour', () => {
    expect(printKeyForShirt('image-abc', undefined)).toBe('image-abc');
    expect(printKeyForShirt('image-abc', 'Black')).toBe('image-abc');
    expect(printKeyForShirt('design-wolf', 'Light Grey')).toBe('design-wolf-light-grey');
  });
});
