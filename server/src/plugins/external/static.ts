/**
 * The built host at `/` and each remote's build under `/remotes/<name>/`, with their cache rules.
 * Files are looked up per request, so a redeployed remote is served without a restart.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../http/globalPlugin';
import { cacheControlForStaticFile } from '@tshirt/shared/build/cachePolicy';
import { precompressFolder } from '../../site/precompressStatic';

export const REMOTES_PATH_PREFIX = '/remotes/';

const staticOptions = {
  index: false,
  // `<file>.br` / `<file>.gz` written by precompressFolder, when present.
  preCompressed: true,
  wildcard: true,
  cacheControl: false,
  dotfiles: 'ignore',
  setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
    reply.header('cache-control', cacheControlForStaticFile(filePath));
  },
} as const;

/** Source maps (and any compressed copy of one) show the original source to anyone. */
const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;

export default globalPlugin('static', async (app: FastifyInstance) => {
  const config = app.appConfig;
  const servedFile = (pathName: string) => config.serveSourceMaps || !SOURCE_MAP.test(pathName);
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: config.staticDirs.host,
    prefix: '/',
    // The shell is always answered through the page routes, with the site configuration inlined.
    allowedPath: (pathName: string) =>
      !/(^|\/)index\.html$/i.test(pathName) && servedFile(pathName),
  });
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: config.staticDirs.designer,
    prefix: `${REMOTES_PATH_PREFIX}designer/`,
    decorateReply: false,
    allowedPath: servedFile,
  });
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: config.staticDirs.checkout,
    prefix: `${REMOTES_PATH_PREFIX}checkout/`,
    decorateReply: false,
    allowedPath: servedFile,
  });

  // In the background: the server answers at once, and faster once the copies exist.
  app.addHook('onReady', async () => {
    const folders = [
      config.staticDirs.host,
      config.staticDirs.designer,
      config.staticDirs.checkout,
    ];
    void Promise.all(folders.map((folder) => precompressFolder(folder))).then(
      (written) => app.log.debug({ written }, 'static files precompressed'),
      (error: unknown) => app.log.warn({ err: error }, 'static files not precompressed'),
    );
  });

  // Any origin may load the remotes (a host deployed elsewhere composes them).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(REMOTES_PATH_PREFIX)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });
});
