import { PassThrough } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DEFAULT_SHIRT_COLOR,
  GENERATED_IMAGE_PATH_PREFIX,
  type ShirtColor,
} from '@tshirt/shared/catalog';
import type { ArtFields, GenerateImageQuery, GenerateImageResponse } from '@tshirt/shared/schemas';
import {
  EVENT_STREAM_TYPE,
  formatStreamEvent,
  type GenerationStreamEvent,
} from '@tshirt/shared/generationStream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { GenerationCancelledError, type GeneratedImage } from '../../generation/imageProvider';
import { artModule } from '../../generation/artModule';
import { buildPrompt } from '../../generation/prompt';
import { cleanShopperText } from '../../http/cleanText';
import { HttpError } from '../../http/httpError';
import { secondsUntilNextUtcMidnight, utcDay } from '../../generation/generationQuota';
import { GENERATE_IMAGE_PATH } from '@tshirt/shared/api';
import { LIMIT_REACHED_IMAGE_URL } from '@tshirt/shared/types';
import { printableArtwork } from '../../images/printFiles';
import { refuseUnprintableArtFields } from '../../moderation/refusedFields';
import { generateImageSchema } from '../../schemas/creator';
import { isStorageFull, StorageFullError } from '../../storage/localFolder';
import { newId } from '../../storage/ids';

function cleanFields({ shirt: _shirt, ...query }: GenerateImageQuery): ArtFields {
  return {
    ...query,
    target: cleanShopperText(query.target),
    interests: cleanShopperText(query.interests),
    occasion: cleanShopperText(query.occasion),
    colors: cleanShopperText(query.colors),
    objects: cleanShopperText(query.objects),
  };
}

/** The answer an error would have had, for an error that arrives once the stream has begun. */
function asHttpError(error: unknown, log: FastifyBaseLogger): HttpError {
  if (error instanceof HttpError) return error;
  if (isStorageFull(error)) return new StorageFullError();
  log.error({ err: error }, 'generation failed');
  return new HttpError(
    500,
    'internal_error',
    'Something went wrong on our side. Please try again.',
  );
}

/** The first `<title>` of an SVG the engine drew (what it shows), as text; undefined when there is none. */
function artworkTitle(svg: Buffer): string | undefined {
  const title = /<title>([^<]{1,2000})<\/title>/.exec(
    svg.subarray(0, 16_384).toString('utf8'),
  )?.[1];
  return title
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * `GET /creator/generate_image`: JSON `{image_url, prompt}`; or, for a client that accepts
 * `text/event-stream` while an image model streams, the model's partial images as they come and
 * then the same answer (shared/src/api/generationStream.ts). The stream starts with the first
 * partial image, so a refusal or a failure before it is the plain JSON error. The shopper leaving
 * cancels the model call. A failed generation gives the daily quota back, unless its model call may
 * be billed (the owner paid for it, picture or not).
 */
async function generateImageRoute(app: FastifyInstance) {
  const { images, generationQuota } = app.repositories;
  const dailyLimit = app.appConfig.dailyGenerationLimit;
  const provider = app.imageProvider;

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    GENERATE_IMAGE_PATH,
    // A GET, but it spends the visitor's daily quota: refused from other sites' pages.
    { schema: generateImageSchema, config: { spendsVisitorQuota: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = app.clock();
      const day = utcDay(now);
      const visitor = request.ip;
      const fields = cleanFields(request.query);
      // Refused words cost the shopper nothing: checked before the quota and the drawing.
      refuseUnprintableArtFields(fields);

      if (!(await generationQuota.tryConsume(visitor, day, dailyLimit))) {
        return reply
          .code(429)
          .header('retry-after', String(secondsUntilNextUtcMidnight(now)))
          .send({ image_url: LIMIT_REACHED_IMAGE_URL, prompt: '' });
      }

      const prompt = buildPrompt(fields);
      const streams =
        provider.streamsPartialImages && (request.headers.accept ?? '').includes(EVENT_STREAM_TYPE);

      const shopperLeft = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) shopperLeft.abort();
      };
      reply.raw.on('close', onClose);

      let events: PassThrough | undefined;
      let settled = false;
      /** Partial images are shrunk and sent one after another, each before the final answer. */
      let partialsSent = Promise.resolve();
      const send = (event: GenerationStreamEvent) => {
        if (!events) {
          events = new PassThrough();
          // A stream is sent as it is written, past the JSON answer's schema.
          void (reply as FastifyReply)
            .header('content-type', `${EVENT_STREAM_TYPE}; charset=utf-8`)
            .send(events);
        }
        events.write(formatStreamEvent(event));
      };
      const onPartialImage = (image: Buffer, index: number) => {
        partialsSent = partialsSent.then(async () => {
          if (settled || shopperLeft.signal.aborted) return;
          try {
            // Loaded here: a store on the built-in engine never opens the image library.
            const { previewOfPartialImage } = await import('../../images/modelImage');
            send({ event: 'partial', data: { image: await previewOfPartialImage(image), index } });
          } catch (error) {
            // A partial image that does not decode is only a missed glimpse.
            request.log.warn({ err: error, index }, 'partial image not shown');
          }
        });
      };

      let callCharged = false;
      try {
        const id = newId();
        const image = await provider.generate(fields, {
          saveAs: (format) => images.contentFile(id, format),
          signal: shopperLeft.signal,
          onPartialImage: streams ? onPartialImage : undefined,
          onCallCharged: () => {
            callCharged = true;
          },
        });
        await partialsSent;
        settled = true;
        // The engine's artwork says what it drew (its title): the preview's alt text, and what the
        // order keeps as its prompt; a model's picture keeps the prompt it was asked with.
        const described = (image.format === 'svg' && artworkTitle(image.content)) || prompt;
        await images.insert(id, { ...image, provider: provider.name, prompt: described });
        if (image.format === 'png') keepPrintFile(app, id);
        const answer: GenerateImageResponse = {
          image_url: `${GENERATED_IMAGE_PATH_PREFIX}${id}.${image.format}`,
          prompt: described,
        };
        // Named to the shopper beside Interests: the art shows the other words.
        if (image.notUnderstood?.length) answer.not_understood = image.notUnderstood;
        const shirt = request.query.shirt;
        if (shirt) answer.artwork = await artworkForShirt(app, image, shirt, request.log);
        if (!events) return answer;
        send({ event: 'done', data: answer });
        events.end();
        return reply;
      } catch (error) {
        // A partial image already on its way is shown before the error that follows it.
        await partialsSent;
        settled = true;
        // Only a generation that cost nothing is given back.
        if (!callCharged) await generationQuota.giveBack(visitor, day);
        if (error instanceof GenerationCancelledError) request.log.info('generation cancelled');
        if (!events) throw error;
        const failure = asHttpError(error, request.log);
        send({
          event: 'error',
          data: {
            status: failure.statusCode,
            error: {
              code: failure.code,
              message: failure.message,
              ...(failure.field !== undefined && { field: failure.field }),
            },
          },
        });
        events.end();
        return reply;
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
}

/**
 * What the preview shows at once, sent with the answer so that no second request stands between
 * the tap and the art: the engine's SVG drawn for the shopper's shirt, and the colour advice. A
 * busy engine only means the preview asks for it as before.
 */
async function artworkForShirt(
  app: FastifyInstance,
  image: GeneratedImage,
  shirt: ShirtColor,
  log: FastifyBaseLogger,
): Promise<GenerateImageResponse['artwork']> {
  if (image.format === 'png') return { shirt, advice: image.advice };
  try {
    const svg = await app.artEngine.forShirt(image.content.toString('utf8'), shirt);
    return { shirt, svg, advice: (await artModule()).shirtAdviceForArtwork(svg) };
  } catch (error) {
    log.warn({ err: error }, 'artwork not sent with the answer');
    return undefined;
  }
}

/** Renders a model picture's print file in the background, so it is ready when it is bought. */
function keepPrintFile(app: FastifyInstance, id: string): void {
  const artwork = printableArtwork(
    { kind: 'generated', id, format: 'png', path: `${GENERATED_IMAGE_PATH_PREFIX}${id}.png` },
    app.repositories.images,
    app.artEngine,
    DEFAULT_SHIRT_COLOR,
  );
  if (!artwork) return;
  app.printFiles.getForShopper(artwork).catch((error: unknown) => {
    app.log.warn({ err: error, key: artwork.key }, 'print file not rendered ahead');
  });
}

export default fp(generateImageRoute, { name: 'generate-image-route', encapsulate: true });
