/**
 * Size limits on what a client may send, and the answers when it sends more: always the JSON error
 * shape and the security headers every answer carries, even for requests Node's parser refuses
 * before Fastify sees them.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody } from './httpError';

/** Only the vitals beacon and Stripe's webhook carry bodies. */
export const BODY_LIMIT_BYTES = 256 * 1024;
/** Longer than any real query (five 500-character fields, percent-encoded); shorter than Node's 16 KB header limit. */
export const URL_LIMIT_CHARACTERS = 12 * 1024;

/**
 * Fastify's `clientErrorHandler`: a request the HTTP parser refused (too large, malformed, timed
 * out), answered with `headers`, those of every error answer (http/securityHeaders).
 */
export function answerRefusedConnection(
  error: Error & { code?: string },
  socket: Socket,
  headers: Readonly<Record<string, string>>,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request URL or headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive.']
        : [400, 'invalid_request', 'The request is malformed.'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    const head = Object.entries({
      ...headers,
      'cache-control': 'no-store',
      connection: 'close',
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
  }
  socket.destroy();
}
