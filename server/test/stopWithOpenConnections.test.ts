/**
 * A stop is not held by a keep-alive connection whose answer was still going out when the stop
 * began: it is closed as soon as it falls idle, not at its keep-alive timeout (72 s).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { withTestApps } from './fixtures';
import { startApp, testConfig } from './helpers';

const apps = withTestApps();

it('does not wait for the keep-alive timeout of a connection whose answer was still going out when the stop began', async () => {
  // Big enough that the answer is still being written while the client has not read it.
  writeFileSync(
    join(apps.frontEnd.env.HOST_DIST_DIR!, 'big.js'),
    `// ${'x'.repeat(16 * 1024 * 1024)}\n`,
  );
  writeReleaseManifest(apps.frontEnd.env.HOST_DIST_DIR!);
  // Not apps.start(): stopping the app is what this test does.
  const app = await startApp(testConfig(apps.frontEnd.env), { database: apps.db });
  const keepAliveMs = app.app.server.keepAliveTimeout;
  const response = await fetch(`${app.url}/big.js`, { headers: { 'accept-encoding': 'identity' } });
  expect(response.status).toBe(200);
  const started = Date.now();
  const stopped = app.close();
  // The shopper's browser reads the rest; the connection then falls idle.
  expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(16 * 1024 * 1024);
  await stopped;
  // A stop held by the connection ends only once its keep-alive timeout has run out after the answer.
  expect(Date.now() - started).toBeLessThan(keepAliveMs);
  // Long enough for a held stop to reach that assertion rather than the test's own time-out.
}, 150_000);
