/** Generated images and pre-made designs: stable URLs, immutable content, no script in any SVG. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  GENERATED_IMAGE_PATH_PREFIX,
  PREMADE_DESIGNS,
  DEFAULT_SHIRT_COLOR,
  PREMADE_DESIGN_PATH_PREFIX,
  SHIRT_COLORS,
} from '@tshirt/shared/catalog';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { artModule } from '../../generation/artModule';
import { notFound } from '../../http/httpError';
import { IMAGE_CONTENT_TYPES, type ImageFormat } from '../../images/imagesRepository';
import {
  designPrintKey,
  imagePrintKey,
  printableArtwork,
  printKeyForShirt,
} from '../../images/printFiles';
import { IMMUTABLE } from '@tshirt/shared/cachePolicy';
import { isId } from '../../storage/ids';
import { imageFileSchema } from '../../schemas/creator';

/** An SVG opened directly must not run anything or load anything. */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; font-src data:";

/**
 * `.svg` and `.png` are the engine's artwork and its print file; `.json` is the advice about its
 * colours. An image model's picture is `.png`, its print file `.print.png`.
 */
type FileFormat = ImageFormat | 'json' | 'print.png';

function parseFileName(file: string): { name: string; format: FileFormat } | undefined {
  const match = /^([A-Za-z0-9_-]{1,64})\.(svg|png|json|print\.png)$/.exec(file);
  return match ? { name: match[1] as string, format: match[2] as FileFormat } : undefined;
}

const CONTENT_TYPES: Readonly<Record<FileFormat, string>> = {
  ...IMAGE_CONTENT_TYPES,
  json: 'application/json; charset=utf-8',
  'print.png': 'image/png',
};

function sendImage(
  reply: FastifyReply,
  format: FileFormat,
  content: Buffer | string,
): FastifyReply {
  return (
    reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-security-policy', IMAGE_CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', IMMUTABLE)
      // Public artwork: a remote's page running alone on its own origin shows it too.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(content)
  );
}

async function imageRoutes(app: FastifyInstance) {
  const { images } = app.repositories;
  const { printFiles, artEngine } = app;
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    `${GENERATED_IMAGE_PATH_PREFIX}:file`,
    { schema: imageFileSchema },
    async (request, reply) => {
      const file = parseFileName(request.params.file);
      const image = file && isId(file.name) ? await images.find(file.name) : undefined;
      if (!file || !image) throw notFound('There is no image at this address.');
      // An image model's picture is printed as drawn on every shirt; only the engine's SVG
      // artwork is redrawn for each.
      if (image.format === 'png') {
        if (file.format === 'png') return sendImage(reply, 'png', image.content);
        if (file.format === 'json' && image.advice) {
          return sendImage(reply, 'json', JSON.stringify(image.advice));
        }
        if (file.format === 'print.png') {
          const artwork = printableArtwork(
            { kind: 'generated', id: image.id, format: 'png', path: request.url },
            images,
            artEngine,
            DEFAULT_SHIRT_COLOR,
          );
          if (artwork) return sendImage(reply, 'png', await printFiles.getForShopper(artwork));
        }
        throw notFound('There is no such file for this picture.');
      }
      if (file.format === 'print.png') throw notFound('There is no image at this address.');
      const stored = image.content.toString('utf8');
      const shirt = request.query.shirt;
      if (file.format === 'json') {
        const advice = (await artModule()).shirtAdviceForArtwork(stored);
        if (!advice) throw notFound('There is no colour advice for this image.');
        return sendImage(reply, 'json', JSON.stringify(advice));
      }
      const drawn = () => artEngine.forShirt(stored, shirt);
      if (file.format === 'svg') return sendImage(reply, 'svg', await drawn());

      // The .png is the print file for that shirt, drawn and rendered on first request and cached.
      const key = printKeyForShirt(imagePrintKey(image.id), shirt);
      const png = await printFiles.getForShopper({
        key,
        source: async () => ({ svg: await drawn() }),
      });
      return sendImage(reply, 'png', png);
    },
  );

  routes.get(
    `${PREMADE_DESIGN_PATH_PREFIX}:file`,
    { schema: imageFileSchema },
    async (request, reply) => {
      const file = parseFileName(request.params.file);
      const design = file && PREMADE_DESIGNS.find((candidate) => candidate.id === file.name);
      const svg = design && (await artModule()).premadeDesignSvg(design.id, request.query.shirt);
      if (!file || !design || svg === undefined)
        throw notFound('There is no design at this address.');
      if (file.format === 'svg') return sendImage(reply, 'svg', svg);
      if (file.format === 'print.png') throw notFound('There is no design at this address.');
      // The shop chose these colours for every shirt: nothing to warn the shopper about.
      if (file.format === 'json') {
        return sendImage(
          reply,
          'json',
          JSON.stringify({ faintColors: {}, suggestedShirts: [...SHIRT_COLORS] }),
        );
      }
      const key = printKeyForShirt(designPrintKey(design.id), request.query.shirt);
      const png = await printFiles.getForShopper({ key, source: async () => ({ svg }) });
      return sendImage(reply, 'png', png);
    },
  );
}

export default fp(imageRoutes, { name: 'image-routes', encapsulate: true });
