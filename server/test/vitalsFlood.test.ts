/**
 * The vitals endpoint under a flood (the hostile review wrote 15,000 rows in 6 s from one client):
 * rate-limited per visitor, what is kept capped, and the owner's report sound whatever is stored.
 */
import { withTestApps } from './fixtures';
import { expectErrorShape, newVisitor, type RunningApp } from './helpers';

const ADMIN_TOKEN = 'vitals-owner-token-0123456789';

const apps = withTestApps();

function start(env: Record<string, string> = {}): Promise<RunningApp> {
  return apps.start({ ADMIN_TOKEN, ...env });
}

/** A batch of `size` beacons, as the host sends them (text/plain, like sendBeacon). */
function sendBatch(server: RunningApp, visitor: Record<string, string>, size = 10, route = '/') {
  const batch = Array.from({ length: size }, (_, index) => ({
    name: 'LCP',
    value: 1000 + index,
    rating: 'good',
    id: `v5-${index}`,
    route,
  }));
  return fetch(`${server.url}/creator/vitals`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...visitor },
    body: JSON.stringify(batch),
  });
}

async function rowCount(where = 'true'): Promise<number> {
  const [row] = await apps.db.query<{ count: number }>(
    `SELECT count(*)::integer AS count FROM web_vitals WHERE ${where}`,
  );
  return row?.count ?? 0;
}

describe('one visitor flooding the vitals endpoint', () => {
  it('is stopped after VITALS_RATE_LIMIT_PER_MINUTE beacons a minute with a 429 JSON error, while others still report', async () => {
    const server = await start({ VITALS_RATE_LIMIT_PER_MINUTE: '5' });
    const flooder = newVisitor();
    const statuses: number[] = [];
    for (let request = 0; request < 8; request += 1) {
      const response = await sendBatch(server, flooder, 1, '/rate-limited');
      statuses.push(response.status);
      if (response.status === 429) expectErrorShape(await response.json());
    }
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429]);
    expect(await rowCount("route = '/rate-limited'")).toBe(5);
    expect((await sendBatch(server, newVisitor(), 1, '/rate-limited')).status).toBe(204);
  });

  it('stores at most the default limit of 60 batches a minute, however fast it sends', async () => {
    const server = await start();
    const flooder = newVisitor();
    const responses = await Promise.all(
      Array.from({ length: 300 }, () => sendBatch(server, flooder, 10, '/flooded')),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(60);
    expect(statuses.filter((status) => status !== 204).every((status) => status === 429)).toBe(
      true,
    );
    expect(await rowCount("route = '/flooded'")).toBe(600);
  });
});

describe('what is kept', () => {
  it('is capped at VITALS_MAX_ROWS, the oldest rows going first', async () => {
    const server = await start({ VITALS_MAX_ROWS: '25' });
    for (let batch = 0; batch < 8; batch += 1) {
      expect((await sendBatch(server, newVisitor(), 10, `/capped-${batch}`)).status).toBe(204);
    }
    expect(await rowCount()).toBe(25);
    // The newest 25: the last two batches whole and half of the one before.
    expect(await rowCount("route IN ('/capped-7', '/capped-6')")).toBe(20);
    expect(await rowCount("route = '/capped-5'")).toBe(5);
  });
});

describe('the owner’s vitals listing', () => {
  it('stays sound whatever rows are stored: values out of range are left out of the percentiles', async () => {
    const server = await start();
    await apps.db.exec(`
      INSERT INTO web_vitals (name, value, rating, metric_id, route) VALUES
        ('INP', 'Infinity', 'poor', 'old-1', '/odd'),
        ('INP', '-Infinity', 'poor', 'old-2', '/odd'),
        ('INP', 'NaN', 'poor', 'old-3', '/odd'),
        ('INP', -5, 'poor', 'old-4', '/odd'),
        ('INP', 1e300, 'poor', 'old-5', '/odd'),
        ('INP', 200, 'good', 'v5-1', '/odd'),
        ('TTFB', 'Infinity', 'poor', 'old-6', '/only-odd');
    `);
    const response = await fetch(`${server.url}/creator/admin/vitals`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(response.status).toBe(200);
    const { vitals } = (await response.json()) as {
      vitals: Array<{ name: string; route: string; samples: number; p75: number }>;
    };
    expect(vitals.filter((row) => row.route === '/odd')).toEqual([
      { name: 'INP', route: '/odd', samples: 1, p75: 200 },
    ]);
    expect(vitals.filter((row) => row.route === '/only-odd')).toEqual([]);
    expect(vitals.every((row) => Number.isFinite(row.p75))).toBe(true);
  });
});
