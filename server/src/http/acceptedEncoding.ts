import type { FastifyRequest } from 'fastify';

export type KeptEncoding = 'br' | 'gzip';

/** The best encoding an `Accept-Encoding` value accepts of those the server keeps ready (a `q=0` refuses one). */
function choose(header: string): KeptEncoding | undefined {
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Browsers send a handful of `Accept-Encoding` values, each on every request: each is read once
 * (a few percent of a page answer's time). Bounded, so a client inventing values only gets them
 * read anew.
 */
const chosen = new Map<string, KeptEncoding | undefined>();
const MAX_VALUES_KEPT = 64;

/** The best encoding the client accepts of those the server keeps ready (a `q=0` refuses one). */
export function acceptedEncoding(request: FastifyRequest): KeptEncoding | undefined {
  const header = String(request.headers['accept-encoding'] ?? '');
  if (chosen.has(header)) return chosen.get(header);
  const encoding = choose(header);
  if (chosen.size < MAX_VALUES_KEPT) chosen.set(header, encoding);
  return encoding;
}
