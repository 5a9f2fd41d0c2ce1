/** The database (embedded or real Postgres, migrated at start-up) and the repositories over it. */
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

async function storagePlugin(app: FastifyInstance, options: StorageOptions) {
  const db = options.database ?? (await openDatabase(options.config.storage));
  if (!options.database) app.addHook('onClose', () => db.close());
  const applied = await runMigrations(db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');

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
