import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NO_CACHE } from '@tshirt/shared/cachePolicy';
import { acceptedEncoding } from '../http/acceptedEncoding';
import { SIMPLE_PAGE_SOURCES, frontEndNotBuiltPage } from './htmlPages';

/** Answers a page route with the host shell (or a clear "not built" page; never a crash). */
export async function sendShell(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
  statusCode: 200 | 404,
): Promise<FastifyReply> {
  const page = await app.hostShell.render(pathname);
  reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8');
  if (page === undefined) {
    request.log.warn({ folder: app.appConfig.staticDirs.host }, 'no built host page to serve');
    reply.header('content-security-policy', app.pagePolicy(SIMPLE_PAGE_SOURCES));
    return reply.code(statusCode === 404 ? 404 : 503).send(frontEndNotBuiltPage());
  }
  reply.header('content-security-policy', app.pagePolicy(page.inlineSources));
  // Compressed once per build (plugins/external/compress leaves an encoded answer as it is).
  reply.code(statusCode).header('vary', 'accept-encoding');
  const encoding = request.method === 'HEAD' ? undefined : acceptedEncoding(request);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.brotli);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
