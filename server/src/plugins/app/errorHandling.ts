/**
 * The one error handler and the one not-found handler: JSON `{"error":{"code","message"}}` for the
 * API and files, the host's page (status 404) for unknown page paths. Never a stack trace, and
 * never anything of the request echoed back. Every JSON error carries the security headers of an
 * answer that is not a page, so hooks that answer before the security headers are set (the URL
 * limit here, plugins/app/crossSiteRequests, plugins/app/shutdown) send them all the same.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, describeValidationIssue, errorBody } from '../../http/httpError';
import { URL_LIMIT_CHARACTERS } from '../../http/requestLimits';
import { errorAnswerHeaders } from '../../http/securityHeaders';
import { REMOTES_PATH_PREFIX } from '../external/static';
import { TEST_PAYMENT_PAGE_SOURCES, orderNotFoundPage } from '../../payments/testPaymentPage';
import { sendShell } from '../../pages/sendShell';
import { isDatabaseUnavailable } from '../../storage/database';
import { isStorageFull, StorageFullError } from '../../storage/localFolder';

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Fastify's own client errors, in our words: a library's message may quote what was sent (a
 * content type, a body), so none is passed on.
 */
const CLIENT_ERRORS: Readonly<Record<string, readonly [code: string, message: string]>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    'unsupported_media_type',
    'The request body’s content type is not accepted here.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    'invalid_request',
    'The request body’s size does not match its Content-Length.',
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_request', 'The request body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_request', 'The request body is not valid JSON.'],
};

const NOT_FOUND_MESSAGE = 'Nothing is served at this address.';

/** Any other client error a library raises. */
function clientError(status: number): readonly [code: string, message: string] {
  if (status === 404) return ['not_found', NOT_FOUND_MESSAGE];
  if (status === 413) return ['payload_too_large', 'The request body is too large.'];
  return ['invalid_request', 'The request is not valid.'];
}

function isApiPath(url: string): boolean {
  return url === '/creator' || url.startsWith('/creator/') || url.startsWith('/creator?');
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: string,
  message: string,
  field?: string,
): FastifyReply {
  return reply
    .code(statusCode)
    .headers(errorAnswerHeaders(reply.server.appConfig.publicUrl))
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(code, message, field));
}

function handleError(
  error: FastifyError | HttpError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    if (error.statusCode >= 500) request.log.warn({ code: error.code }, error.message);
    return sendError(reply, error.statusCode, error.code, error.message, error.field);
  }
  if (error.validation && error.validation.length > 0) {
    return sendError(
      reply,
      400,
      'invalid_request',
      describeValidationIssue(error.validation[0]!, error.validationContext),
    );
  }
  // The database's own disk-full error, or a file write's on a worker thread: nothing was kept.
  if (isStorageFull(error)) return handleError(new StorageFullError(), request, reply);
  if (isDatabaseUnavailable(error)) {
    request.log.warn('database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendError(
      reply,
      503,
      'service_unavailable',
      'The store is briefly unavailable. Please try again in a few seconds.',
    );
  }
  const status = error.statusCode ?? 500;
  // A plugin refusing a path with a bare 403 (as @fastify/static does for `..`, `//`, NUL): nothing
  // is served there, so it is a not-found like any other, and says nothing about the disk.
  if (status === 403) return reply.callNotFound();
  if (status >= 400 && status < 500) {
    const [code, message] = CLIENT_ERRORS[error.code] ?? clientError(status);
    return sendError(reply, status, code, message);
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(
    reply,
    500,
    'internal_error',
    'Something went wrong on our side. Please try again.',
  );
}

async function errorHandlingPlugin(app: FastifyInstance) {
  app.setErrorHandler(handleError);

  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.length <= URL_LIMIT_CHARACTERS) return done();
    done(
      new HttpError(
        414,
        'uri_too_long',
        `The request URL is longer than ${URL_LIMIT_CHARACTERS} characters.`,
      ),
    );
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(path) || path.startsWith(REMOTES_PATH_PREFIX) || !isPageRequest) {
      return sendError(reply, 404, 'not_found', NOT_FOUND_MESSAGE);
    }
    if (path.startsWith('/pay/')) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', app.pagePolicy(TEST_PAYMENT_PAGE_SOURCES))
        .send(orderNotFoundPage(app.appConfig.frontEnd.brandName));
    }
    // The host renders its own not-found page from the URL; the status tells crawlers and tests.
    return sendShell(app, request, reply, path, 404);
  });
}

export default fp(errorHandlingPlugin, {
  name: 'error-handling',
  decorators: { fastify: ['appConfig'] },
});
