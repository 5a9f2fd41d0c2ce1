import {
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStaticFileTable, type StaticMount } from './staticFileTable';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('static file table', () => {
  let root: string;
  let remote: string;
  let mounts: StaticMount[];

  beforeEach(() => {
    const folder = mkdtempSync(join(tmpdir(), 'tshirt-static-table-'));
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
    writeFileSync(join(root, 'no-type.qqq'), '?');
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

  afterEach(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it('keeps every servable file under its exact URL, with the headers @fastify/send would send', async () => {
    const table = createStaticFileTable(mounts);
    expect(await table.refresh()).toBe(3);

    const entry = table.current('/remotes/designer/remoteEntry.js');
    expect(entry?.file.body.toString()).toBe('var designer = 1;');
    const info = statSync(join(remote, 'remoteEntry.js'));
    expect(entry?.file.headers).toEqual({
      'accept-ranges': 'bytes',
      'cache-control': 'no-cache',
      'content-type': 'application/javascript; charset=utf-8',
      etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`,
      'last-modified': info.mtime.toUTCString(),
    });
    expect(table.current('/chunks/12.0fe051d53e.js')?.file.headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(table.current('/main.js')).toBeDefined();
  });

  it('leaves to @fastify/static what it must judge: refused files, dotfiles, escaped names, unknown types, other spellings', async () => {
    const table = createStaticFileTable(mounts);
    await table.refresh();
    for (const path of [
      '/pages/page-0.html',
      '/main.js.map',
      '/.env',
      '/with space.js',
      '/with%20space.js',
      '/no-type.qqq',
      '/MAIN.js',
      '/chunks/../main.js',
      '//main.js',
      '/main.js/',
      '/remotes/designer/../../main.js',
    ]) {
      expect(table.current(path)).toBeUndefined();
    }
  });

  it('never answers a file changed, replaced (even with its old times) or removed since it was kept', async () => {
    // No listing in between: a changed file is read again on its own.
    const table = createStaticFileTable(mounts, { relistAfterMs: 60_000 });
    const file = join(remote, 'remoteEntry.js');
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    await table.refresh();
    expect(table.current('/remotes/designer/remoteEntry.js')).toBeDefined();

    // Same length, same times: only the change time tells.
    writeFileSync(file, 'var designer = 2;');
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    await nextTurn(); // a file is looked at once a loop turn (statThisTurn)
    expect(table.current('/remotes/designer/remoteEntry.js')).toBeUndefined();
    for (let turn = 0; turn < 50 && !table.current('/remotes/designer/remoteEntry.js'); turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(table.current('/remotes/designer/remoteEntry.js')?.file.body.toString()).toBe(
      'var designer = 2;',
    );

    rmSync(file);
    await nextTurn();
    expect(table.current('/remotes/designer/remoteEntry.js')).toBeUndefined();
    writeFileSync(file, 'a folder now');
    rmSync(file);
    mkdirSync(file);
    await nextTurn();
    expect(table.current('/remotes/designer/remoteEntry.js')).toBeUndefined();
  });

  it('lists the folders again when a path is not found, at most once a second', async () => {
    const table = createStaticFileTable(mounts, { relistAfterMs: 1000 });
    await table.refresh();
    writeFileSync(join(root, 'chunks', '99.abcdef0123.js'), 'next release();');
    // Listed less than a second ago: not yet.
    expect(table.current('/chunks/99.abcdef0123.js')).toBeUndefined();
    await table.refresh();
    expect(table.current('/chunks/99.abcdef0123.js')?.file.body.toString()).toBe('next release();');

    const eager = createStaticFileTable(mounts, { relistAfterMs: 0 });
    await eager.refresh();
    writeFileSync(join(root, 'chunks', '100.abcdef0123.js'), 'another();');
    expect(eager.current('/chunks/100.abcdef0123.js')).toBeUndefined();
    await eager.refresh(); // joins the listing the miss set off
    expect(eager.current('/chunks/100.abcdef0123.js')).toBeDefined();
  });

  it('forgets files gone from the folders, and never follows links', async () => {
    symlinkSync('/etc/hostname', join(root, 'linked.js'));
    const table = createStaticFileTable(mounts);
    await table.refresh();
    expect(table.current('/linked.js')).toBeUndefined();
    rmSync(join(root, 'chunks'), { recursive: true });
    await table.refresh();
    expect(table.current('/chunks/12.0fe051d53e.js')).toBeUndefined();
    expect(table.current('/main.js')).toBeDefined();
  });

  it('keeps no more than its memory allows; the rest is served from disk', async () => {
    writeFileSync(join(root, 'big.js'), 'x'.repeat(5000));
    const table = createStaticFileTable(mounts, { maxFileBytes: 4096, maxBytes: 30 });
    await table.refresh();
    expect(table.current('/big.js')).toBeUndefined();
    const kept = ['/main.js', '/chunks/12.0fe051d53e.js', '/remotes/designer/remoteEntry.js'];
    expect(kept.filter((path) => table.current(path)).length).toBe(2);
  });

  it('serves nothing, and does not fail, for a folder not built yet', async () => {
    const table = createStaticFileTable([
      { prefix: '/', root: join(root, 'nowhere'), serves: () => true },
    ]);
    expect(await table.refresh()).toBe(0);
    expect(table.current('/main.js')).toBeUndefined();
  });
});
