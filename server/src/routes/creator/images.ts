/** Generated images and pre-made designs: stable URLs, immutable content, no script in any SVG. */
import {
  GENERATED_IMAGE_PATH_PREFIX,
  PREMADE_DESIGNS,
  PREMADE_DESIGN_PATH_PREFIX,
} from '@tshirt/shared/catalog';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { premadeDesignSvg } from '../../art';
import { notFound } from '../../http/httpError';
import { IMAGE_CONTENT_TYPES, type ImageFormat } from '../../images/imagesRepository';
import { designPrintKey, imagePrintKey } from '../../images/printFiles';
import { IMMUTABLE } from '@tshirt/shared/build/cachePolicy';
import { isId } from '../../storage/ids';
import { imageFileParamsSchema } from '../../schemas/creator';

/** An SVG opened directly must not run anything or load anything. */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; font-src data:";

function parseFileName(file: string): { name: string; format: ImageFormat } | undefined {
  const match = /^([A-Za-z0-9_-]{1,64})\.(svg|png)$/.exec(file);
  return match ? { name: match[1] as string, format: match[2] as ImageFormat } : undefined;
}

function sendImage(
  reply: FastifyReply,
  format: ImageFormat,
  content: Buffer | string,
): FastifyReply {
  return reply
    .header('content-type', IMAGE_CONTENT_TYPES[format])
    .header('content-security-policy', IMAGE_CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', IMMUTABLE)
    .send(content);
}

export default async function imageRoutes(app: FastifyInstance) {
  const { images } = app.repositories;
  const { printFiles } = app;

  app.get<{ Params: { file: string } }>(
    `${GENERATED_IMAGE_PATH_PREFIX}:file`,
    { schema: imageFileParamsSchema },
    async (request, reply) => {
      const file = parseFileName(request.params.file);
      const image = file && isId(file.name) ? await images.find(file.name) : undefined;
      if (!file || !image) throw notFound('There is no image at this address.');
      if (file.format === image.format) return sendImage(reply, image.format, image.content);
      if (file.format === 'svg') throw notFound('This image exists only as a PNG.');

      // The .png of an SVG artwork is its print file, rendered on first request and kept.
      const svg = image.content.toString('utf8');
      const png = await printFiles.get({ key: imagePrintKey(image.id), svg: async () => svg });
      return sendImage(reply, 'png', png);
    },
  );

  app.get<{ Params: { file: string } }>(
    `${PREMADE_DESIGN_PATH_PREFIX}:file`,
    { schema: imageFileParamsSchema },
    async (request, reply) => {
      const file = parseFileName(request.params.file);
      const design = file && PREMADE_DESIGNS.find((candidate) => candidate.id === file.name);
      const svg = design && premadeDesignSvg(design.id);
      if (!file || !design || svg === undefined)
        throw notFound('There is no design at this address.');
      if (file.format === 'svg') return sendImage(reply, 'svg', svg);

      const png = await printFiles.get({ key: designPrintKey(design.id), svg: async () => svg });
      return sendImage(reply, 'png', png);
    },
  );
}
