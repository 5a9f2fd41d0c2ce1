/**
 * Brotli and gzip copies of the text files a production build emits, written beside each file
 * (`main.js.br`, `main.js.gz`): the store server sends them as they are (@fastify/static's
 * `preCompressed`), so no request waits on compression and no copy is kept in memory.
 */
import { constants as zlibConstants, type BrotliOptions } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import type { WebpackPluginInstance } from 'webpack';

/** Text the browser downloads; source maps are not sent to shoppers, pages go through the server's routes. */
const COMPRESSED_FILES = /\.(js|mjs|css|json|svg|txt|xml)$/i;

/**
 * Every such file gets both copies, whatever its size or ratio: a release copied over an older one
 * then replaces every copy the older one left.
 */
const EVERY_FILE = { test: COMPRESSED_FILES, threshold: 0, minRatio: Number.MAX_SAFE_INTEGER };

export function compressedCopies(): WebpackPluginInstance[] {
  return [
    new CompressionPlugin<BrotliOptions>({
      ...EVERY_FILE,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      ...EVERY_FILE,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}
