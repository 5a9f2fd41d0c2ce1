/**
 * A stop is not held by a keep-alive connection whose answer was still going out when the stop
 * began: it is closed as soon as it falls idle, not at its keep-alive timeout (72 s).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTestApps } from './fixtures';
import { startApp, testConfig } from './helpers';

const apps = withTestApps();

it('does not wait for the keep-alive timeout of a connection whose answer was still going out when the stop began', async () => {
  // Big enough that the answer is still being written while the client has not read it.
  writeFileSync(
    join(apps.frontEnd.env.HOST_DIST_DIR!, 'big.js'),
    `// ${'x'.repeat(16 * 1024 * 1024)}\n`,
  );
  // Not apps.start(): stopping the app is what this test does.
  const app = await startApp(testConfig(apps.frontEnd.env), { database: apps.db });
  const response = await fetch(`${app.url}/big.js`, { headers: { 'accept-encoding': 'identity' } });
  expect(response.status).toBe(200);
  const started = Date.now();
  const stopped = app.close();
  // The shopper's browser reads the rest; the connection then falls idle.
  expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(16 * 1024 * 1024);
  await stopped;
  expect(Date.now() - started).toBeLessThan(10_000);
});
