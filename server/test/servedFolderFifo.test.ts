/**
 * Odd files in a served folder, in the real server process: FIFOs where a script, a chunk and a
 * remote's fragments file should be are never opened (`open` of a FIFO waits for a writer, and
 * four such waits would hold every thread of libuv's pool), so every route keeps answering and a
 * SIGTERM still ends the process cleanly.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import { REMOTE_FRAGMENTS_FILE } from '@tshirt/shared/contract';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { startStoreServer } from '@tshirt/tooling/test/storeServer';
import { FAKE_PRODUCT_PAGE, writeHostPages } from './fakeComposition';
import { withFakeFrontEnd } from './fixtures';
import { query } from './helpers';

/** Logged when a stop had to end requests that outlasted SHUTDOWN_TIMEOUT_MS. */
const FORCED_STOP_LOG = 'did not finish within SHUTDOWN_TIMEOUT_MS';

const frontEnd = withFakeFrontEnd((folders) => {
  writeHostPages(folders.env.HOST_DIST_DIR!, { '/product': FAKE_PRODUCT_PAGE });
  const fifos = [
    join(folders.env.HOST_DIST_DIR!, 'fifo.js'),
    join(folders.env.HOST_DIST_DIR!, 'chunks', '77.0fe051d53e.js'),
    join(folders.env.DESIGNER_DIST_DIR!, 'fifo.js'),
    join(folders.env.DESIGNER_DIST_DIR!, REMOTE_FRAGMENTS_FILE),
  ];
  execFileSync('mkfifo', fifos);
  for (const folder of ['HOST_DIST_DIR', 'DESIGNER_DIST_DIR']) {
    writeReleaseManifest(folders.env[folder]!);
  }
});

it('answers every route while the served folders hold FIFOs, and stops cleanly on SIGTERM', async () => {
  const server = await startStoreServer({ ...frontEnd.env, SHUTDOWN_TIMEOUT_MS: '10000' });
  try {
    // Twice as many as libuv's pool has threads, all at once.
    const fifoPaths = ['/fifo.js', '/chunks/77.0fe051d53e.js', '/remotes/designer/fifo.js'];
    const asked = await Promise.all(
      Array.from({ length: 8 }, (_, index) => fetch(`${server.url}${fifoPaths[index % 3]}`)),
    );
    expect(asked.map((answer) => answer.status)).toEqual(Array(8).fill(404));

    const design = PREMADE_DESIGNS[0]!;
    const printFile = `${design.imagePath.replace(/\.svg$/, '.png')}?${query({ shirt: 'Navy' })}`;
    for (const path of [
      '/',
      '/product',
      '/main.js',
      '/remotes/designer/remoteEntry.js',
      printFile,
    ]) {
      const answer = await fetch(`${server.url}${path}`);
      expect([path, answer.status]).toEqual([path, 200]);
    }
    // A file a release adds now is read as usual.
    writeFileSync(join(frontEnd.env.HOST_DIST_DIR!, 'added.js'), 'added();');
    writeReleaseManifest(frontEnd.env.HOST_DIST_DIR!);
    expect((await fetch(`${server.url}/added.js`)).status).toBe(200);

    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toContain(FORCED_STOP_LOG);
  } finally {
    await server.stop();
    rmSync(join(frontEnd.env.HOST_DIST_DIR!, 'added.js'), { force: true });
  }
});
