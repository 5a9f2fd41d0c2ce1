/**
 * Releases copied over a live store (`npm run bench -- releases`): two designer releases are copied
 * back and forth with `cp -r` over the folder the store serves, once a second, while a loop loads
 * `/product` and every script it names, Brotli, gzip and plain in turn. Every 200 must be, once
 * decoded, a whole file of one release; anything else (empty, cut, mixed) is counted. Then a hot
 * fix: one file rewritten with no compressed copies at once after its old ones, loaded in every
 * encoding: an answer that is not the fix is a stale compressed copy.
 */
import { spawn } from 'node:child_process';
import { get, type IncomingHttpHeaders } from 'node:http';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { writeReleaseManifest } from '@tshirt/tooling/build/releaseManifest';
import { REPO_ROOT, startStoreServer } from '@tshirt/tooling/test/storeServer';

export interface ReleaseCopyResult {
  copies: number;
  scriptLoads: number;
  pageLoads: number;
  /** 200s whose decoded bytes are not a whole file of either release (empty, cut, mixed). */
  notWhole: number;
  empty: number;
  /** 503 with Retry-After: a file being copied with no whole version to send. */
  refused: number;
  otherStatuses: number;
  hotFixLoads: number;
  staleCopies: number;
}

const SCRIPT_LOADS = 10_000;
const CONCURRENCY = 8;
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

/** The designer build with `marker` added to its scripts (and their copies and manifest redone). */
function releaseFrom(built: string, folder: string, marker: string): void {
  cpSync(built, folder, { recursive: true });
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.js') || name.startsWith('release/')) continue;
    const file = join(folder, name);
    const text = `${readFileSync(file, 'utf8')}\n/* ${marker} */\n`;
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  writeReleaseManifest(folder);
}

/** One GET as sent on the wire (fetch would decode the body itself): status, headers, raw bytes. */
function rawGet(
  url: string,
  encoding: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

function decoded(encoding: string | string[] | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/** The scripts `/product` names (its own and the remotes'), as paths. */
function scriptsOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="(\/[^"?]+\.js)"/g)) found.add(match[1]!);
  return [...found];
}

export async function runReleaseCopyBench(): Promise<ReleaseCopyResult> {
  const work = mkdtempSync(join(tmpdir(), 'tshirt-bench-releases-'));
  const built = join(REPO_ROOT, 'remote-designer/dist');
  const [a, b, served] = ['a', 'b', 'served'].map((name) => join(work, name)) as [
    string,
    string,
    string,
  ];
  releaseFrom(built, a, 'release a');
  releaseFrom(built, b, 'release b');
  cpSync(a, served, { recursive: true });
  /** Every whole file the store may send, by URL path. */
  const wholeFiles = (path: string): Buffer[] => {
    if (path.startsWith('/remotes/designer/')) {
      const below = path.slice('/remotes/designer/'.length);
      return [a, b].map((folder) => readFileSync(join(folder, below)));
    }
    if (path.startsWith('/remotes/checkout/')) {
      return [
        readFileSync(
          join(REPO_ROOT, 'remote-checkout/dist', path.slice('/remotes/checkout/'.length)),
        ),
      ];
    }
    return [readFileSync(join(REPO_ROOT, 'host/dist', path))];
  };

  const store = await startStoreServer({
    DESIGNER_DIST_DIR: served,
    CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const result: ReleaseCopyResult = {
    copies: 0,
    scriptLoads: 0,
    pageLoads: 0,
    notWhole: 0,
    empty: 0,
    refused: 0,
    otherStatuses: 0,
    hotFixLoads: 0,
    staleCopies: 0,
  };
  // `cp -r` of each release over the served folder in turn, once a second, until the loads end.
  const copier = spawn(
    'sh',
    [
      '-c',
      `while true; do cp -r "${a}/." "${served}/" && echo a; sleep 1; cp -r "${b}/." "${served}/" && echo b; sleep 1; done`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  const copierEnded = new Promise((resolve) => copier.once('exit', resolve));
  /** The shell and a `cp` it may be running. */
  const stopCopier = async () => {
    try {
      process.kill(-copier.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
    await copierEnded;
  };
  copier.stdout.on(
    'data',
    (chunk: Buffer) => (result.copies += chunk.toString().trim().split('\n').length),
  );
  try {
    let encodingTurn = 0;
    const loadOne = async (path: string) => {
      const encoding = ENCODINGS[encodingTurn++ % ENCODINGS.length]!;
      const answer = await rawGet(`${store.url}${path}`, encoding);
      const body = answer.body;
      result.scriptLoads += 1;
      if (answer.status === 503 && answer.headers['retry-after']) result.refused += 1;
      else if (answer.status !== 200) result.otherStatuses += 1;
      else if (body.length === 0) {
        result.empty += 1;
        result.notWhole += 1;
      } else {
        const bytes = decoded(answer.headers['content-encoding'], body);
        if (!wholeFiles(path).some((file) => file.equals(bytes))) result.notWhole += 1;
      }
    };
    const worker = async () => {
      while (result.scriptLoads < SCRIPT_LOADS) {
        const page = await fetch(`${store.url}/product`);
        result.pageLoads += 1;
        for (const path of scriptsOf(await page.text())) {
          if (result.scriptLoads >= SCRIPT_LOADS) break;
          await loadOne(path);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await stopCopier();

    // A hot fix: the original rewritten, no compressed copies, a moment after the old ones.
    const entry = join(served, 'remoteEntry.js');
    const fix = `${readFileSync(entry, 'utf8')}\n/* hot fix */\n`;
    writeFileSync(entry, fix);
    writeReleaseManifest(served, { 'remoteEntry.js': fix });
    for (let load = 0; load < 300; load += 1) {
      const encoding = ENCODINGS[load % ENCODINGS.length]!;
      const answer = await rawGet(`${store.url}/remotes/designer/remoteEntry.js`, encoding);
      const bytes = decoded(answer.headers['content-encoding'], answer.body);
      result.hotFixLoads += 1;
      if (answer.status !== 200 || bytes.toString('utf8') !== fix) result.staleCopies += 1;
    }
  } finally {
    await stopCopier();
    await store.stop();
    rmSync(work, { recursive: true, force: true });
  }
  return result;
}
