/**
 * The built front-end folders, served with compressed copies that can never be older than the file:
 * a release or a rollback copied over a folder (even keeping its files' times, as `rsync -a` does)
 * is sent, in every encoding, on the next request (a file just written, once it has settled), and
 * nothing is written into the folders.
 */
import {
  createReadStream,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { FAKE_PRODUCT_PAGE, writeHostPages } from './fakeComposition';
import { withTestServer } from './fixtures';
import { requestAsSent } from './helpers';
import { discardUnread } from '../src/plugins/external/static';

/** A file's worth of text: same length for every release, so only its bytes tell them apart. */
const release = (name: string) => `console.log(${JSON.stringify(`${name}:`.padEnd(4000, '.'))});`;

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
}

let before: string[];
/** The build's file time, kept by the copy of the next release. */
const RELEASE_TIME = 1_700_000_000;

const server = withTestServer({
  prepare: (frontEnd) => {
    const entry = join(frontEnd.env.DESIGNER_DIST_DIR!, 'remoteEntry.js');
    writeFileSync(entry, release('r1'));
    // Whole seconds, so the copy below can keep exactly the same times.
    utimesSync(entry, RELEASE_TIME, RELEASE_TIME);
    writeHostPages(frontEnd.env.HOST_DIST_DIR!, { '/product': FAKE_PRODUCT_PAGE });
    before = filesUnder(frontEnd.root);
  },
});

const rawGet = (path: string, encoding: string) =>
  requestAsSent(server.url, path, { headers: { 'accept-encoding': encoding } });

function decoded(answer: { headers: Record<string, unknown>; body: Buffer }): string {
  if (answer.headers['content-encoding'] === 'br')
    return brotliDecompressSync(answer.body).toString();
  if (answer.headers['content-encoding'] === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

/** Asks until the answer comes from the kept copy (it has a length; an on-the-fly one is chunked). */
const untilKept = (path: string, encoding: string) =>
  waitUntil(async () => {
    const answer = await rawGet(path, encoding);
    return answer.headers['content-length'] !== undefined && answer;
  }, `${path} is sent from a kept copy`);

describe('static files', () => {
  const path = '/remotes/designer/remoteEntry.js';
  const file = () => join(server.frontEnd.env.DESIGNER_DIST_DIR!, 'remoteEntry.js');

  it('sends the bytes of a release copied over the old one, in every encoding, even with the old file times', async () => {
    for (const encoding of ['br', 'gzip']) {
      const kept = await untilKept(path, encoding);
      expect(kept.headers['content-encoding']).toBe(encoding);
      expect(decoded(kept)).toContain('r1:');
    }
    const before = statSync(file());
    writeFileSync(file(), release('r2'));
    utimesSync(file(), RELEASE_TIME, RELEASE_TIME);
    const after = statSync(file());
    expect([after.ino, after.size, after.mtimeMs]).toEqual([
      before.ino,
      before.size,
      before.mtimeMs,
    ]);

    for (const encoding of ['br', 'gzip', '']) {
      expect(decoded(await rawGet(path, encoding))).toContain('r2:');
    }
    expect(decoded(await untilKept(path, 'br'))).toContain('r2:');
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

  it('answers from memory with the very headers it sends from disk, and 304 to a matching ETag', async () => {
    await server.app.staticFiles.refresh();
    expect(server.app.staticFiles.current(path)).toBeDefined();
    const kept = await untilKept(path, 'br');
    // HEAD is always looked up on disk by @fastify/static.
    const head = await requestAsSent(server.url, path, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    const withoutDate = ({ date: _date, ...headers }: Record<string, unknown>) => headers;
    expect(withoutDate(kept.headers)).toEqual(withoutDate(head.headers));

    const etag = String(kept.headers.etag);
    for (const ifNoneMatch of [etag, `"other", ${etag.replace(/^W\//, '')}`, '*']) {
      const revalidated = await requestAsSent(server.url, `${path}?release=abc`, {
        headers: { 'accept-encoding': 'br', 'if-none-match': ifNoneMatch },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
    }
    const changed = await requestAsSent(server.url, path, {
      headers: { 'accept-encoding': 'br', 'if-none-match': 'W/"1-1"' },
    });
    expect(changed.status).toBe(200);
    expect(decoded(changed)).toContain('r2:');
  });

  it('sends a file copied with new times (plain `cp`) once it has settled, and until then the whole one before', async () => {
    writeFileSync(file(), release('r3'));
    expect([release('r2'), release('r3')]).toContain(decoded(await rawGet(path, '')));
    await waitUntil(
      async () => decoded(await rawGet(path, 'br')) === release('r3'),
      'the copy is sent once settled',
    );
    expect(decoded(await rawGet(path, 'gzip'))).toBe(release('r3'));
  });

  it('writes nothing into the folders it serves', () => {
    expect(filesUnder(server.frontEnd.root)).toEqual(before);
  });

  it('does not answer the pre-rendered page files or the shell as files', async () => {
    for (const page of ['/index.html', '/pages/routes.json', '/pages/page-0.html']) {
      const response = await fetch(`${server.url}${page}`);
      expect(response.status).toBe(404);
    }
  });
});

describe('a file answer sent from its compressed copy instead', () => {
  it('drops the unread file quietly even when a release removed the file before it opened', async () => {
    // The open of a missing file fails after the stream is dropped, as when a release removes a
    // file between its answer and the open: that error must not go unheard (it would end the server).
    const stream = createReadStream(join(tmpdir(), 'tshirt-gone-since', 'file.js'));
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    discardUnread(stream);
    await closed;
    expect(stream.destroyed).toBe(true);
  });
});
