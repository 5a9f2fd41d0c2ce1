/**
 * The built front-end folders, served with compressed copies that can never be older than the file:
 * a release or a rollback copied over a folder (even keeping its files' times, as `rsync -a` does)
 * is sent, in every encoding, on the next request, and nothing is written into the folders.
 */
import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FAKE_PRODUCT_PAGE, writeHostPages } from './fakeComposition';
import { withTestServer } from './fixtures';
import { requestAsSent } from './helpers';

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
async function untilKept(path: string, encoding: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const answer = await rawGet(path, encoding);
    if (answer.headers['content-length'] !== undefined) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} was never sent from a kept copy`);
}

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
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);

    for (const encoding of ['br', 'gzip', '']) {
      expect(decoded(await rawGet(path, encoding))).toContain('r2:');
    }
    expect(decoded(await untilKept(path, 'br'))).toContain('r2:');
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
