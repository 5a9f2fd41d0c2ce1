import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_VERSION, FRAGMENTS_FORMAT, REMOTE_FRAGMENTS_FILE } from '@tshirt/shared/contract';
import { FRAGMENTS_LIMITS } from '@tshirt/shared/fragments';
import { fileFragmentSource, urlFragmentSource, type FragmentsState } from './fragmentSource';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const fragmentsText = (release: string) =>
  JSON.stringify({
    format: FRAGMENTS_FORMAT,
    remote: 'designer',
    release,
    contractVersion: CONTRACT_VERSION,
    requires: {},
    styles: [],
    parts: {
      ArtForm: {
        html: `<form>${release}</form>`,
        identifierPrefix: 'designer-ArtForm-',
        props: {},
      },
    },
  });

const releaseOf = (state: FragmentsState) =>
  state.status === 'ready' ? state.fragments.release : state.reason;

describe('fileFragmentSource', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'fragments-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('reads the fragments file of the folder and sees it replaced on the next check', async () => {
    const source = fileFragmentSource('designer', folder);
    writeFileSync(join(folder, REMOTE_FRAGMENTS_FILE), fragmentsText('r1'));
    expect(releaseOf(await source.current(1_000))).toBe('r1');
    writeFileSync(join(folder, REMOTE_FRAGMENTS_FILE), fragmentsText('r2'));
    expect(releaseOf(await source.current(1_000))).toBe('r2');
  });

  it('sees a release copied with its file times kept (rsync -a), even at the same size and time', async () => {
    const file = join(folder, REMOTE_FRAGMENTS_FILE);
    const releaseTime = 1_700_000_000;
    writeFileSync(file, fragmentsText('r1'));
    utimesSync(file, releaseTime, releaseTime);
    const before = statSync(file);
    const source = fileFragmentSource('designer', folder);
    expect(releaseOf(await source.current(1_000))).toBe('r1');
    writeFileSync(file, fragmentsText('r2'));
    utimesSync(file, releaseTime, releaseTime);
    const after = statSync(file);
    expect([after.ino, after.size, after.mtimeMs]).toEqual([
      before.ino,
      before.size,
      before.mtimeMs,
    ]);
    expect(releaseOf(await source.current(1_000))).toBe('r2');
  });

  it('sees a rollback written in place right after its release, by its bytes, when the two share inode, size and every file time', async () => {
    const file = join(folder, REMOTE_FRAGMENTS_FILE);
    const source = fileFragmentSource('designer', folder);
    const write = (release: string) => {
      writeFileSync(file, fragmentsText(release));
      utimesSync(file, 1_700_000_000, 1_700_000_000);
    };
    write('r1');
    expect(releaseOf(await source.current(1_000))).toBe('r1');
    write('r2');
    expect(releaseOf(await source.current(1_000))).toBe('r2');
    // Within one tick of the clock file times are taken from, nothing of the file's stat changes.
    write('r1');
    expect(releaseOf(await source.current(1_000))).toBe('r1');
  });

  it('says why when the file is missing, not JSON, of another format or too large', async () => {
    const file = join(folder, REMOTE_FRAGMENTS_FILE);
    const source = fileFragmentSource('designer', folder);
    expect(await source.current(1_000)).toEqual({
      status: 'unavailable',
      reason: expect.stringMatching(/no fragments\.json/),
      absent: true,
    });
    // A file is looked at once a loop turn (statThisTurn): each change is asked about in the next.
    writeFileSync(file, '{"format":');
    await nextTurn();
    expect(releaseOf(await source.current(1_000))).toMatch(/not JSON/);
    writeFileSync(file, JSON.stringify({ format: 7 }));
    await nextTurn();
    expect(releaseOf(await source.current(1_000))).toMatch(/format 7/);
    writeFileSync(file, ' '.repeat(FRAGMENTS_LIMITS.fileBytes + 1));
    await nextTurn();
    expect(releaseOf(await source.current(1_000))).toMatch(/too large/);
  });
});

describe('urlFragmentSource', () => {
  let server: Server;
  let base: string;
  let answer: (
    url: string,
    etag: string | undefined,
  ) => { status: number; body?: string; etag?: string } | 'hang';
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.url} ${request.headers['if-none-match'] ?? '-'}`);
      const reply = answer(request.url ?? '', request.headers['if-none-match']);
      if (reply === 'hang') return;
      response.writeHead(reply.status, reply.etag ? { etag: reply.etag } : {}).end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    base = `http://127.0.0.1:${address.port}`;
  });
  beforeEach(() => {
    seen.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('revalidates with the ETag it was given and keeps its copy on 304', async () => {
    answer = (_url, etag) =>
      etag === '"r1"' ? { status: 304 } : { status: 200, body: fragmentsText('r1'), etag: '"r1"' };
    const source = urlFragmentSource(
      'designer',
      new URL(`${base}/d/${REMOTE_FRAGMENTS_FILE}`),
      5_000,
    );
    expect(releaseOf(await source.current(1_000))).toBe('r1');
    expect(releaseOf(await source.current(1_000))).toBe('r1');
    expect(seen).toEqual([`/d/${REMOTE_FRAGMENTS_FILE} -`, `/d/${REMOTE_FRAGMENTS_FILE} "r1"`]);
  });

  it('says why when the origin answers an error', async () => {
    answer = () => ({ status: 404, body: 'Not Found' });
    const source = urlFragmentSource(
      'designer',
      new URL(`${base}/gone/${REMOTE_FRAGMENTS_FILE}`),
      5_000,
    );
    expect(releaseOf(await source.current(1_000))).toMatch(/HTTP 404/);
  });

  it('gives up waiting after the budget, and later requests do not wait on the same slow check', async () => {
    answer = () => 'hang';
    let clock = 0;
    const source = urlFragmentSource(
      'designer',
      new URL(`${base}/slow/${REMOTE_FRAGMENTS_FILE}`),
      60_000,
      () => clock,
    );
    // The budget's answer, not the fetch's time-out (a minute) nor its error.
    expect(releaseOf(await source.current(100))).toMatch(/no answer within 100 ms/);
    clock = 150;
    // The check has run past the budget: a later request is answered before any timer could fire.
    const later = source.current(100).then(releaseOf);
    const first = await Promise.race([
      later,
      new Promise((resolve) => setImmediate(() => resolve('a timer was waited on'))),
    ]);
    expect(first).toMatch(/no answer within 100 ms/);
    expect(seen).toHaveLength(1);
  });

  it('refuses an answer larger than a fragments file can be', async () => {
    answer = () => ({ status: 200, body: ' '.repeat(FRAGMENTS_LIMITS.fileBytes + 10) });
    const source = urlFragmentSource(
      'designer',
      new URL(`${base}/big/${REMOTE_FRAGMENTS_FILE}`),
      5_000,
    );
    expect(releaseOf(await source.current(5_000))).toMatch(/too large/);
  });
});
