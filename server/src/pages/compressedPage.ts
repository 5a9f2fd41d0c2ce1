import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { InlineSources } from '../http/contentSecurityPolicy';
import { inlineStyleHashes } from './inlineSources';

/**
 * A page ready to send: the HTML, its Brotli and gzip encodings, and the CSP sources of its inline
 * scripts and styles (the styles vary with the remotes' releases on a composed page), made once,
 * not per request.
 */
export interface CompressedPage {
  html: string;
  brotli: Buffer;
  gzip: Buffer;
  inlineSources: InlineSources;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `html` compressed off the event loop (zlib's thread pool), so a new page never stalls other
 * requests: `small` for a page kept for many requests, `fast` for one a request is waiting on.
 * `scriptSources` are those of the host build's inline scripts, the only ones a page may run.
 */
export async function compressPage(
  html: string,
  scriptSources: readonly string[],
  effort: 'small' | 'fast' = 'small',
): Promise<CompressedPage> {
  const small = effort === 'small';
  const [brotli, gzipped] = await Promise.all([
    brotliAsync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: small ? 11 : 4,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
    gzipAsync(html, { level: small ? 9 : 1 }),
  ]);
  const inlineSources = { scripts: scriptSources, styles: inlineStyleHashes(html) };
  return { html, brotli, gzip: gzipped, inlineSources };
}
