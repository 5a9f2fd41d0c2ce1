import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  readdirSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex, writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
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
    writeReleaseManifest(root);
    writeReleaseManifest(remote);
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

  it('keeps every servable file a manifest lists under its exact URL, with @fastify/send’s headers and a strong tag', async () => {
    const table = createStaticFileTable(mounts, {});
    expect(await table.refresh()).toBe(3);

    const entry = table.current('/remotes/designer/remoteEntry.js');
    expect(entry?.body.toString()).toBe('var designer = 1;');
    const info = statSync(join(remote, 'remoteEntry.js'));
    const digest = sha256Hex('var designer = 1;');
    expect(entry?.digest).toBe(digest);
    expect(entry?.headers).toEqual({
      'cache-control': 'no-cache',
      'content-type': 'application/javascript; charset=utf-8',
      etag: `"${Buffer.from(digest, 'hex').toString('base64url').slice(0, 22)}"`,
      'last-modified': info.mtime.toUTCString(),
    });
    expect(table.current('/chunks/12.0fe051d53e.js')?.headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(table.current('/main.js')).toBeDefined();
  });

  it('keeps a compressed copy under its own name, with the type of its original and its encoding', async () => {
    writeFileSync(join(remote, 'remoteEntry.js.br'), 'not really brotli');
    writeReleaseManifest(remote);
    const table = createStaticFileTable(mounts, {});
    await table.refresh();
    const copy = table.current('/remotes/designer/remoteEntry.js.br');
    expect(copy?.body.toString()).toBe('not really brotli');
    expect(copy?.headers).toMatchObject({
      'content-type': 'application/javascript; charset=utf-8',
      'content-encoding': 'br',
      'cache-control': 'no-cache',
    });
  });

  it('serves no refused file, dotfile, escaped name, other spelling or manifest', async () => {
    const table = createStaticFileTable(mounts, {});
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
      `/remotes/designer/release/${readdirSync(join(remote, 'release'))[0]}`,
    ]) {
      expect(table.current(path)).toBeUndefined();
      expect(await table.load(path)).toBeUndefined();
    }
  });

  it('never answers a file changed, replaced (even with its old times) or removed since it was kept', async () => {
    const table = createStaticFileTable(mounts, {});
    const file = join(remote, 'remoteEntry.js');
    utimesSync(file, BUILD_TIME, BUILD_TIME);
    await table.refresh();
    expect(table.current('/remotes/designer/remoteEntry.js')).toBeDefined();

    // Same length, same times: only the change time tells.
    writeFileSync(file, 'var designer = 2;');
    utimesSync(file, BUILD_TIME, BUILD_TIME);
    writeReleaseManifest(remote);
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
    const table = createStaticFileTable(mounts, {});
    await table.refresh();
    writeFileSync(join(root, 'chunks', '99.abcdef0123.js'), 'next release();');
    writeReleaseManifest(root);
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
    writeReleaseManifest(root);
    const table = createStaticFileTable(mounts, {});
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
      writeReleaseManifest(join(releases, release));
    }
    const served = join(folder, 'served');
    symlinkSync('releases/a', served);
    const table = createStaticFileTable([{ prefix: '/r/', root: served, serves: () => true }]);
    await table.refresh();
    expect(table.current('/r/remoteEntry.js')?.body.toString()).toBe('release a');

    symlinkSync('releases/b', `${served}.next`);
    renameSync(`${served}.next`, served);
    await nextTurn();
    expect(table.current('/r/remoteEntry.js')).toBeUndefined();
    const swapped = await table.load('/r/remoteEntry.js');
    expect(swapped !== 'unsettled' && swapped?.body.toString()).toBe('release b');
  });

  it('answers the last listed version while a file holds bytes no manifest lists, and waits a little for a new one', async () => {
    const table = createStaticFileTable(mounts, { maxWaitMs: 100 });
    const file = join(remote, 'remoteEntry.js');
    await table.refresh();
    const whole = table.current('/remotes/designer/remoteEntry.js');
    expect(whole?.body.toString()).toBe('var designer = 1;');

    // Half of a copy, written an hour ago: its time says nothing.
    writeFileSync(file, 'var desi');
    utimesSync(file, BUILD_TIME, BUILD_TIME);
    await nextTurn();
    expect(await table.load('/remotes/designer/remoteEntry.js')).toBe(whole);
    writeFileSync(file, '');
    await nextTurn();
    expect(await table.load('/remotes/designer/remoteEntry.js')).toBe(whole);
    // Nothing listed to answer with: refused after the wait.
    writeFileSync(join(remote, 'new.js'), 'half of a new fi');
    await nextTurn();
    expect(await table.load('/remotes/designer/new.js')).toBe('unsettled');

    // Its manifest arrives while a request waits: it is sent.
    const patient = createStaticFileTable(mounts, { maxWaitMs: 2000 });
    writeFileSync(join(remote, 'new.js'), 'new();');
    await nextTurn();
    const waiting = patient.load('/remotes/designer/new.js');
    setTimeout(() => writeReleaseManifest(remote), 100);
    const arrived = await waiting;
    expect(arrived !== 'unsettled' && arrived?.body.toString()).toBe('new();');
  });

  it('keeps a compressed copy only with the original it was made from, listed by one manifest', async () => {
    const entry = join(remote, 'remoteEntry.js');
    writeFileSync(`${entry}.br`, 'br of 1');
    writeReleaseManifest(remote);
    const table = createStaticFileTable(mounts);
    await table.refresh();
    expect(table.current('/remotes/designer/remoteEntry.js.br')?.body.toString()).toBe('br of 1');

    // A new original, listed by a build that made no copy: the copy is not its.
    writeFileSync(entry, 'var designer = 2;');
    writeReleaseManifest(remote, { 'remoteEntry.js': 'var designer = 2;' });
    await nextTurn();
    expect(table.current('/remotes/designer/remoteEntry.js.br')).toBeUndefined();
    expect(await table.load('/remotes/designer/remoteEntry.js.br')).toBeUndefined();
    const original = await table.load('/remotes/designer/remoteEntry.js');
    expect(original !== 'unsettled' && original?.body.toString()).toBe('var designer = 2;');
  });

  it('never opens a FIFO, a socket or a device, and answers them as nothing there', async () => {
    execFileSync('mkfifo', [join(remote, 'fifo.js'), join(root, 'fifo.js')]);
    symlinkSync('/dev/zero', join(root, 'zero.js'));
    writeReleaseManifest(root);
    const table = createStaticFileTable(mounts);
    await table.refresh();
    for (const path of ['/remotes/designer/fifo.js', '/fifo.js', '/zero.js']) {
      expect(await table.load(path)).toBeUndefined();
    }
    expect(table.current('/main.js')?.body.toString()).toBe('console.log("host");');
  });

  it('keeps no more than its memory allows; the rest is read per request', async () => {
    writeFileSync(join(root, 'big.js'), 'x'.repeat(5000));
    writeReleaseManifest(root);
    const table = createStaticFileTable(mounts, { maxFileBytes: 4096, maxBytes: 30 });
    await table.refresh();
    expect(table.current('/big.js')).toBeUndefined();
    const big = await table.load('/big.js');
    expect(big !== 'unsettled' && big?.body.length).toBe(5000);
    expect(table.current('/big.js')).toBeUndefined();
    const kept = ['/main.js', '/chunks/12.0fe051d53e.js', '/remotes/designer/remoteEntry.js'];
    expect(kept.filter((path) => table.current(path)).length).toBe(2);

    const huge = createStaticFileTable(mounts, { maxReadBytes: 4096 });
    expect(await huge.load('/big.js')).toBeUndefined(); // not served
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
