import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Brotli where the browser accepts it, gzip otherwise; small answers are not worth it. */
async function compressPlugin(app: FastifyInstance) {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}

export default fp(compressPlugin, { name: 'compress' });
