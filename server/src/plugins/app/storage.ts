/**
 * The database (embedded or real Postgres, migrated at start-up) and the repositories over it.
 * Start-up waits for the database as long as it takes (the embedded one's first start on a busy
 * machine can take a minute), saying so in the log meanwhile.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { createGenerationQuota, type GenerationQuota } from '../../generation/generationQuota';
import { createImagesRepository, type ImagesRepository } from '../../images/imagesRepository';
import { createOrdersRepository, type OrdersRepository } from '../../orders/ordersRepository';
import { openDatabase, type Database } from '../../storage/database';
import { runMigrations } from '../../storage/migrations';
import { localFolder } from '../../storage/localFolder';
import { createVitalsRepository, type VitalsRepository } from '../../vitals/vitalsRepository';

export interface Repositories {
  images: ImagesRepository;
  orders: OrdersRepository;
  generationQuota: GenerationQuota;
  vitals: VitalsRepository;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    repositories: Repositories;
  }
}

export interface StorageOptions {
  config: AppConfig;
  /** A database opened by the caller (tests share one); the app then leaves it open on close. */
  database?: Database;
}

/** How often a slow start says it is still waiting for the database. */
const STARTUP_PROGRESS_EVERY_MS = 10_000;

/** The database opened (unless the caller's) and migrated, with progress in the log. */
async function readyDatabase(app: FastifyInstance, options: StorageOptions): Promise<Database> {
  const kind = options.database?.kind ?? options.config.storage.kind;
  const name = kind === 'pglite' ? 'the embedded database' : 'the database';
  const started = performance.now();
  let doing = options.database ? `migrating ${name}` : `opening ${name}`;
  app.log.info(`${doing}…`);
  const progress = setInterval(() => {
    const seconds = Math.round((performance.now() - started) / 1000);
    app.log.info(`still ${doing} (${seconds} s)`);
  }, STARTUP_PROGRESS_EVERY_MS);
  try {
    const db = options.database ?? (await openDatabase(options.config.storage));
    if (!options.database) app.addHook('onClose', () => db.close());
    doing = `migrating ${name}`;
    const applied = await runMigrations(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    app.log.info(`database ready in ${Math.round(performance.now() - started)} ms`);
    return db;
  } finally {
    clearInterval(progress);
  }
}

async function storagePlugin(app: FastifyInstance, options: StorageOptions) {
  const db = await readyDatabase(app, options);

  app.decorate('db', db);
  app.decorate('repositories', {
    images: createImagesRepository(
      db,
      db.kind === 'postgres' ? undefined : await localFolder(app, options.config.storage, 'images'),
    ),
    orders: createOrdersRepository(db),
    generationQuota: createGenerationQuota(db),
    vitals: createVitalsRepository(db),
  });
}

export default fp(storagePlugin, { name: 'storage' });
