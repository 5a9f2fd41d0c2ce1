import { randomInt } from 'node:crypto';
import { generateArtworkSvg } from '@tshirt/art';
import type { ImageProvider } from './imageProvider';

/** The in-house art engine; a fresh seed per call makes every re-generate different. */
export function createBuiltinImageProvider(): ImageProvider {
  return {
    name: 'builtin',
    async generate(request) {
      const svg = generateArtworkSvg(request, randomInt(0, 2 ** 31 - 1));
      return { format: 'svg', content: Buffer.from(svg, 'utf8') };
    },
  };
}
