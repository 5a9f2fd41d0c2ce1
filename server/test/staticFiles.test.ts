/**
 * The built front-end folders as a build leaves them, each text file with its Brotli and gzip
 * copies beside it: a release or a rollback copied over a folder (even keeping its files' times, as
 * `rsync -a` does) is sent, in every encoding, on the next request (a file just written, once it
 * has settled), and nothing is written into the folders.
 */
import { readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { IMMUTABLE, NO_CACHE } from '@tshirt/shared/cachePolicy';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { FAKE_PRODUCT_PAGE, writeHostPages } from './fakeComposition';
import { withTestServer } from './fixtures';
import { requestAsSent } from './helpers';

/** A file's worth of text: same length for every release, so only its bytes tell them apart. */
const release = (name: string) => `console.log(${JSON.stringify(`${name}:`.padEnd(4000, '.'))});`;

/** Writes `file` with its compressed copies, as a build does; with `time`, all keep that time. */
function writeAsBuilt(file: string, text: string, time?: number): void {
  const copies = { '': Buffer.from(text), '.br': brotliCompressSync(text), '.gz': gzipSync(text) };
  for (const [suffix, bytes] of Object.entries(copies)) {
    writeFileSync(`${file}${suffix}`, bytes);
    if (time !== undefined) utimesSync(`${file}${suffix}`, time, time);
  }
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
}

let before: string[];
/** The build's file time, kept by the copy of the next release. */
const RELEASE_TIME = 1_700_000_000;

const server = withTestServer({
  prepare: (frontEnd) => {
    writeAsBuilt(
      join(frontEnd.env.DESIGNER_DIST_DIR!, 'remoteEntry.js'),
      release('r1'),
      RELEASE_TIME,
    );
    writeAsBuilt(join(frontEnd.env.DESIGNER_DIST_DIR!, 'chunks', '7.0123456789.js'), release('7'));
    writeHostPages(frontEnd.env.HOST_DIST_DIR!, { '/product': FAKE_PRODUCT_PAGE });
    before = filesUnder(frontEnd.root);
  },
});

const rawGet = (path: string, encoding: string, headers: Record<string, string> = {}) =>
  requestAsSent(server.url, path, { headers: { 'accept-encoding': encoding, ...headers } });

function decoded(answer: { headers: Record<string, unknown>; body: Buffer }): string {
  if (answer.headers['content-encoding'] === 'br')
    return brotliDecompressSync(answer.body).toString();
  if (answer.headers['content-encoding'] === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

describe('static files', () => {
  const path = '/remotes/designer/remoteEntry.js';
  const file = () => join(server.frontEnd.env.DESIGNER_DIST_DIR!, 'remoteEntry.js');

  it('sends the bytes of a release copied over the old one, in every encoding, even with the old file times', async () => {
    for (const encoding of ['br', 'gzip']) {
      const answer = await rawGet(path, encoding);
      expect(answer.headers['content-encoding']).toBe(encoding);
      // The build's copy, sent as it is (an answer encoded on the fly has no length).
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(decoded(answer)).toBe(release('r1'));
    }
    const before = statSync(file());
    writeAsBuilt(file(), release('r2'), RELEASE_TIME);
    const after = statSync(file());
    expect([after.ino, after.size, after.mtimeMs]).toEqual([
      before.ino,
      before.size,
      before.mtimeMs,
    ]);

    for (const encoding of ['br', 'gzip', '']) {
      expect(decoded(await rawGet(path, encoding))).toBe(release('r2'));
    }
  });

  it('never sends an older release’s compressed copy of a file copied without its copies', async () => {
    // Its build an hour after the copies beside it, its time kept (`rsync -a`): settled at once.
    writeFileSync(file(), release('r3'));
    utimesSync(file(), RELEASE_TIME + 3600, RELEASE_TIME + 3600);
    for (const encoding of ['br', 'gzip', '']) {
      expect(decoded(await rawGet(path, encoding))).toBe(release('r3'));
    }
    writeAsBuilt(file(), release('r2'), RELEASE_TIME);
  });

  it('serves a file added by a release at once, and a removed one no more', async () => {
    const added = join(server.frontEnd.env.DESIGNER_DIST_DIR!, 'chunks-next.0fe051d53e.js');
    writeFileSync(added, release('added'));
    const addedPath = '/remotes/designer/chunks-next.0fe051d53e.js';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await rawGet(addedPath, 'br');
      expect(answer.status).toBe(200);
      expect(decoded(answer)).toContain('added:');
    }
    rmSync(added);
    expect((await rawGet(addedPath, 'br')).status).toBe(404);
    expect((await rawGet(path.toUpperCase(), 'br')).status).toBe(404);
  });

  it('answers from memory with the very headers it sends from disk, 304 to a matching ETag, and a byte range', async () => {
    await server.app.staticFiles.refresh();
    expect(server.app.staticFiles.current(`${path}.br`)).toBeDefined();
    const get = await rawGet(path, 'br');
    // HEAD is always looked up on disk by @fastify/static.
    const head = await requestAsSent(server.url, path, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    const withoutDate = ({ date: _date, ...headers }: Record<string, unknown>) => headers;
    expect(withoutDate(head.headers)).toEqual(withoutDate(get.headers));
    expect(head.body.length).toBe(0);
    expect(get.headers.vary).toMatch(/accept-encoding/i);

    // Each encoding is its own entity, with its own tag.
    const etag = String(get.headers.etag);
    expect((await rawGet(path, 'gzip')).headers.etag).not.toBe(etag);
    for (const ifNoneMatch of [etag, `"other", ${etag.replace(/^W\//, '')}`, '*']) {
      const revalidated = await rawGet(`${path}?release=abc`, 'br', {
        'if-none-match': ifNoneMatch,
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
    }
    const changed = await rawGet(path, 'br', { 'if-none-match': 'W/"1-1"' });
    expect(changed.status).toBe(200);
    expect(decoded(changed)).toBe(release('r2'));

    const range = await rawGet(path, '', { range: 'bytes=0-11' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe(release('r2').slice(0, 12));
  });

  it('sends a compressed copy with the cache rule of its file', async () => {
    const chunk = await rawGet('/remotes/designer/chunks/7.0123456789.js', 'br');
    expect([chunk.headers['content-encoding'], chunk.headers['cache-control']]).toEqual([
      'br',
      IMMUTABLE,
    ]);
    const entry = await rawGet(path, 'gzip');
    expect([entry.headers['content-encoding'], entry.headers['cache-control']]).toEqual([
      'gzip',
      NO_CACHE,
    ]);
  });

  it('sends a file copied with new times (plain `cp`) once it has settled, and never a copy being written', async () => {
    writeAsBuilt(file(), release('r3'));
    for (const encoding of ['', 'br', 'gzip']) {
      const answer = await rawGet(path, encoding);
      expect([encoding, answer.status]).toEqual([encoding, 200]);
      expect([release('r2'), release('r3')]).toContain(decoded(answer));
    }
    await waitUntil(
      async () => decoded(await rawGet(path, 'br')) === release('r3'),
      'the copy is sent once settled',
    );
    expect(decoded(await rawGet(path, 'gzip'))).toBe(release('r3'));
  });

  it('writes nothing into the folders it serves', () => {
    expect(filesUnder(server.frontEnd.root)).toEqual(before);
  });

  it('does not answer the pre-rendered page files, the shell or a compressed copy as files', async () => {
    for (const page of [
      '/index.html',
      '/pages/routes.json',
      '/pages/page-0.html',
      '/remotes/designer/remoteEntry.js.br',
      '/remotes/designer/remoteEntry.js.gz',
    ]) {
      const response = await fetch(`${server.url}${page}`);
      expect([page, response.status]).toEqual([page, 404]);
    }
  });
});
