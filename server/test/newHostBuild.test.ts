/**
 * A running server serves a new host build by its content, never by file times: a build written
 * into the same folder is served within a second, and a build switched to (a new folder renamed
 * into place, as a production build does) on the next request, its pages with its scripts.
 */
import { cpSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { writeHostPages } from './fakeComposition';
import { withTestServer } from './fixtures';

const page = (heading: string) =>
  `<!doctype html><html><head><title>Shop</title><script defer src="/main.js"></script></head><body><h1>${heading}</h1></body></html>`;

const server = withTestServer({
  prepare: (frontEnd) => writeHostPages(frontEnd.env.HOST_DIST_DIR!, { '/': page('Version one') }),
});

// Through a socket, as a browser asks: a request arrives in a loop turn of its own (statThisTurn).
const get = async (path: string) => (await fetch(new URL(path, server.url))).text();
const heading = async () => /<h1>(.*?)<\/h1>/.exec(await get('/'))?.[1];

describe('a new host build under a running server', () => {
  it('is served within a second when its page is rewritten in place with the same size and file time', async () => {
    const hostDir = server.frontEnd.env.HOST_DIST_DIR!;
    expect(await heading()).toBe('Version one');
    const file = join(hostDir, 'pages', 'page-0.html');
    const time = new Date('2024-01-01T00:00:00Z');
    utimesSync(file, time, time);
    expect(await heading()).toBe('Version one');

    writeFileSync(file, page('Version two'));
    utimesSync(file, time, time);
    const started = Date.now();

    await waitUntil(async () => (await heading()) === 'Version two', 'the new page is served', {
      timeoutMs: 3000,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('is served, with its scripts, from the first request after its folder is switched to', async () => {
    const hostDir = server.frontEnd.env.HOST_DIST_DIR!;
    const next = `${hostDir}.next`;
    cpSync(hostDir, next, { recursive: true });
    writeHostPages(next, { '/': page('Version three') });
    writeFileSync(join(next, 'main.js'), 'console.log("version three");');
    writeReleaseManifest(next);
    expect(await heading()).not.toBe('Version three');

    renameSync(hostDir, `${hostDir}.previous`);
    renameSync(next, hostDir);
    rmSync(`${hostDir}.previous`, { recursive: true });

    expect(await heading()).toBe('Version three');
    expect(await get('/main.js')).toBe('console.log("version three");');
  });
});
