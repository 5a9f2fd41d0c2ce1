/**
 * The built host at `/` and each remote's build under `/remotes/<name>/`, with their cache rules,
 * each text file sent as the Brotli or gzip copy its build wrote beside it (`main.js.br`).
 * Whole-file GETs are answered by src/staticFiles/staticFileTable.ts: from memory after one `stat`
 * shows the file is still the one kept, else from one whole, settled read of the file, only if its
 * real path is inside its folder's (links out of the folder are not followed). Anything else (a
 * range, a precondition to judge, HEAD, a name a URL must escape, a very large file) goes to
 * @fastify/static (`preCompressed`), with the same two checks: the real path, and a file still
 * being written waits to settle or is refused with a 503. Either way a redeployed remote is served
 * without a restart, and nothing is ever written into these folders.
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
import { isInside, realPathOf } from '../../staticFiles/fileVersion';
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

/** Refused as @fastify/static refuses a path it will not serve: a 403 the error handler answers as not found. */
function outsideItsFolder(): Error {
  return Object.assign(new Error('Forbidden'), { statusCode: 403 });
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
 * Answers a whole-file GET from the table (src/staticFiles/staticFileTable.ts), the build's
 * compressed copy when the client accepts it, or leaves the request to @fastify/static (a range, a
 * precondition it must judge, HEAD, or a path the table does not answer).
 */
function answerFromMemory(table: StaticFileTable) {
  const answer = (request: FastifyRequest, reply: FastifyReply, file: KeptFile) => {
    reply.headers(file.headers);
    addVary(reply, 'accept-encoding');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && noneMatch(ifNoneMatch, file.etag)) {
      reply.code(304).send();
      return;
    }
    reply.send(file.body.length > STREAMED_BODY_BYTES ? inChunks(file.body) : file.body);
  };

  /** The copy when there is one, else the file itself (plugins/external/compress encodes it). */
  const load = async (copy: string | undefined, urlPath: string) =>
    (copy && (await table.load(copy))) || table.load(urlPath);

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
    if (COMPRESSED_COPY.test(urlPath)) return done();
    const encoding = acceptedEncoding(request);
    const copy = encoding && `${urlPath}${COPY_SUFFIX[encoding]}`;
    const kept = (copy && table.current(copy)) || table.current(urlPath);
    if (kept) return answer(request, reply, kept);
    load(copy, urlPath).then(
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
  await app.register(async (files) => {
    files.addHook('onRequest', answerFromMemory(table));
    for (const [index, mount] of mounts.entries()) {
      await files.register(fastifyStatic, {
        root: mount.root,
        prefix: mount.prefix,
        decorateReply: index === 0,
        index: false,
        wildcard: true,
        dotfiles: 'ignore',
        preCompressed: true,
        cacheControl: false,
        // `filePath` is the file sent: cachePolicy gives `x.js.br` the rule of `x.js`.
        setHeaders: (reply: FastifyReply, filePath: string) => {
          reply.header('cache-control', cacheControlForStaticFile(filePath));
        },
        allowedPath: (pathName: string) =>
          !COMPRESSED_COPY.test(pathName) && mount.serves(pathName),
        // The file chosen (a compressed copy, maybe): inside its folder, and settled.
        onFile: async (filePath: string, info: Stats) => {
          const root = realPathOf(mount.root);
          const real = realPathOf(filePath);
          if (!root || !real || !isInside(root, real)) throw outsideItsFolder();
          if (!(await table.settled(filePath, info))) throw beingReplaced();
        },
      });
    }
  });

  // In the background: the server answers at once, from memory once the files are read.
  app.addHook('onReady', async () => {
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
