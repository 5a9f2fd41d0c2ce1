import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMigrations } from './migrations';
import { openPgliteThread } from './pgliteThread';
import type { Database } from './database';

describe('the embedded database on its own thread', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPgliteThread(undefined);
    await runMigrations(db);
  }, 60_000);

  afterAll(async () => {
    await db.close();
  });

  it('answers parameterised queries with rows, dates and bytes intact', async () => {
    const [row] = await db.query<{ id: string; content: Uint8Array; created_at: Date }>(
      `INSERT INTO images (id, format, content, provider, prompt) VALUES ($1, 'svg', $2, 'builtin', '')
       RETURNING id, content, created_at`,
      ['thread-image-001', Buffer.from('<svg/>')],
    );
    expect(row?.id).toBe('thread-image-001');
    expect(Buffer.from(row!.content).toString()).toBe('<svg/>');
    // A Date made on the other thread (Jest's own Date is another realm's, hence no instanceof).
    expect(Object.prototype.toString.call(row?.created_at)).toBe('[object Date]');
  });

  it('passes the database error and its SQLSTATE back to the caller', async () => {
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toMatchObject({
      code: '42P01',
      message: expect.stringContaining('no_such_table'),
    });
    // The thread goes on answering after an error.
    expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('commits a transaction whose work succeeds and rolls back one whose work throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO generation_quota VALUES ('kept', '2026-01-01', 1)`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO generation_quota VALUES ('dropped', '2026-01-01', 1)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const keys = await db.query<{ client_key: string }>(
      `SELECT client_key FROM generation_quota WHERE client_key IN ('kept', 'dropped')`,
    );
    expect(keys).toEqual([{ client_key: 'kept' }]);
  });

  it('answers many statements sent at once, each with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        db.query<{ n: number }>('SELECT $1::int AS n', [index]),
      ),
    );
    expect(results.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('keeps its data in a folder across a reopen, with the page cache it is given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    try {
      const first = await openPgliteThread(folder);
      await first.exec('CREATE TABLE notes (text text); INSERT INTO notes VALUES ($$kept$$);');
      // Postgres's default page cache (PGLITE_SHARED_BUFFERS_MB's too).
      expect(await first.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '128MB' }]);
      await first.close();
      const second = await openPgliteThread(folder, { sharedBuffersMb: 16 });
      expect(await second.query('SELECT text FROM notes')).toEqual([{ text: 'kept' }]);
      expect(await second.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      await second.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  // Last: it closes the database the tests above share (a thread of its own would start PGlite
  // again, about 9 s of CPU), and closing it once more in afterAll is a no-op.
  it('refuses statements once closed, with an error instead of a hang', async () => {
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('The database thread has stopped');
  });
});
