import type { FastifyRequest } from 'fastify';

/** The best encoding the client accepts of those the server keeps ready (a `q=0` refuses one). */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    String(request.headers['accept-encoding'] ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}
