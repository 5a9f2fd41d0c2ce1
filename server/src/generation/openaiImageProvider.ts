import OpenAI from 'openai';
import type { ImageProviderConfig } from '../config';
import { HttpError } from '../http/httpError';
import type { ImageProvider } from './imageProvider';

type OpenAiSettings = Extract<ImageProviderConfig, { kind: 'openai' }>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Portrait sizes closest to the 12 × 16 in print area that each model family accepts. */
function requestOptionsFor(model: string): Partial<OpenAI.Images.ImageGenerateParams> {
  if (model.startsWith('dall-e-3')) return { size: '1024x1792', response_format: 'b64_json' };
  if (model.startsWith('dall-e')) return { size: '1024x1024', response_format: 'b64_json' };
  return { size: '1024x1536', background: 'transparent', output_format: 'png' };
}

/** An OpenAI-compatible image API; failures become 502 and time-outs 504 JSON errors. */
export function createOpenAiImageProvider(settings: OpenAiSettings): ImageProvider {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // Our own timer below decides; this is only a backstop.
    timeout: settings.timeoutMs + 1000,
    // One try: the shopper is waiting, and a failed call gives the quota back.
    maxRetries: 0,
  });
  return {
    name: 'openai',
    async generate(_request, prompt) {
      let response: OpenAI.Images.ImagesResponse;
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
      try {
        response = await client.images.generate(
          {
            model: settings.model,
            prompt,
            n: 1,
            ...requestOptionsFor(settings.model),
          } as OpenAI.Images.ImageGenerateParamsNonStreaming,
          { signal: deadline.signal },
        );
      } catch (error) {
        if (deadline.signal.aborted || error instanceof OpenAI.APIConnectionTimeoutError) {
          throw new HttpError(
            504,
            'image_provider_timeout',
            'The image service took too long. Please try again.',
          );
        }
        const detail =
          error instanceof OpenAI.APIError && error.status ? ` (HTTP ${error.status})` : '';
        throw new HttpError(
          502,
          'image_provider_error',
          `The image service failed${detail}. Please try again.`,
        );
      } finally {
        clearTimeout(timer);
      }
      const base64 = response.data?.[0]?.b64_json;
      const content = base64 ? Buffer.from(base64, 'base64') : undefined;
      if (!content || !content.subarray(0, 8).equals(PNG_SIGNATURE)) {
        throw new HttpError(
          502,
          'image_provider_error',
          'The image service answered without a PNG image.',
        );
      }
      return { format: 'png', content };
    },
  };
}
