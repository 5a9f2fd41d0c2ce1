import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { inlineStyleHashes } from './inlineSources';

/**
 * A page ready to send: the HTML, its Brotli and gzip encodings, and the CSP sources of its inline
 * styles (which vary with the remotes' releases on a composed page), made once, not per request.
 */
export interface RenderedPage {
  html: string;
  brotli: Buffer;
  gzip: Buffer;
  styleSources: string[];
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed off the event loop (zlib's thread pool): a new page never stalls other requests. */
export async function renderPage(html: string): Promise<RenderedPage> {
  const [brotli, gzipped] = await Promise.all([
    brotliAsync(html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    }),
    gzipAsync(html, { level: 9 }),
  ]);
  return { html, brotli, gzip: gzipped, styleSources: inlineStyleHashes(html) };
}
