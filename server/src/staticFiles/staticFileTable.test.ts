import {
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { createStaticFileTable, type StaticMount } from './staticFileTable';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
/** A build's file time, as a copy that keeps times (`cp -a`, `rsync -a`) leaves it. */
const BUILD_TIME = 1_700_000_000;

describe('static file table', () => {
  let folder: string;
  let root: string;
  let remote: string;
  let mounts: StaticMount[];

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'tshirt-static-table-'));
    root = join(folder, 'host');
    remote = join(folder, 'designer');
    mkdirSync(join(root, 'chunks'), { recursive: true });
    mkdirSync(join(root, 'pages'), { recursive: true });
    mkdirSync(remote);
    writeFileSync(join(root, 'main.js'), 'console.log("host");');
    writeFileSync(join(root, 'chunks', '12.0fe051d53e.js'), 'chunk();');
    writeFileSync(join(root, 'pages', 'page-0.html'), '<p>page</p>');
    writeFileSync(join(root, 'main.js.map'), '{}');
    writeFileSync(join(root, '.env'), 'SECRET=1');
    writeFileSync(join(root, 'with space.js'), 'spaced();');
    writeFileSync(join(remote, 'remoteEntry.js'), 'var designer = 1;');
    mounts = [
      {
        prefix: '/',
        root,
        serves: (path) => !path.startsWith('/pages/') && !path.endsWith('.map'),
      },
      { prefix: '/remotes/designer/', root: remote, serves: () => true },
    ];
  });

  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps every servable file under its exact URL, with the headers @fastify/send would send', async () => {
    const table = createStaticFileTable(mounts, { settleMs: 0 });
    expect(await table.refresh()).toBe(3);

    const entry = table.current('/remotes/designer/remoteEntry.js');
    expect(entry?.body.toString()).toBe('var designer = 1;');
    const info = statSync(join(remote, 'remoteEntry.js'));
    expect(entry?.headers).toEqual({
      'accept-ranges': 'bytes',
      'cache-control': 'no-cache',
      'content-type': 'application/javascript; charset=utf-8',
      etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
      'last-modified': info.mtime.toUTCString(),
    });
    expect(table.current('/chunks/12.0fe051d53e.js')?.headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(table.current('/main.js')).toBeDefined();
  });

  it('keeps a compressed copy under its own name, with the type of its original and its encoding', async () => {
    writeFileSync(join(remote, 'remoteEntry.js.br'), 'not really brotli');
    const table = createStaticFileTable(mounts, { settleMs: 0 });
    await table.refresh();
    const copy = table.current('/remotes/designer/remoteEntry.js.br');
    expect(copy?.body.toString()).toBe('not really brotli');
    expect(copy?.headers).toMatchObject({
      'content-type': 'application/javascript; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'no-cache',
    });
  });

  it('leaves to @fastify/static what it must judge: refused files, dotfiles, escaped names, other spellings', async () => {
    const table = createStaticFileTable(mounts, { settleMs: 0 });
    await table.refresh();
    for (const path of [
      '/pages/page-0.html',
      '/main.js.map',
      '/.env',
      '/with space.js',
      '/with%20space.js',
      '/MAIN.js',
      '/chunks/../main.js',
      '//main.js',
      '/main.js/',
      '/remotes/designer/../../main.js',
    ]) {
      expect(table.current(path)).toBeUndefined();
      expect(await table.load(path)).toBeUndefined();
    }
  });

  it('never answers a file changed, replaced (even with its old times) or removed since it was kept', async () => {
    const table = createStaticFileTable(mounts, { settleMs: 0 });
    const file = join(remote, 'remoteEntry.js');
    utimesSync(file, BUILD_TIME, BUILD_TIME);
    await table.refresh();
    expect(table.current('/remotes/designer/remoteEntry.js')).toBeDefined();

    // Same length, same times: only the change time tells.
    writeFileSync(file, 'var designer = 2;');
    utimesSync(file, BUILD_TIME, BUILD_TIME);
    await nextTurn(); // a file is looked at once a loop turn (statThisTurn)
    expect(table.current('/remotes/designer/remoteEntry.js')).toBeUndefined();
    const next = await table.load('/remotes/designer/remoteEntry.js');
    expect(next !== 'unsettled' && next?.body.toString()).toBe('var designer = 2;');
    expect(table.current('/remotes/designer/remoteEntry.js')).toBe(next);

    rmSync(file);
    await nextTurn();
    expect(table.current('/remotes/designer/remoteEntry.js')).toBeUndefined();
    expect(await table.load('/remotes/designer/remoteEntry.js')).toBeUndefined();
    mkdirSync(file);
    await nextTurn();
    expect(await table.load('/remotes/designer/remoteEntry.js')).toBeUndefined();
  });

  it('reads a file a release added on the first request for it, with no listing', async () => {
    const table = createStaticFileTable(mounts, { settleMs: 0 });
    await table.refresh();
    writeFileSync(join(root, 'chunks', '99.abcdef0123.js'), 'next release();');
    await nextTurn();
    expect(table.current('/chunks/99.abcdef0123.js')).toBeUndefined();
    const added = await table.load('/chunks/99.abcdef0123.js');
    expect(added !== 'unsettled' && added?.body.toString()).toBe('next release();');
    expect(table.current('/chunks/99.abcdef0123.js')).toBe(added);
  });

  it('follows links that stay inside the folder, and never one that leads out of it', async () => {
    mkdirSync(join(root, 'releases', 'abc'), { recursive: true });
    writeFileSync(join(root, 'releases', 'abc', 'app.js'), 'inside();');
    symlinkSync('releases/abc', join(root, 'current'));
    symlinkSync('/etc', join(root, 'etc'));
    symlinkSync('/etc/hostname', join(root, 'linked.js'));
    symlinkSync(join(remote, 'remoteEntry.js'), join(root, 'other-folder.js'));
    const table = createStaticFileTable(mounts, { settleMs: 0 });
    await table.refresh();

    const inside = await table.load('/current/app.js');
    expect(inside !== 'unsettled' && inside?.body.toString()).toBe('inside();');
    for (const path of ['/etc/hostname', '/linked.js', '/other-folder.js']) {
      expect(await table.load(path)).toBeUndefined();
    }
  });

  it('follows a folder link swapped to another release on the next turn, dropping the old files', async () => {
    const releases = join(folder, 'releases');
    for (const release of ['a', 'b']) {
      mkdirSync(join(releases, release), { recursive: true });
      writeFileSync(join(releases, release, 'remoteEntry.js'), `release ${release}`);
    }
    const served = join(folder, 'served');
    symlinkSync('releases/a', served);
    const table = createStaticFileTable([{ prefix: '/r/', root: served, serves: () => true }], {
      settleMs: 0,
    });
    await table.refresh();
    expect(table.current('/r/remoteEntry.js')?.body.toString()).toBe('release a');

    symlinkSync('releases/b', `${served}.next`);
    renameSync(`${served}.next`, served);
    await nextTurn();
    expect(table.current('/r/remoteEntry.js')).toBeUndefined();
    const swapped = await table.load('/r/remoteEntry.js');
    expect(swapped !== 'unsettled' && swapped?.body.toString()).toBe('release b');
  });

  it('answers the last whole version while a file is being written, and waits for a new file to settle', async () => {
    const table = createStaticFileTable(mounts, { settleMs: 300, maxWaitMs: 100 });
    const file = join(remote, 'remoteEntry.js');
    utimesSync(file, BUILD_TIME, BUILD_TIME);
    await table.refresh();
    const whole = table.current('/remotes/designer/remoteEntry.js');
    expect(whole?.body.toString()).toBe('var designer = 1;');

    writeFileSync(file, 'var desi'); // half of a copy, just written
    await nextTurn();
    expect(await table.load('/remotes/designer/remoteEntry.js')).toBe(whole);
    // Nothing whole to answer and no time to wait for it to settle: refused.
    writeFileSync(join(remote, 'new.js'), 'half of a new fi');
    await nextTurn();
    expect(await table.load('/remotes/designer/new.js')).toBe('unsettled');
    writeFileSync(file, 'var design');
    expect(await table.settled(file, statSync(file))).toBe(false);

    // Once settled it is read: a request waits for that when it can.
    const patient = createStaticFileTable(mounts, { settleMs: 50, maxWaitMs: 1000 });
    writeFileSync(file, 'var designer = 3;');
    await nextTurn();
    const settled = await patient.load('/remotes/designer/remoteEntry.js');
    expect(settled !== 'unsettled' && settled?.body.toString()).toBe('var designer = 3;');
    writeFileSync(file, 'var designer = 4;');
    expect(await patient.settled(file, statSync(file))).toBe(true);
    await waitUntil(
      async () => (await table.load('/remotes/designer/new.js')) !== 'unsettled',
      'the new file settles',
    );
  });

  it('keeps no more than its memory allows; the rest is read per request', async () => {
    writeFileSync(join(root, 'big.js'), 'x'.repeat(5000));
    const table = createStaticFileTable(mounts, { maxFileBytes: 4096, maxBytes: 30, settleMs: 0 });
    await table.refresh();
    expect(table.current('/big.js')).toBeUndefined();
    const big = await table.load('/big.js');
    expect(big !== 'unsettled' && big?.body.length).toBe(5000);
    expect(table.current('/big.js')).toBeUndefined();
    const kept = ['/main.js', '/chunks/12.0fe051d53e.js', '/remotes/designer/remoteEntry.js'];
    expect(kept.filter((path) => table.current(path)).length).toBe(2);

    const huge = createStaticFileTable(mounts, { maxReadBytes: 4096, settleMs: 0 });
    expect(await huge.load('/big.js')).toBeUndefined(); // left to @fastify/static
  });

  it('serves nothing, and does not fail, for a folder not built yet', async () => {
    const table = createStaticFileTable([
      { prefix: '/', root: join(root, 'nowhere'), serves: () => true },
    ]);
    expect(await table.refresh()).toBe(0);
    expect(table.current('/main.js')).toBeUndefined();
    expect(await table.load('/main.js')).toBeUndefined();
  });
});
