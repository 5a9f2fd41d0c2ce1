import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
  type PrintableArtwork,
} from './printFiles';

const silent = { warn: () => undefined };

/** A pool that "renders" instantly and counts, optionally refusing the first few renders. */
function countingPool(refuseFirst = 0): PrintRenderPool & { rendered: string[] } {
  let refusals = refuseFirst;
  const rendered: string[] = [];
  return {
    rendered,
    async render(svg) {
      if (refusals > 0) {
        refusals -= 1;
        throw new RenderQueueFullError(1);
      }
      rendered.push(svg);
      return Buffer.from(`png of ${svg}`);
    },
    close: async () => undefined,
  };
}

const artwork = (key: string): PrintableArtwork => ({ key, svg: async () => `<svg ${key}/>` });

describe('print files', () => {
  let folder: string;
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'print-files-test-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('renders each print file once: requests at the same time share the render, later ones read it back', async () => {
    const pool = countingPool();
    const printFiles = createPrintFiles({
      store: createFolderPrintFileStore(folder),
      pool,
      log: silent,
    });
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
    const before = createPrintFiles({
      store: createFolderPrintFileStore(folder),
      pool: countingPool(),
      log: silent,
    });
    await before.get(artwork('design-cosmic-cat'));

    const pool = countingPool();
    const after = createPrintFiles({
      store: createFolderPrintFileStore(folder),
      pool,
      log: silent,
    });
    expect(await after.isKept('design-cosmic-cat')).toBe(true);
    expect(String(await after.get(artwork('design-cosmic-cat')))).toBe(
      'png of <svg design-cosmic-cat/>',
    );
    expect(pool.rendered).toEqual([]);
  });

  it('keeps print files as rows of the shared database, for every instance', async () => {
    const one = createPrintFiles({
      store: createDatabasePrintFileStore(db),
      pool: countingPool(),
      log: silent,
    });
    await Promise.all([one.get(artwork('image-shared')), one.get(artwork('image-other'))]);

    const pool = countingPool();
    const other = createPrintFiles({ store: createDatabasePrintFileStore(db), pool, log: silent });
    expect(String(await other.get(artwork('image-shared')))).toBe('png of <svg image-shared/>');
    expect(pool.rendered).toEqual([]);
    // A second instance writing the same print file changes nothing.
    await createDatabasePrintFileStore(db).write('image-shared', Buffer.from('again'));
    expect(String(await other.get(artwork('image-shared')))).toBe('png of <svg image-shared/>');
  });

  it('passes a full render queue on to the shopper who asked', async () => {
    const printFiles = createPrintFiles({
      store: createFolderPrintFileStore(folder),
      pool: countingPool(1),
      log: silent,
    });
    await expect(printFiles.get(artwork('image-busy'))).rejects.toBeInstanceOf(
      RenderQueueFullError,
    );
    expect(await printFiles.isKept('image-busy')).toBe(false);
  });

  it('renders in the background, waiting its turn when the render queue is full', async () => {
    const pool = countingPool(1);
    const printFiles = createPrintFiles({
      store: createFolderPrintFileStore(folder),
      pool,
      log: silent,
    });
    printFiles.prepareInBackground(artwork('image-paid'));
    printFiles.prepareInBackground(artwork('image-paid'));
    printFiles.prepareInBackground(artwork('design-paid'));
    await printFiles.backgroundIdle();
    expect(pool.rendered.sort()).toEqual(['<svg design-paid/>', '<svg image-paid/>']);
    expect(await printFiles.isKept('image-paid')).toBe(true);
    expect(await printFiles.isKept('design-paid')).toBe(true);
  });

  it('renders in the background, waiting its turn when the art engine is too busy to redraw the artwork', async () => {
    const pool = countingPool();
    const printFiles = createPrintFiles({
      store: createFolderPrintFileStore(folder),
      pool,
      log: silent,
    });
    let refusals = 1;
    printFiles.prepareInBackground({
      key: 'image-white',
      async svg() {
        if (refusals-- > 0) throw new ArtEngineBusyError(1);
        return '<svg on white/>';
      },
    });
    await printFiles.backgroundIdle();
    expect(pool.rendered).toEqual(['<svg on white/>']);
    expect(await printFiles.isKept('image-white')).toBe(true);
  });
});

describe('printKeyForShirt', () => {
  it('keeps the artwork’s own key for the default shirt and names any other colour', () => {
    expect(printKeyForShirt('image-abc', undefined)).toBe('image-abc');
    expect(printKeyForShirt('image-abc', 'Black')).toBe('image-abc');
    expect(printKeyForShirt('design-wolf', 'Light Grey')).toBe('design-wolf-light-grey');
  });
});
