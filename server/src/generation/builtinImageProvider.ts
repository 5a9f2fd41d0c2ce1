import { randomInt } from 'node:crypto';
import type { ArtEnginePool } from './artEnginePool';
import type { ImageProvider } from './imageProvider';

/**
 * The in-house art engine, drawing on its own threads; a fresh seed per call makes every
 * re-generate different. The thread that draws the SVG also writes its file. A request none of
 * whose words it can draw is refused (NothingUnderstoodError), never drawn as an invented subject.
 */
export function createBuiltinImageProvider(engine: ArtEnginePool): ImageProvider {
  return {
    name: 'builtin',
    streamsPartialImages: false,
    async generate(request, options) {
      const saveAs = options?.saveAs?.('svg');
      const drawn = await engine.generate(request, randomInt(0, 2 ** 31 - 1), saveAs);
      return {
        format: 'svg',
        content: drawn.svg,
        saved: saveAs !== undefined,
        notUnderstood: drawn.notUnderstood,
      };
    },
  };
}
