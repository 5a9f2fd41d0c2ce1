/**
 * The remote folders the store serves, as deploys leave them: a file is only ever sent from inside
 * the folder's real path (links out of it are a 404), the folder may be a link a deploy swaps to
 * the next release in one step, and a release copied over the folder file by file is never sent
 * half-written: only bytes a release manifest of the folder lists are sent.
 */
import { existsSync, mkdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { waitUntil } from '@tshirt/tooling/test/waitUntil';
import { withTestServer } from './fixtures';
import { requestAsSent } from './helpers';

/** A build's file time, kept by the copy that staged the release (`cp -a`, `rsync -a`). */
const BUILD_TIME = 1_700_000_000;
const ADMIN_TOKEN = 'another-servers-admin-token';

let served: string;
let releases: string;
let otherDataDir: string;

function stageRelease(id: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = join(releases, id, name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, content);
    utimesSync(file, BUILD_TIME, BUILD_TIME);
  }
  writeReleaseManifest(join(releases, id));
}

/** `ln -s releases/<id> served.tmp && mv -T served.tmp served`: the switch in one step. */
function switchTo(id: string): void {
  symlinkSync(join('releases', id), `${served}.tmp`);
  renameSync(`${served}.tmp`, served);
}

const server = withTestServer({
  prepare: (frontEnd) => {
    const designer = join(frontEnd.root, 'remote-designer');
    releases = join(designer, 'releases');
    served = join(designer, 'served');
    stageRelease('a', {
      'remoteEntry.js': 'var designer = "a";',
      'chunks/a.0123456789.js': 'a();',
    });
    stageRelease('b', {
      'remoteEntry.js': 'var designer = "b";',
      'chunks/b.0123456789.js': 'b();',
    });
    symlinkSync(join('releases', 'a'), served);
    otherDataDir = join(frontEnd.root, 'other-server-data');
    mkdirSync(otherDataDir);
    writeFileSync(
      join(otherDataDir, 'server-instance.json'),
      JSON.stringify({ adminToken: ADMIN_TOKEN }),
    );
  },
  env: () => ({ DESIGNER_DIST_DIR: served }),
});

const get = (path: string, headers: Record<string, string> = {}) =>
  requestAsSent(server.url, path, { headers });

describe('a served remote folder', () => {
  it('answers 404, as for a missing file, for a link out of the folder: to / and to another server’s instance file', async () => {
    symlinkSync('/', join(served, 'root'));
    symlinkSync(join(otherDataDir, 'server-instance.json'), join(served, 'instance.json'));
    symlinkSync(otherDataDir, join(served, 'data'));
    const missing = await get('/remotes/designer/nothing-here.js');
    expect(missing.status).toBe(404);

    for (const path of [
      '/remotes/designer/root/etc/passwd',
      '/remotes/designer/instance.json',
      '/remotes/designer/data/server-instance.json',
    ]) {
      for (const answer of [
        await get(path),
        await get(path, { range: 'bytes=0-10' }),
        await get(path, { 'if-modified-since': new Date().toUTCString() }),
        await requestAsSent(server.url, path, { method: 'HEAD' }),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.headers['content-type']).toBe(missing.headers['content-type']);
        const body = answer.body.toString();
        expect(body).not.toContain(ADMIN_TOKEN);
        expect(body).not.toContain('root:');
      }
      // The very answer a missing file gets, for this path.
      const asMissing = missing.body
        .toString()
        .replaceAll('/remotes/designer/nothing-here.js', path);
      expect(JSON.parse((await get(path)).body.toString())).toEqual(JSON.parse(asMissing));
    }
  });

  it('serves a link that stays inside the folder', async () => {
    mkdirSync(join(served, 'versions', 'abc'), { recursive: true });
    writeFileSync(join(served, 'versions', 'abc', 'extra.js'), 'extra();');
    writeReleaseManifest(served);
    symlinkSync(join('versions', 'abc'), join(served, 'current'));
    const answer = await get('/remotes/designer/current/extra.js');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('extra();');
    const head = await requestAsSent(server.url, '/remotes/designer/current/extra.js', {
      method: 'HEAD',
    });
    expect(head.status).toBe(200);
  });

  it('serves the new release on the next request once the folder link is swapped, and the old one after a rollback', async () => {
    expect((await get('/remotes/designer/remoteEntry.js')).body.toString()).toBe(
      'var designer = "a";',
    );
    switchTo('b');
    expect((await get('/remotes/designer/remoteEntry.js')).body.toString()).toBe(
      'var designer = "b";',
    );
    expect((await get('/remotes/designer/chunks/b.0123456789.js')).status).toBe(200);
    expect((await get('/remotes/designer/chunks/a.0123456789.js')).status).toBe(404);

    switchTo('a');
    expect((await get('/remotes/designer/remoteEntry.js')).body.toString()).toBe(
      'var designer = "a";',
    );
    switchTo('b');
    expect((await get('/remotes/designer/remoteEntry.js')).body.toString()).toBe(
      'var designer = "b";',
    );
  });

  it('never sends a file half-written by a copy over it: the last whole version, or 503 with Retry-After', async () => {
    const SIZE = 1024 * 1024;
    const versions = ['v0', 'v1', 'v2', 'v3'].map((name, index) =>
      Buffer.from(`console.log("${name}");`.padEnd(SIZE, 'abcd'[index])),
    );
    const isWhole = (body: Buffer) => versions.some((version) => version.equals(body));
    const entry = join(served, 'remoteEntry.js');
    const late = join(served, 'chunks', 'late.0123456789.js');
    // Four builds, each listing its own bytes of both files.
    for (const version of versions) {
      writeReleaseManifest(served, {
        'remoteEntry.js': version,
        'chunks/late.0123456789.js': version,
      });
    }
    writeFileSync(entry, versions[0]!);
    await waitUntil(
      async () => (await get('/remotes/designer/remoteEntry.js')).body.equals(versions[0]!),
      'the first version is served',
    );

    // Another process copies, as `cp` does (the file truncated, then written in pieces): the
    // server's work in this process never holds the copy up half-way, nor the copy the server.
    const sources = versions.map((version, index) => {
      const file = join(served, `..`, `version-${index}.js`);
      writeFileSync(file, version);
      return file;
    });
    const copier = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs');
        const [sources, targets] = JSON.parse(process.argv[1]);
        const bodies = sources.map((file) => fs.readFileSync(file));
        const pause = new Int32Array(new SharedArrayBuffer(4));
        let written = 0;
        let writing = true;
        process.on('SIGTERM', () => (writing = false));
        const copyOnce = () => {
          written += 1;
          const body = bodies[written % bodies.length];
          for (const target of targets) {
            const handle = fs.openSync(target, 'w');
            fs.writeSync(handle, body, 0, body.length / 2, 0);
            // Half-written for a few milliseconds, as a copy of a big file is.
            Atomics.wait(pause, 0, 0, 5);
            fs.writeSync(handle, body, body.length / 2, body.length / 2, body.length / 2);
            fs.closeSync(handle);
          }
          if (writing) setImmediate(copyOnce);
          else process.stdout.write(String(written));
        };
        copyOnce();`,
        JSON.stringify([sources, [entry, late]]),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let copierOutput = '';
    copier.stdout.on('data', (chunk: Buffer) => (copierOutput += chunk.toString('utf8')));
    const copierDone = new Promise<void>((resolve) => copier.on('exit', () => resolve()));
    await waitUntil(() => existsSync(late), 'the copier has started');

    const answers: { path: string; status: number; retryAfter: unknown; body: Buffer }[] = [];
    const ask = async (path: string, count: number) => {
      for (let sent = 0; sent < count; sent += 1) {
        const answer = await get(path);
        answers.push({
          path,
          status: answer.status,
          retryAfter: answer.headers['retry-after'],
          body: answer.body,
        });
      }
    };
    try {
      await Promise.all([
        ...Array.from({ length: 6 }, () => ask('/remotes/designer/remoteEntry.js', 50)),
        // A file with no whole version yet: there is nothing to send while it is written.
        ...Array.from({ length: 3 }, () => ask('/remotes/designer/chunks/late.0123456789.js', 2)),
      ]);
    } finally {
      copier.kill('SIGTERM');
      await copierDone;
    }
    const written = Number(copierOutput);

    expect(answers).toHaveLength(306);
    for (const answer of answers) {
      if (answer.status === 200) expect(isWhole(answer.body)).toBe(true);
      else expect([answer.path, answer.status, answer.retryAfter]).toEqual([answer.path, 503, '1']);
    }
    const entryAnswers = answers.filter((answer) => answer.path.endsWith('remoteEntry.js'));
    expect(entryAnswers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);

    const last = versions[written % versions.length]!;
    for (const path of [
      '/remotes/designer/remoteEntry.js',
      '/remotes/designer/chunks/late.0123456789.js',
    ]) {
      await waitUntil(async () => (await get(path)).body.equals(last), `${path} is the last copy`);
    }
  });

  it('never sends a file a copy left empty or half written, however long ago: the last whole version, or 503', async () => {
    const whole = `early(${'"x",'.repeat(2000)});`;
    const early = join(served, 'early.0fe051d53e.js');
    const other = join(served, 'chunks', 'stalled.0fe051d53e.js');
    writeFileSync(early, whole);
    writeFileSync(other, whole);
    writeReleaseManifest(served, {
      'early.0fe051d53e.js': whole,
      'chunks/stalled.0fe051d53e.js': whole,
    });
    const sent = await get('/remotes/designer/early.0fe051d53e.js');
    expect([sent.status, sent.body.toString()]).toEqual([200, whole]);

    // A copy that stalled after the truncation or half way, an hour ago: no time says it is unfinished.
    writeFileSync(early, '');
    writeFileSync(other, whole.slice(0, 1000));
    const anHourAgo = Date.now() / 1000 - 3600;
    for (const file of [early, other]) utimesSync(file, anHourAgo, anHourAgo);

    for (const headers of [{}, { 'accept-encoding': 'br' }, { 'if-none-match': '"x"' }] as Record<
      string,
      string
    >[]) {
      const again = await get('/remotes/designer/early.0fe051d53e.js', headers);
      const body =
        again.headers['content-encoding'] === 'br' ? brotliDecompressSync(again.body) : again.body;
      expect([again.status, body.toString() === whole]).toEqual([200, true]);
    }
    const never = await get('/remotes/designer/chunks/stalled.0fe051d53e.js');
    expect([never.status, never.headers['retry-after']]).toEqual([503, '1']);
    expect(never.headers['cache-control']).not.toMatch(/immutable/);
  });
});
