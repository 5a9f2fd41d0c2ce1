import type { FastifyInstance, FastifyReply } from 'fastify';
import { NO_CACHE } from './cachePolicy';
import { frontEndNotBuiltPage } from './htmlPages';

/** Answers a page route with the host shell (or a clear "not built" page; never a crash). */
export async function sendShell(
  app: FastifyInstance,
  reply: FastifyReply,
  pathname: string,
  statusCode: 200 | 404,
): Promise<FastifyReply> {
  const html = await app.hostShell.render(pathname);
  reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8');
  if (html === undefined) {
    return reply
      .code(statusCode === 404 ? 404 : 503)
      .send(frontEndNotBuiltPage(app.appConfig.staticDirs.host));
  }
  return reply.code(statusCode).send(html);
}
