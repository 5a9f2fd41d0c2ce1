/**
 * Rows inserted into one table by requests running at the same time are written together, in one
 * multi-row `INSERT`: a statement costs the embedded database far more than a row does. One statement
 * runs at a time and they start at most every STATEMENT_GAP_MS (statementPacing.ts), so under load
 * each gathers the rows of a few milliseconds. Each caller still learns about its own row only once
 * the statement holding it has committed.
 */
import { isDatabaseUnavailable, type Queryable } from './database';
import { createStatementPacer } from './statementPacing';

/** Postgres allows 65,535 parameters in a statement; 100 rows stay far below for any table here. */
export const MAX_ROWS_PER_INSERT = 100;

export interface InsertBatcher<Row> {
  /** Inserts one row (values in `columns` order); resolves with the row as RETURNING gave it. */
  insert(values: readonly unknown[]): Promise<Row>;
}

interface Waiting<Row> {
  values: readonly unknown[];
  resolve: (row: Row) => void;
  reject: (error: unknown) => void;
}

export function createInsertBatcher<Row extends Record<string, unknown>>(
  db: Queryable,
  options: {
    table: string;
    columns: readonly string[];
    /** A column whose value is unique and given by the caller, to hand each row back to its caller. */
    key: string;
    /** What RETURNING lists (the key at least). */
    returning: string;
  },
): InsertBatcher<Row> {
  const { table, columns, key, returning } = options;
  const keyIndex = columns.indexOf(key);
  if (keyIndex < 0) throw new Error(`${key} is not one of the columns`);
  let waiting: Array<Waiting<Row>> = [];
  let writing = false;
  const pace = createStatementPacer();

  async function write(batch: Array<Waiting<Row>>): Promise<void> {
    const placeholders = batch.map(
      (_, row) =>
        `(${columns.map((__, column) => `$${row * columns.length + column + 1}`).join(', ')})`,
    );
    const rows = await db.query<Row>(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${placeholders.join(', ')} RETURNING ${returning}`,
      batch.flatMap((entry) => entry.values),
    );
    const byKey = new Map(rows.map((row) => [row[key], row]));
    for (const entry of batch) {
      const row = byKey.get(entry.values[keyIndex]);
      if (row) entry.resolve(row);
      else entry.reject(new Error(`the row was not returned by INSERT INTO ${table}`));
    }
  }

  async function flush(): Promise<void> {
    writing = true;
    while (waiting.length > 0) {
      await pace(waiting.length >= MAX_ROWS_PER_INSERT);
      const batch = waiting.slice(0, MAX_ROWS_PER_INSERT);
      waiting = waiting.slice(batch.length);
      try {
        await write(batch);
      } catch (error) {
        if (batch.length === 1 || isDatabaseUnavailable(error)) {
          for (const entry of batch) entry.reject(error);
        } else {
          // One bad row must not fail the others: each is tried alone, and only its caller hears.
          await Promise.all(batch.map((entry) => write([entry]).catch(entry.reject)));
        }
      }
    }
    writing = false;
  }

  return {
    insert(values) {
      return new Promise<Row>((resolve, reject) => {
        waiting.push({ values, resolve, reject });
        // The rows of requests that arrive while a statement runs form the next one.
        if (!writing) setImmediate(() => void flush());
        writing = true;
      });
    },
  };
}
