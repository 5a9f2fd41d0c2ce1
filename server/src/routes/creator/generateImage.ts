import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { GENERATED_IMAGE_PATH_PREFIX } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { buildPrompt } from '../../generation/prompt';
import { cleanShopperText } from '../../http/cleanText';
import { secondsUntilNextUtcMidnight, utcDay } from '../../generation/generationQuota';
import { GENERATE_IMAGE_PATH } from '@tshirt/shared/api';
import { LIMIT_REACHED_IMAGE_URL } from '@tshirt/shared/types';
import { generateImageSchema } from '../../schemas/creator';
import { newId } from '../../storage/ids';

function cleanFields(query: ArtFields): ArtFields {
  return {
    ...query,
    target: cleanShopperText(query.target),
    interests: cleanShopperText(query.interests),
    occasion: cleanShopperText(query.occasion),
    colors: cleanShopperText(query.colors),
    objects: cleanShopperText(query.objects),
  };
}

export default async function generateImageRoute(app: FastifyInstance) {
  const { images, generationQuota } = app.repositories;
  const dailyLimit = app.appConfig.dailyGenerationLimit;

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    GENERATE_IMAGE_PATH,
    // A GET, but it spends the visitor's daily quota: refused from other sites' pages.
    { schema: generateImageSchema, config: { spendsVisitorQuota: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = app.clock();
      const day = utcDay(now);
      const visitor = request.ip;

      if (!(await generationQuota.tryConsume(visitor, day, dailyLimit))) {
        return reply
          .code(429)
          .header('retry-after', String(secondsUntilNextUtcMidnight(now)))
          .send({ image_url: LIMIT_REACHED_IMAGE_URL, prompt: '' });
      }

      const fields = cleanFields(request.query);
      const prompt = buildPrompt(fields);
      try {
        const id = newId();
        const image = await app.imageProvider.generate(fields, prompt, {
          saveAs: (format) => images.contentFile(id, format),
        });
        await images.insert(id, { ...image, provider: app.imageProvider.name, prompt });
        return { image_url: `${GENERATED_IMAGE_PATH_PREFIX}${id}.${image.format}`, prompt };
      } catch (error) {
        // A generation that did not happen does not count against the visitor.
        await generationQuota.giveBack(visitor, day);
        throw error;
      }
    },
  );
}
