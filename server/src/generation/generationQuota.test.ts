import { openTestDatabase } from '../../test/testDatabase';
import type { Database } from '../storage/database';
import { createGenerationQuota } from './generationQuota';

describe('the daily generation quota', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('grants exactly what is left when many requests of one visitor arrive together', async () => {
    const quota = createGenerationQuota(db);
    const first = await Promise.all(
      Array.from({ length: 4 }, () => quota.tryConsume('burst', '2026-05-01', 10)),
    );
    const second = await Promise.all(
      Array.from({ length: 25 }, () => quota.tryConsume('burst', '2026-05-01', 10)),
    );
    expect(first.filter(Boolean)).toHaveLength(4);
    expect(second.filter(Boolean)).toHaveLength(6);
    expect(await quota.usedOn('burst', '2026-05-01')).toBe(10);
    expect(await quota.tryConsume('burst', '2026-05-01', 10)).toBe(false);
  });

  it('counts each visitor and each day on its own', async () => {
    const quota = createGenerationQuota(db);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => quota.tryConsume('ann', '2026-05-02', 3)),
      ...Array.from({ length: 5 }, () => quota.tryConsume('bob', '2026-05-02', 3)),
      ...Array.from({ length: 5 }, () => quota.tryConsume('ann', '2026-05-03', 3)),
    ]);
    expect(
      [0, 5, 10].map((start) => results.slice(start, start + 5).filter(Boolean).length),
    ).toEqual([3, 3, 3]);
  });

  it('grants many visitors asking at once exactly what each has left, in one statement', async () => {
    const quota = createGenerationQuota(db);
    await Promise.all(Array.from({ length: 3 }, () => quota.tryConsume('v-7', '2026-05-06', 4)));
    const statements: string[] = [];
    const counted = createGenerationQuota({
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
      exec: (sql) => db.exec(sql),
    });
    const visitors = Array.from({ length: 12 }, (_, index) => `v-${index}`);
    const results = await Promise.all(
      visitors.flatMap((visitor) =>
        Array.from({ length: 6 }, () =>
          counted
            .tryConsume(visitor, '2026-05-06', 4)
            .then((granted) => [visitor, granted] as const),
        ),
      ),
    );
    const grants = new Map<string, number>();
    for (const [visitor, granted] of results) {
      grants.set(visitor, (grants.get(visitor) ?? 0) + (granted ? 1 : 0));
    }
    expect(Object.fromEntries(grants)).toEqual(
      Object.fromEntries(visitors.map((visitor) => [visitor, visitor === 'v-7' ? 1 : 4])),
    );
    expect(statements).toHaveLength(1);
    expect(await quota.usedOn('v-7', '2026-05-06')).toBe(4);
  });

  it('takes a unit back for a generation that failed, and grants it again', async () => {
    const quota = createGenerationQuota(db);
    expect(await quota.tryConsume('carol', '2026-05-04', 1)).toBe(true);
    expect(await quota.tryConsume('carol', '2026-05-04', 1)).toBe(false);
    await quota.giveBack('carol', '2026-05-04');
    expect(await quota.usedOn('carol', '2026-05-04')).toBe(0);
    expect(await quota.tryConsume('carol', '2026-05-04', 1)).toBe(true);
  });

  it('grants nothing past a limit that was lowered', async () => {
    const quota = createGenerationQuota(db);
    await Promise.all(Array.from({ length: 5 }, () => quota.tryConsume('dave', '2026-05-05', 5)));
    expect(await quota.tryConsume('dave', '2026-05-05', 2)).toBe(false);
    expect(await quota.usedOn('dave', '2026-05-05')).toBe(5);
  });
});
