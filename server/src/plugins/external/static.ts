/**
 * The built host at `/` and each remote's build under `/remotes/<name>/`, with their cache rules.
 * Files are looked up per request, so a redeployed remote is served without a restart.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../http/globalPlugin';
import { cacheControlForStaticFile } from '../../site/cachePolicy';

export const REMOTES_PATH_PREFIX = '/remotes/';

const staticOptions = {
  index: false,
  wildcard: true,
  cacheControl: false,
  dotfiles: 'ignore',
  setHeaders: (reply: { header(name: string, value: string): unknown }, filePath: string) => {
    reply.header('cache-control', cacheControlForStaticFile(filePath));
  },
} as const;

export default globalPlugin('static', async (app: FastifyInstance) => {
  const config = app.appConfig;
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: config.staticDirs.host,
    prefix: '/',
    // The shell is always answered through the page routes, with the site configuration inlined.
    allowedPath: (pathName: string) => !/(^|\/)index\.html$/i.test(pathName),
  });
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: config.staticDirs.designer,
    prefix: `${REMOTES_PATH_PREFIX}designer/`,
    decorateReply: false,
  });
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: config.staticDirs.checkout,
    prefix: `${REMOTES_PATH_PREFIX}checkout/`,
    decorateReply: false,
  });

  // Any origin may load the remotes (a host deployed elsewhere composes them).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(REMOTES_PATH_PREFIX)) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });
});
