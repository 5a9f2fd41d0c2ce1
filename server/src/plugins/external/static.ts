/**
 * The built host at `/` and each remote's build under `/remotes/<name>/`, with their cache rules,
 * each text file sent as the Brotli or gzip copy its build wrote beside it (`main.js.br`).
 * Answered by src/staticFiles/staticFileTable.ts: from memory after one `stat` shows the file is
 * still the one kept, else from one read of the file, and only bytes a release manifest of the
 * folder lists for that name (a file being copied over waits a little, then is a 503). Not
 * @fastify/static: it streams whatever the file holds while it is sent, and opens whatever the name
 * is (a FIFO holds a thread of the pool until a writer comes). Either way a redeployed remote is
 * served without a restart, and nothing is ever written into these folders. A `Range` is answered
 * with the whole file (RFC 9110 allows it; nothing the store serves is fetched in ranges).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { PRERENDERED_ROUTES_FILE } from '@tshirt/shared/contract';
import { acceptedEncoding } from '../../http/acceptedEncoding';
import { HttpError } from '../../http/httpError';
import {
  createStaticFileTable,
  type KeptFile,
  type StaticFileTable,
  type StaticMount,
} from '../../staticFiles/staticFileTable';

declare module 'fastify' {
  interface FastifyInstance {
    /** The front-end files kept in memory (tests look into it). */
    staticFiles: StaticFileTable;
  }
}

export const REMOTES_PATH_PREFIX = '/remotes/';

/** The folder of the host's pre-rendered pages: answered through the page routes, never as files. */
const PAGES_FOLDER = PRERENDERED_ROUTES_FILE.split('/')[0] ?? 'pages';

/** A build's compressed copy of a file: sent in place of its file, never by its own name. */
const COMPRESSED_COPY = /\.(br|gz)$/i;
const COPY_SUFFIX = { br: '.br', gzip: '.gz' } as const;
/** Source maps show the original source to anyone. */
const SOURCE_MAP = /\.map$/i;
/** The files a build writes a source map beside. */
const SCRIPT_OR_STYLE = /\.(js|css)$/i;

function addVary(reply: FastifyReply, header: string): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (
    !vary
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(header)
  ) {
    reply.header('vary', vary ? `${vary}, ${header}` : header);
  }
}

/** `If-None-Match` names this entity tag (or any, `*`): weak comparison (RFC 9110, 13.1.2). */
function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** `If-Match` names this entity tag (or any): strong comparison (RFC 9110, 13.1.1). */
function matches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etag);
}

/** Whether the file changed after the date a precondition gives (an unreadable date: no). */
const modifiedSince = (file: KeptFile, date: string | undefined) => {
  const since = date === undefined ? NaN : Date.parse(date);
  return !Number.isNaN(since) && Date.parse(file.headers['last-modified']!) > since;
};

/** A file a release is still copying over, with no whole version to send meanwhile. */
function beingReplaced(): HttpError {
  return new HttpError(
    503,
    'service_unavailable',
    'This file is being replaced by a new release. Please try again in a moment.',
    { 'retry-after': '1' },
  );
}

function preconditionFailed(): HttpError {
  return new HttpError(412, 'precondition_failed', 'The file is not the version asked for.');
}

/**
 * Past this size a kept body is written in chunks as the socket takes them: written whole, Node counts
 * the answer as done while megabytes still wait in the socket, and a stop would cut them off.
 */
const STREAMED_BODY_BYTES = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;

function inChunks(body: Buffer): Readable {
  return Readable.from(
    (function* chunks() {
      for (let start = 0; start < body.length; start += CHUNK_BYTES) {
        yield body.subarray(start, start + CHUNK_BYTES);
      }
    })(),
  );
}

/** The file with its headers, its preconditions judged in RFC 9110's order (13.2.2). */
function answer(request: FastifyRequest, reply: FastifyReply, file: KeptFile): void {
  const { headers } = request;
  reply.headers(file.headers);
  addVary(reply, 'accept-encoding');
  const ifMatch = headers['if-match'];
  if (
    ifMatch !== undefined
      ? !matches(ifMatch, file.etag)
      : modifiedSince(file, headers['if-unmodified-since'])
  ) {
    throw preconditionFailed();
  }
  const ifNoneMatch = headers['if-none-match'];
  const unchanged =
    ifNoneMatch !== undefined
      ? noneMatch(ifNoneMatch, file.etag)
      : headers['if-modified-since'] !== undefined &&
        !Number.isNaN(Date.parse(headers['if-modified-since'])) &&
        !modifiedSince(file, headers['if-modified-since']);
  if (unchanged) {
    reply.code(304).send();
    return;
  }
  reply.send(file.body.length > STREAMED_BODY_BYTES ? inChunks(file.body) : file.body);
}

/** The URL's path, without its query. */
function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

/** The build's compressed copy the client accepts, when there is one, else the file itself. */
function copyName(request: FastifyRequest, urlPath: string): string | undefined {
  const encoding = acceptedEncoding(request);
  return encoding && `${urlPath}${COPY_SUFFIX[encoding]}`;
}

/** A GET of a file kept in memory and unchanged is answered before routing goes any further. */
function answerFromMemory(table: StaticFileTable): onRequestHookHandler {
  return (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const urlPath = pathOf(request);
    if (COMPRESSED_COPY.test(urlPath)) return done();
    const copy = copyName(request, urlPath);
    const kept = (copy && table.current(copy)) || table.current(urlPath);
    if (!kept) return done();
    try {
      answer(request, reply, kept);
    } catch (error) {
      done(error as Error);
    }
  };
}

/** Any other GET or HEAD of a file: read (and checked) now; the file plugins/external/compress encodes when no copy fits. */
function sendFile(table: StaticFileTable) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = pathOf(request);
    if (COMPRESSED_COPY.test(urlPath)) return reply.callNotFound();
    const copy = copyName(request, urlPath);
    const fromCopy = copy === undefined ? undefined : await table.load(copy);
    const file = fromCopy && fromCopy !== 'unsettled' ? fromCopy : await table.load(urlPath);
    if (file === 'unsettled') throw beingReplaced();
    if (!file) return reply.callNotFound();
    answer(request, reply, file);
    return reply;
  };
}

async function staticPlugin(app: FastifyInstance) {
  const config = app.appConfig;
  // A compressed copy is judged by the name of its file.
  const servedFile = (pathName: string) =>
    config.serveSourceMaps || !SOURCE_MAP.test(pathName.replace(COMPRESSED_COPY, ''));
  const mounts: StaticMount[] = [
    {
      prefix: '/',
      root: config.staticDirs.host,
      // The shell and the pre-rendered pages are answered through the page routes, with the site
      // configuration inlined and the brand filled in.
      serves: (pathName: string) =>
        !/(^|\/)index\.html(\.br|\.gz)?$/i.test(pathName) &&
        !pathName.startsWith(`/${PAGES_FOLDER}/`) &&
        servedFile(pathName),
    },
    ...(['designer', 'checkout'] as const).map((remote) => ({
      prefix: `${REMOTES_PATH_PREFIX}${remote}/`,
      root: config.staticDirs[remote],
      serves: servedFile,
    })),
  ];
  const table = createStaticFileTable(mounts);
  app.decorate('staticFiles', table);

  // The files' routes in a context of their own: only they pass through the memory lookup.
  await app.register(
    fp(
      async (files) => {
        files.addHook('onRequest', answerFromMemory(table));
        for (const mount of mounts) files.get(`${mount.prefix}*`, sendFile(table));
      },
      { name: 'static-file-routes', encapsulate: true },
    ),
  );

  // In the background: the server answers at once, from memory once the files are read.
  app.addHook('onReady', async () => {
    void table.refresh().then(
      (kept) => app.log.debug({ kept }, 'static files kept in memory'),
      (error: unknown) => app.log.warn({ err: error }, 'static files not kept in memory'),
    );
  });

  // Any origin may load the remotes (a host deployed elsewhere composes them).
  app.addHook('onSend', (request, reply, payload, done) => {
    // The builds' scripts and styles do not name their maps: the browser's tools find them here.
    const path = pathOf(request);
    if (config.serveSourceMaps && reply.statusCode === 200 && SCRIPT_OR_STYLE.test(path)) {
      reply.header('sourcemap', `${path.slice(path.lastIndexOf('/') + 1)}.map`);
    }
    if (request.url.startsWith(REMOTES_PATH_PREFIX)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done(null, payload);
  });
}

export default fp(staticPlugin, { name: 'static', decorators: { fastify: ['appConfig'] } });
