import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { globalPlugin } from '../../http/globalPlugin';

/** Brotli where the browser accepts it, gzip otherwise; small answers are not worth it. */
export default globalPlugin('compress', async (app: FastifyInstance) => {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
});
