/**
 * The print-file service: its own pool of render threads (PRINT_RENDER_THREADS, a queue of
 * PRINT_RENDER_QUEUE) and where print PNGs are kept — paid orders' as files in DATA_DIR beside the
 * embedded database (a temporary folder for an in-memory one) or rows of a shared Postgres; anyone
 * else's in a cache of at most PRINT_CACHE_MAX_MB on local disk (`DATA_DIR/print-cache`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createDatabasePrintFileStore,
  createFolderPrintFileStore,
  createPrintFiles,
  openFolderPrintFileCache,
  printableArtwork,
  type PrintFiles,
  type PrintFileStore,
} from '../../images/printFiles';
import { parseArtworkReference } from '../../orders/artworkReference';
import type { Order } from '../../orders/ordersRepository';
import { createPrintRenderPool, type PrintRenderPool } from '../../rendering/printRenderPool';
import { localFolder } from '../../storage/localFolder';

declare module 'fastify' {
  interface FastifyInstance {
    printFiles: PrintFiles;
    /** The render threads: print files, and the check of an image model's picture as it arrives. */
    printRenderPool: PrintRenderPool;
    /** Starts rendering the print file of a just-paid order's artwork on its shirt, so the owner never waits. */
    preparePrintFile(order: Pick<Order, 'imagePath' | 'shirtColor'>): void;
  }
}

async function openStore(app: FastifyInstance): Promise<PrintFileStore> {
  if (app.db.kind === 'postgres') return createDatabasePrintFileStore(app.db);
  return createFolderPrintFileStore(await localFolder(app, app.appConfig.storage, 'print-files'));
}

const BYTES_PER_MB = 1024 * 1024;

/** Each instance's own: a print file missing from it is rendered again, never lost. */
async function openCache(app: FastifyInstance): Promise<PrintFileStore> {
  const folder = await localFolder(app, app.appConfig.storage, 'print-cache');
  return openFolderPrintFileCache(folder, app.appConfig.printRendering.cacheMaxMb * BYTES_PER_MB);
}

export interface PrintFilesOptions {
  /** The module the render threads run instead of the print renderer (tests). */
  taskModule?: string;
  /** Starts the render threads at the first render instead of with the app (tests). */
  threadsOnFirstJob?: boolean | undefined;
  /** `false`: a paid order's print file is rendered when first asked for, not at payment (tests). */
  ahead?: boolean | undefined;
}

async function printFilesPlugin(app: FastifyInstance, options: PrintFilesOptions) {
  const pool = createPrintRenderPool({
    ...app.appConfig.printRendering,
    taskModule: options.taskModule,
    threadsOnFirstJob: options.threadsOnFirstJob,
    onThreadError: (error) => app.log.error({ err: error }, 'a print render thread failed'),
  });
  const printFiles = createPrintFiles({
    store: await openStore(app),
    cache: await openCache(app),
    pool,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    printFiles.close();
    await pool.close();
  });
  app.decorate('printFiles', printFiles);
  app.decorate('printRenderPool', pool);

  const { images } = app.repositories;
  const { publicUrl } = app.appConfig;
  app.decorate(
    'preparePrintFile',
    ({ imagePath, shirtColor }: Pick<Order, 'imagePath' | 'shirtColor'>) => {
      if (options.ahead === false) return;
      const reference = parseArtworkReference(imagePath, publicUrl);
      const artwork = reference && printableArtwork(reference, images, app.artEngine, shirtColor);
      if (artwork) printFiles.prepareInBackground(artwork);
    },
  );
}

export default fp(printFilesPlugin, {
  name: 'print-files',
  dependencies: ['storage', 'art-engine'],
  decorators: { fastify: ['appConfig'] },
});
