/**
 * The built front-end folders as a build leaves them, each text file with its Brotli and gzip
 * copies beside it and a release manifest listing them: a release or a rollback copied over a
 * folder (even keeping its files' times, as `rsync -a` does) is sent, in every encoding, on the
 * next request once its manifest is there, a compressed copy only with the original it was made
 * from, and nothing is written into the folders.
 */
import { readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { IMMUTABLE, NO_CACHE } from '@tshirt/shared/cachePolicy';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { FAKE_PRODUCT_PAGE, writeHostPages } from './fakeComposition';
import { withTestServer } from './fixtures';
import { requestAsSent } from './helpers';

/** A file's worth of text: same length for every release, so only its bytes tell them apart. */
const release = (name: string) => `console.log(${JSON.stringify(`${name}:`.padEnd(4000, '.'))});`;

/** `file` and its compressed copies, as a build writes them. */
function asBuilt(text: string): Record<string, Buffer> {
  return { '': Buffer.from(text), '.br': brotliCompressSync(text), '.gz': gzipSync(text) };
}

/**
 * Writes `name` of `folder` with its compressed copies and a manifest listing the three, as a
 * build does; with `time`, all keep that time.
 */
function writeAsBuilt(folder: string, name: string, text: string, time?: number): void {
  const listed: Record<string, Buffer> = {};
  for (const [suffix, bytes] of Object.entries(asBuilt(text))) {
    const file = join(folder, `${name}${suffix}`);
    writeFileSync(file, bytes);
    if (time !== undefined) utimesSync(file, time, time);
    listed[`${name}${suffix}`] = bytes;
  }
  writeReleaseManifest(folder, listed);
}

/** The files of a folder but its manifests: the server adds nothing to the folders it serves. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => !/(^|\/)release(\/|$)/.test(path))
    .sort();
}

let before: string[];
/** The build's file time, kept by the copy of the next release. */
const RELEASE_TIME = 1_700_000_000;

const server = withTestServer({
  prepare: (frontEnd) => {
    writeAsBuilt(frontEnd.env.DESIGNER_DIST_DIR!, 'remoteEntry.js', release('r1'), RELEASE_TIME);
    writeAsBuilt(frontEnd.env.DESIGNER_DIST_DIR!, 'chunks/7.0123456789.js', release('7'));
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
  const folder = () => server.frontEnd.env.DESIGNER_DIST_DIR!;
  const file = () => join(folder(), 'remoteEntry.js');

  it('sends the bytes of a release copied over the old one, in every encoding, even with the old file times', async () => {
    for (const encoding of ['br', 'gzip']) {
      const answer = await rawGet(path, encoding);
      expect(answer.headers['content-encoding']).toBe(encoding);
      // The build's copy, sent as it is (an answer encoded on the fly has no length).
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(decoded(answer)).toBe(release('r1'));
    }
    const before = statSync(file());
    writeAsBuilt(folder(), 'remoteEntry.js', release('r2'), RELEASE_TIME);
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

  it('never sends an older release’s compressed copy of a file copied without its copies, however soon after them', async () => {
    await server.app.staticFiles.refresh();
    // A hot fix from a build that makes no copies, a moment after the copies beside it were written.
    writeFileSync(file(), release('r3'));
    writeReleaseManifest(folder(), { 'remoteEntry.js': release('r3') });
    for (const encoding of ['br', 'gzip', '']) {
      expect(decoded(await rawGet(path, encoding))).toBe(release('r3'));
    }
    // …and the copies that come with the original again.
    writeAsBuilt(folder(), 'remoteEntry.js', release('r2'), RELEASE_TIME);
    for (const encoding of ['br', 'gzip']) {
      const answer = await rawGet(path, encoding);
      expect([answer.headers['content-encoding'], decoded(answer)]).toEqual([
        encoding,
        release('r2'),
      ]);
    }
  });

  it('serves a file added by a release at once, and a removed one no more', async () => {
    const added = join(folder(), 'chunks-next.0fe051d53e.js');
    writeFileSync(added, release('added'));
    writeReleaseManifest(folder(), { 'chunks-next.0fe051d53e.js': release('added') });
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

  it('answers from memory with the very headers it sends after reading, 304 to a matching ETag, and the whole file to a range', async () => {
    await server.app.staticFiles.refresh();
    expect(server.app.staticFiles.current(`${path}.br`)).toBeDefined();
    const get = await rawGet(path, 'br');
    // HEAD goes through the route, not the answer from memory.
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

    // Checked bytes are sent whole (RFC 9110 lets a server ignore Range).
    const range = await rawGet(path, '', { range: 'bytes=0-11' });
    expect([range.status, range.body.toString()]).toEqual([200, release('r2')]);
    const old = new Date(Date.now() - 86_400_000 * 365 * 30).toUTCString();
    for (const precondition of [
      { 'if-match': '"other"' },
      { 'if-unmodified-since': old },
    ] as Record<string, string>[]) {
      expect((await rawGet(path, 'br', precondition)).status).toBe(412);
    }
    expect((await rawGet(path, 'br', { 'if-match': etag })).status).toBe(200);
    expect(
      (await rawGet(path, 'br', { 'if-modified-since': new Date().toUTCString() })).status,
    ).toBe(304);
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

  it('sends a file copied with new times (plain `cp`) at once when its manifest lists it, and the last listed one before', async () => {
    for (const [suffix, bytes] of Object.entries(asBuilt(release('r4'))))
      writeFileSync(`${file()}${suffix}`, bytes);
    for (const encoding of ['', 'br', 'gzip']) {
      expect(decoded(await rawGet(path, encoding))).toBe(release('r2'));
    }
    writeAsBuilt(folder(), 'remoteEntry.js', release('r4'));
    for (const encoding of ['', 'br', 'gzip']) {
      expect(decoded(await rawGet(path, encoding))).toBe(release('r4'));
    }
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
