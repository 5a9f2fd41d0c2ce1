/**
 * Where the server gets a remote's fragments (REMOTE_FRAGMENTS_FILE): from the folder it serves
 * the remote from, or from the remote's own origin. Every page load revalidates them (a stat of the
 * file, and its bytes while it is too new for its times to tell; or a conditional GET with the
 * ETag), so a release or a rollback shows on the next load; a
 * check never holds a request longer than its budget, and concurrent requests share one check.
 */
import { createHash } from 'node:crypto';
import { statThisTurn } from '../../staticFiles/statThisTurn';
import { REMOTE_FRAGMENTS_FILE, type RemoteName } from '@tshirt/shared/contract';
import { FRAGMENTS_LIMITS, type RemoteFragments } from '@tshirt/shared/fragments';
import { fileVersion, readRegularFileBytes } from '../../staticFiles/regularFile';
import { readFragmentsFile } from './fragmentsFile';

/**
 * `unavailable`: there is no file to be had (missing, unreachable, too slow). `refused`: there is
 * one, and it fails the checks of its format; the remote's last good fragments stay in use.
 */
export type FragmentsState =
  | { status: 'ready'; fragments: RemoteFragments }
  /** `absent`: the remote publishes no fragments file (a dev server publishes none). */
  | { status: 'unavailable'; reason: string; absent?: true }
  | { status: 'refused'; reason: string };

export interface FragmentSource {
  readonly remote: RemoteName;
  /** Where the fragments are read from, for logs. */
  readonly location: string;
  /** Read from this machine's disk (fast), rather than fetched from the remote's origin. */
  readonly local: boolean;
  /** The fragments as they are now, or why they cannot be had within `budgetMs`. */
  current(budgetMs: number): Promise<FragmentsState>;
}

function unavailable(reason: string): FragmentsState {
  return { status: 'unavailable', reason };
}

function absent(reason: string): FragmentsState {
  return { status: 'unavailable', reason, absent: true };
}

function refused(reason: string): FragmentsState {
  return { status: 'refused', reason };
}

const TOO_LARGE = `the fragments file is too large (over ${FRAGMENTS_LIMITS.fileBytes} bytes)`;

function parseBytes(bytes: Uint8Array): FragmentsState {
  const verdict = readFragmentsFile(bytes);
  return verdict.ok ? { status: 'ready', fragments: verdict.fragments } : refused(verdict.reason);
}

/**
 * Runs `check` at most once at a time and waits for it no longer than a request's budget. A check
 * already running for longer than the budget is not waited for at all: the remote is slow, and
 * every request would otherwise pay the whole budget while it stays slow.
 */
function singleFlight(
  check: () => Promise<FragmentsState>,
  now: () => number,
): (budgetMs: number) => Promise<FragmentsState> {
  let running: { promise: Promise<FragmentsState>; startedAt: number } | undefined;
  return (budgetMs) => {
    if (!running) {
      const startedAt = now();
      const promise = check()
        .catch((error: unknown) =>
          unavailable(error instanceof Error ? error.message : String(error)),
        )
        .finally(() => {
          running = undefined;
        });
      running = { promise, startedAt };
    }
    const remaining = budgetMs - (now() - running.startedAt);
    if (remaining <= 0) return Promise.resolve(unavailable(`no answer within ${budgetMs} ms`));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<FragmentsState>((resolve) => {
      timer = setTimeout(() => resolve(unavailable(`no answer within ${budgetMs} ms`)), remaining);
    });
    return Promise.race([running.promise, timeout]).finally(() => clearTimeout(timer));
  };
}

/**
 * File times are coarse (a clock tick, seconds on some file systems): a file rewritten within the
 * same tick as it was read can keep its inode, size and times. A file changed this shortly before
 * it was read is therefore read again, and told by its bytes, until it is older than this.
 */
const FILE_TIME_SLACK_MS = 1000;

/** Fragments in the folder the server itself serves the remote from (the same-origin default). */
export function fileFragmentSource(
  remote: RemoteName,
  folder: string,
  now: () => number = () => performance.now(),
): FragmentSource {
  const file = `${folder.replace(/\/+$/, '')}/${REMOTE_FRAGMENTS_FILE}`;
  let cached:
    { version: string; digest: string; readAt: number; state: FragmentsState } | undefined;
  const check = async (): Promise<FragmentsState> => {
    // One synchronous stat a loop turn rather than a trip through libuv's thread pool on every
    // page load, as the static files are checked (src/staticFiles/staticFileTable.ts).
    const info = statThisTurn(file);
    if (!info) {
      cached = undefined;
      return absent(`no ${REMOTE_FRAGMENTS_FILE} in ${remote}'s build folder`);
    }
    const version = fileVersion(info);
    if (cached?.version === version && cached.readAt - info.ctimeMs > FILE_TIME_SLACK_MS) {
      return cached.state;
    }
    if (!info.isFile()) {
      cached = undefined;
      return unavailable(`${REMOTE_FRAGMENTS_FILE} in ${remote}'s build folder is not a file`);
    }
    const readAt = Date.now();
    if (info.size > FRAGMENTS_LIMITS.fileBytes) {
      cached = { version, digest: `too large: ${version}`, readAt, state: refused(TOO_LARGE) };
      return cached.state;
    }
    // Only a regular file is opened (a FIFO would hold a thread of libuv's pool).
    const bytes = await readRegularFileBytes(file, FRAGMENTS_LIMITS.fileBytes);
    if (!bytes)
      return unavailable(`${REMOTE_FRAGMENTS_FILE} in ${remote}'s build folder could not be read`);
    const digest = createHash('sha256').update(bytes).digest('hex');
    const state = cached?.digest === digest ? cached.state : parseBytes(bytes);
    cached = { version, digest, readAt, state };
    return state;
  };
  return { remote, location: file, local: true, current: singleFlight(check, now) };
}

async function boundedBytes(response: Response): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > FRAGMENTS_LIMITS.fileBytes) return undefined;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > FRAGMENTS_LIMITS.fileBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Fragments published beside the remote's entry on its own origin, revalidated by ETag. */
export function urlFragmentSource(
  remote: RemoteName,
  url: URL,
  fetchTimeoutMs: number,
  now: () => number = () => performance.now(),
): FragmentSource {
  let cached:
    { etag: string | null; lastModified: string | null; state: FragmentsState } | undefined;
  const check = async (): Promise<FragmentsState> => {
    // Past any cache between the remote and us (a CDN's, whatever max-age its host sends).
    const headers: Record<string, string> = {
      accept: 'application/json',
      'cache-control': 'no-cache',
    };
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    else if (cached?.lastModified) headers['if-modified-since'] = cached.lastModified;
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: AbortSignal.timeout(fetchTimeoutMs) });
    } catch (error) {
      cached = undefined;
      return unavailable(
        `could not fetch ${url.href}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (response.status === 304 && cached) {
      await response.body?.cancel();
      return cached.state;
    }
    if (!response.ok) {
      await response.body?.cancel();
      cached = undefined;
      const reason = `${url.href} answered HTTP ${response.status}`;
      return response.status === 404 || response.status === 410
        ? absent(reason)
        : unavailable(reason);
    }
    const bytes = await boundedBytes(response);
    const state = bytes === undefined ? refused(TOO_LARGE) : parseBytes(bytes);
    cached = {
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
      state,
    };
    return state;
  };
  return { remote, location: url.href, local: false, current: singleFlight(check, now) };
}
