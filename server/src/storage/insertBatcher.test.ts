import { openTestDatabase } from '../../test/testDatabase';
import type { Database, Queryable } from './database';
import { createInsertBatcher, MAX_ROWS_PER_INSERT } from './insertBatcher';

describe('createInsertBatcher', () => {
  let db: Database;
  let statements: string[];
  let counted: Queryable;

  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec('CREATE TABLE notes (id text PRIMARY KEY, body text NOT NULL)');
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.exec('DELETE FROM notes');
    statements = [];
    counted = {
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
    };
  });

  const notes = () =>
    createInsertBatcher<{ id: string; body: string }>(counted, {
      table: 'notes',
      columns: ['id', 'body'],
      key: 'id',
      returning: '*',
    });

  it('writes rows that arrive together in one statement and answers each caller with its own row', async () => {
    const batcher = notes();
    const rows = await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) => batcher.insert([id, `note ${id}`])),
    );
    expect(rows).toEqual(['a', 'b', 'c', 'd'].map((id) => ({ id, body: `note ${id}` })));
    expect(statements).toHaveLength(1);
    expect(await db.query('SELECT count(*)::int AS n FROM notes')).toEqual([{ n: 4 }]);
  });

  it('writes a row that arrives alone at once, in its own statement', async () => {
    const batcher = notes();
    expect(await batcher.insert(['solo', 'alone'])).toEqual({ id: 'solo', body: 'alone' });
    expect(await batcher.insert(['next', 'later'])).toEqual({ id: 'next', body: 'later' });
    expect(statements).toHaveLength(2);
  });

  it('fails only the caller whose row is refused', async () => {
    await db.query(`INSERT INTO notes VALUES ('taken', 'first')`);
    const batcher = notes();
    const results = await Promise.allSettled(
      ['x', 'taken', 'y'].map((id) => batcher.insert([id, `note ${id}`])),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(
      (await db.query<{ id: string }>('SELECT id FROM notes ORDER BY id')).map((row) => row.id),
    ).toEqual(['taken', 'x', 'y']);
  });

  it('splits more rows than one statement may hold into several statements', async () => {
    const batcher = notes();
    const count = MAX_ROWS_PER_INSERT * 2 + 5;
    await Promise.all(
      Array.from({ length: count }, (_, index) => batcher.insert([`n${index}`, 'many'])),
    );
    expect(statements).toHaveLength(3);
    expect(await db.query('SELECT count(*)::int AS n FROM notes')).toEqual([{ n: count }]);
  });
});
