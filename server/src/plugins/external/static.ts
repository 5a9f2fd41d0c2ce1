/**
 * The built host at `/` and each remote's build under `/remotes/<name>/`, with their cache rules.
 * Whole-file GETs are answered by src/site/staticFileTable.ts: from memory after one `stat` shows
 * the file is still the one kept, else from one whole, settled read of the file, only if its real
 * path is inside its folder's (links out of the folder are not followed). Anything else (a range, a
 * precondition to judge, HEAD, a name a URL must escape, a very large file) goes to
 * @fastify/static, with the same two checks: the real path, and a file still being written waits
 * to settle or is refused with a 503. Either way a redeployed remote is served without a restart.
 * Text files are sent Brotli- or gzip-encoded from copies kept in memory for the very version of
 * the file sent (src/site/compressedFiles.ts); nothing is ever written into these folders.
 */
import type { Stats } from 'node:fs';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { cacheControlForStaticFile } from '@tshirt/shared/cachePolicy';
import { PRERENDERED_ROUTES_FILE } from '@tshirt/shared/contract';
import { acceptedEncoding } from '../../http/acceptedEncoding';
import { HttpError } from '../../http/httpError';
import {
  createCompressedFiles,
  isCompressible,
  type CompressedFiles,
} from '../../site/compressedFiles';
import { fileVersion } from '../../site/fileVersion';
import {
  createStaticFileTable,
  type KeptFile,
  type StaticFileTable,
  type StaticMount,
} from '../../site/staticFileTable';

declare module 'fastify' {
  interface FastifyInstance {
    /** The front-end files kept in memory (tests look into it). */
    staticFiles: StaticFileTable;
  }
}

export const REMOTES_PATH_PREFIX = '/remotes/';

/** The folder of the host's pre-rendered pages: answered through the page routes, never as files. */
const PAGES_FOLDER = PRERENDERED_ROUTES_FILE.split('/')[0] ?? 'pages';

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

/** Source maps (and any compressed copy of one) show the original source to anyone. */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;

/** `If-None-Match` names this entity tag (or any, `*`): weak comparison, as @fastify/send makes it. */
function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** A file a release is still copying over, with no whole version to send meanwhile. */
function beingReplaced(): HttpError {
  return new HttpError(
    503,
    'service_unavailable',
    'This file is being replaced by a new release. Please try again in a moment.',
    { 'retry-after': '1' },
  );
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

/**
 * Answers a whole-file GET from the table (src/site/staticFileTable.ts), or leaves the request to
 * @fastify/static (a range, a precondition it must judge, HEAD, or a path the table does not answer).
 */
function answerFromMemory(table: StaticFileTable, compressedFiles: CompressedFiles) {
  const answer = (request: FastifyRequest, reply: FastifyReply, file: KeptFile) => {
    reply.headers(file.headers);
    if (file.compressible) addVary(reply, 'accept-encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && noneMatch(ifNoneMatch, file.etag)) {
      reply.code(304).send();
      return;
    }
    let body = file.body;
    const encoding = file.compressible ? acceptedEncoding(request) : undefined;
    const encoded =
      encoding && compressedFiles.lookup(file.filePath, file.version, encoding, file.body);
    // Not encoded yet: plugins/external/compress encodes this answer on the fly.
    if (encoding && encoded) {
      reply.header('content-encoding', encoding);
      body = encoded;
    }
    reply.send(body.length > STREAMED_BODY_BYTES ? inChunks(body) : body);
  };

  const hook: onRequestHookHandler = (request: FastifyRequest, reply: FastifyReply, done) => {
    const { headers } = request;
    if (
      request.method !== 'GET' ||
      headers.range !== undefined ||
      headers['if-match'] !== undefined ||
      headers['if-unmodified-since'] !== undefined ||
      // If-None-Match, when sent, is the only validator that counts (RFC 9110, 13.2.2).
      (headers['if-modified-since'] !== undefined && headers['if-none-match'] === undefined)
    ) {
      return done();
    }
    const query = request.url.indexOf('?');
    const urlPath = query === -1 ? request.url : request.url.slice(0, query);
    const kept = table.current(urlPath);
    if (kept) return answer(request, reply, kept);
    table.load(urlPath).then(
      (file) => {
        if (file === 'unsettled') done(beingReplaced());
        else if (file) answer(request, reply, file);
        else done();
      },
      () => done(),
    );
  };
  return hook;
}

/**
 * Drops a file stream that will not be read. Its file is still being opened: if a release removed
 * the file meanwhile, the open fails after the answer has gone, and that error with nobody left
 * listening would end the server.
 */
export function discardUnread(stream: Readable | null): void {
  stream?.on?.('error', () => undefined);
  stream?.destroy?.();
}

async function staticPlugin(app: FastifyInstance) {
  const config = app.appConfig;
  const compressedFiles = createCompressedFiles();
  /** The encoded body chosen for a reply while its headers were set, sent in place of the file. */
  const encodedBodies = new WeakMap<FastifyReply, Buffer>();

  const staticOptions = {
    index: false,
    wildcard: true,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: (reply: FastifyReply, filePath: string, info: Stats) => {
      reply.header('cache-control', cacheControlForStaticFile(filePath));
      if (!isCompressible(filePath, info.size)) return;
      addVary(reply, 'accept-encoding');
      // Only a whole, fresh answer is encoded (not a 304, nor a byte range of the file).
      if (reply.statusCode !== 200 || reply.request.headers.range !== undefined) return;
      const encoding = acceptedEncoding(reply.request);
      const body = encoding && compressedFiles.lookup(filePath, fileVersion(info), encoding);
      if (!encoding || !body) return; // plugins/external/compress encodes it on the fly this time
      reply.header('content-encoding', encoding);
      reply.header('content-length', body.length);
      encodedBodies.set(reply, body);
    },
  } as const;

  const servedFile = (pathName: string) => config.serveSourceMaps || !SOURCE_MAP.test(pathName);
  const mounts: StaticMount[] = [
    {
      prefix: '/',
      root: config.staticDirs.host,
      // The shell and the pre-rendered pages are answered through the page routes, with the site
      // configuration inlined and the brand filled in.
      serves: (pathName: string) =>
        !/(^|\/)index\.html$/i.test(pathName) &&
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
  const onFile = async (filePath: string, info: Stats) => {
    if (!(await table.settled(filePath, info))) throw beingReplaced();
  };

  // The files' routes in a context of their own: only they pass through the memory lookup.
  await app.register(async (files) => {
    files.addHook('onRequest', answerFromMemory(table, compressedFiles));
    for (const [index, mount] of mounts.entries()) {
      await files.register(fastifyStatic, {
        ...staticOptions,
        root: mount.root,
        prefix: mount.prefix,
        decorateReply: index === 0,
        allowedPath: (pathName: string) =>
          mount.serves(pathName) && table.contains(index, pathName),
        onFile,
      });
    }
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    const body = encodedBodies.get(reply);
    if (!body) return done(null, payload);
    encodedBodies.delete(reply);
    discardUnread(payload as Readable | null);
    done(null, body);
  });

  // In the background: the server answers at once, and with the best encodings once they exist.
  app.addHook('onReady', async () => {
    const folders = [
      config.staticDirs.host,
      config.staticDirs.designer,
      config.staticDirs.checkout,
    ];
    void compressedFiles.warm(folders).then(
      (made) => app.log.debug({ made }, 'static files compressed'),
      (error: unknown) => app.log.warn({ err: error }, 'static files not compressed'),
    );
    void table.refresh().then(
      (read) => app.log.debug({ read }, 'static files kept in memory'),
      (error: unknown) => app.log.warn({ err: error }, 'static files not kept in memory'),
    );
  });

  // Any origin may load the remotes (a host deployed elsewhere composes them).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(REMOTES_PATH_PREFIX)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done(null, payload);
  });
}

export default fp(staticPlugin, { name: 'static', decorators: { fastify: ['appConfig'] } });
