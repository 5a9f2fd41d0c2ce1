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
  /** Runs several statements without parameters (migrations, pg-boss's locked commands); answers every statement's rows, in order. */
  exec(sql: string): Promise<unknown[]>;
}

export interface Database extends Queryable {
  readonly kind: StorageConfig['kind'];
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The rows of every statement of a multi-statement query, in order (pg answers one result for one statement, an array for several). */
export function rowsOfEvery(
  results: { rows: unknown[] } | ReadonlyArray<{ rows: unknown[] }>,
): unknown[] {
  return Array.isArray(results)
    ? (results as ReadonlyArray<{ rows: unknown[] }>).flatMap((result) => result.rows)
    : (results as { rows: unknown[] }).rows;
}

/** The embedded database's own folder inside DATA_DIR (which also holds the running server's note). */
export function pgliteFolder(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** The embedded database runs on its own thread (`pgliteThread.ts`), off the event loop. */
async function openPglite(
  dataDir: string | undefined,
  sharedBuffersMb: number | undefined,
): Promise<Database> {
  const folder = dataDir === undefined ? undefined : pgliteFolder(dataDir);
  if (folder !== undefined) await mkdir(folder, { recursive: true });
  const { openPgliteThread } = await import('./pgliteThread');
  return openPgliteThread(folder, { sharedBuffersMb });
}

/**
 * PGlite's start parameters with Postgres's `shared_buffers` set: the buffer pool is set up at
 * every start (about half a second of CPU for the default 128 MB on this machine, a tenth of that
 * for 16 MB).
 */
export function pgliteStartParams(
  defaults: readonly string[],
  sharedBuffersMb: number | undefined,
): string[] {
  return sharedBuffersMb === undefined
    ? [...defaults]
    : [...defaults, '-c', `shared_buffers=${sharedBuffersMb}MB`];
}

/** A Database over a PGlite instance on this thread (the database thread's and tests' own). */
export function wrapPglite(pglite: PGlite): Database {
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await pglite.query<Row>(sql, [...params])).rows;
    },
    async exec(sql: string) {
      return rowsOfEvery(await pglite.exec(sql));
    },
    transaction(work) {
      return pglite.transaction((tx) =>
        work({
          query: async <Row>(sql: string, params: readonly unknown[] = []) =>
            (await tx.query<Row>(sql, [...params])).rows,
          exec: async (sql: string) => rowsOfEvery(await tx.exec(sql)),
        }),
      );
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** The database cannot be reached right now (down, restarting, refusing connections). */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Network errors of the socket, and Postgres's own "connection" and "shutting down" SQLSTATEs. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    // Class 08: connection exception.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  // pg's own messages when a socket dies or a connection cannot be made in time.
  return (
    typeof message === 'string' &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  );
}

/** A row that would repeat a unique key (SQLSTATE 23505), on Postgres and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** Rethrows connection failures as DatabaseUnavailableError (answered 503 with Retry-After). */
async function reportingUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isDatabaseUnavailable(error) ? new DatabaseUnavailableError(error) : error;
  }
}

/** How long a request waits for a connection before the database counts as unavailable. */
export const CONNECT_TIMEOUT_MS = 5_000;

async function openPostgres(databaseUrl: string): Promise<Database> {
  const { Pool } = await import('pg');
  const pool = new Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection cut by a restarting database is dropped by the pool; without a listener the
  // 'error' event would crash the process. The next query opens a fresh connection.
  pool.on('error', () => undefined);
  // Fail at start-up, not on the first shopper's request, when the database is unreachable.
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    query<Row>(sql: string, params: readonly unknown[] = []) {
      return reportingUnavailable(async () => (await pool.query(sql, [...params])).rows as Row[]);
    },
    exec(sql: string) {
      return reportingUnavailable(async () => rowsOfEvery(await pool.query(sql)));
    },
    async transaction(work) {
      const client = await reportingUnavailable(() => pool.connect());
      let released = false;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <Row>(sql: string, params: readonly unknown[] = []) =>
            (await client.query(sql, [...params])).rows as Row[],
          exec: async (sql: string) => rowsOfEvery(await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        // A broken connection must not go back to the pool.
        const unavailable = isDatabaseUnavailable(error);
        client.release(unavailable);
        released = true;
        throw unavailable ? new DatabaseUnavailableError(error) : error;
      } finally {
        if (!released) client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(storage: StorageConfig): Promise<Database> {
  return storage.kind === 'postgres'
    ? openPostgres(storage.databaseUrl)
    : openPglite(storage.dataDir, storage.sharedBuffersMb);
}

/** bytea comes back as a Buffer from `pg` and as a Uint8Array from PGlite. */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes)
    ? bytes
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
