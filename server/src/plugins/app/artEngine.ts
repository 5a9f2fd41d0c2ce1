/**
 * The built-in art engine's threads (ART_ENGINE_THREADS, a queue of ART_ENGINE_QUEUE): new artwork
 * from the `builtin` provider, and stored artwork redrawn for another shirt colour (previews and
 * print files), never on the event loop.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createArtEnginePool, type ArtEnginePool } from '../../generation/artEnginePool';
import { artModule } from '../../generation/artModule';

declare module 'fastify' {
  interface FastifyInstance {
    artEngine: ArtEnginePool;
  }
}

export interface ArtEngineOptions {
  /** Starts the threads at the first drawing instead of with the app (tests). */
  threadsOnFirstJob?: boolean | undefined;
}

async function artEnginePlugin(app: FastifyInstance, options: ArtEngineOptions) {
  const engine = createArtEnginePool({
    ...app.appConfig.artEngine,
    threadsOnFirstJob: options.threadsOnFirstJob,
    onThreadError: (error) => app.log.error({ err: error }, 'an art engine thread failed'),
  });
  app.addHook('onClose', () => engine.close());
  // With the threads, the engine's code this thread uses: a failure shows at its first use.
  if (!options.threadsOnFirstJob) artModule().catch(() => {});
  app.decorate('artEngine', engine);
}

export default fp(artEnginePlugin, { name: 'art-engine', decorators: { fastify: ['appConfig'] } });
