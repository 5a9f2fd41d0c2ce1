/**
 * One small interface over both databases: the embedded Postgres (PGlite, in a folder or in memory)
 * and a real Postgres through `pg`. Repositories write plain SQL with `$1` parameters against it.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { StorageConfig } from '../config';

export interface Queryable {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: StorageConfig['kind'];
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The embedded database's own folder inside DATA_DIR (which also holds the running server's note). */
export function pgliteFolder(dataDir: string): string {
  return join(dataDir, 'pglite');
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const folder = dataDir === undefined ? undefined : pgliteFolder(dataDir);
  if (folder !== undefined) await mkdir(folder, { recursive: true });
  const pglite = folder === undefined ? new PGlite() : new PGlite(folder);
  await pglite.waitReady;
  return wrapPglite(pglite);
}

/** A Database over an open PGlite instance (tests open theirs from a migrated template). */
export function wrapPglite(pglite: PGlite): Database {
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await pglite.query<Row>(sql, [...params])).rows;
    },
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    transaction(work) {
      return pglite.transaction((tx) =>
        work({
          query: async <Row>(sql: string, params: readonly unknown[] = []) =>
            (await tx.query<Row>(sql, [...params])).rows,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  // Fail at start-up, not on the first shopper's request, when the database is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, [...params])).rows as Row[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(sql: string, params: readonly unknown[] = []) =>
            (await client.query(sql, [...params])).rows as Row[],
          exec: async (sql: string) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(storage: StorageConfig): Promise<Database> {
  return storage.kind === 'postgres'
    ? openPostgres(storage.databaseUrl)
    : openPglite(storage.dataDir);
}

/** bytea comes back as a Buffer from `pg` and as a Uint8Array from PGlite. */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
