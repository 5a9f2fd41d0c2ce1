/**
 * The built host at `/` and each remote's build under `/remotes/<name>/`, with their cache rules.
 * Files are looked up per request, so a redeployed remote is served without a restart. Text files
 * are sent Brotli- or gzip-encoded from copies kept in memory for the very version of the file
 * the request found (src/site/compressedFiles.ts); nothing is ever written into these folders.
 */
import type { Stats } from 'node:fs';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { cacheControlForStaticFile } from '@tshirt/shared/cachePolicy';
import { PRERENDERED_ROUTES_FILE } from '@tshirt/shared/contract';
import { acceptedEncoding } from '../../http/acceptedEncoding';
import { createCompressedFiles, isCompressible } from '../../site/compressedFiles';

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
      const body = encoding && compressedFiles.lookup(filePath, info, encoding);
      if (!encoding || !body) return; // plugins/external/compress encodes it on the fly this time
      reply.header('content-encoding', encoding);
      reply.header('content-length', body.length);
      encodedBodies.set(reply, body);
    },
  } as const;

  const servedFile = (pathName: string) => config.serveSourceMaps || !SOURCE_MAP.test(pathName);
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: config.staticDirs.host,
    prefix: '/',
    // The shell and the pre-rendered pages are answered through the page routes, with the site
    // configuration inlined and the brand filled in.
    allowedPath: (pathName: string) =>
      !/(^|\/)index\.html$/i.test(pathName) &&
      !pathName.startsWith(`/${PAGES_FOLDER}/`) &&
      servedFile(pathName),
  });
  for (const remote of ['designer', 'checkout'] as const) {
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: config.staticDirs[remote],
      prefix: `${REMOTES_PATH_PREFIX}${remote}/`,
      decorateReply: false,
      allowedPath: servedFile,
    });
  }

  app.addHook('onSend', async (_request, reply, payload) => {
    const body = encodedBodies.get(reply);
    if (!body) return payload;
    encodedBodies.delete(reply);
    (payload as Readable | null)?.destroy?.();
    return body;
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
  });

  // Any origin may load the remotes (a host deployed elsewhere composes them).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(REMOTES_PATH_PREFIX)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });
}

export default fp(staticPlugin, { name: 'static', decorators: { fastify: ['appConfig'] } });
