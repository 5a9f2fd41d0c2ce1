/**
 * A stop is not held by a keep-alive connection whose answer was still going out when the stop
 * began: it is closed as soon as it falls idle, not at its keep-alive timeout (72 s).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../src/storage/database';
import {
  createFakeFrontEnd,
  openTestDatabase,
  startApp,
  testConfig,
  type FakeFrontEnd,
} from './helpers';

let db: Database;
let frontEnd: FakeFrontEnd;

beforeAll(async () => {
  db = await openTestDatabase();
  frontEnd = createFakeFrontEnd();
});
afterAll(async () => {
  await db?.close();
  frontEnd?.remove();
});

it('does not wait for the keep-alive timeout of a connection whose answer was still going out when the stop began', async () => {
  // Big enough that the answer is still being written while the client has not read it.
  writeFileSync(
    join(frontEnd.env.HOST_DIST_DIR!, 'big.js'),
    `// ${'x'.repeat(16 * 1024 * 1024)}\n`,
  );
  const app = await startApp(testConfig(frontEnd.env), { database: db });
  const response = await fetch(`${app.url}/big.js`, { headers: { 'accept-encoding': 'identity' } });
  expect(response.status).toBe(200);
  const started = Date.now();
  const stopped = app.close();
  // The shopper's browser reads the rest; the connection then falls idle.
  expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(16 * 1024 * 1024);
  await stopped;
  expect(Date.now() - started).toBeLessThan(10_000);
});
