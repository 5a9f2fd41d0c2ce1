import OpenAI from 'openai';
import type { ArtFields } from '@tshirt/shared/schemas';
import type { ImageProviderConfig } from '../config';
import { HttpError } from '../http/httpError';
import { ModelImageError } from '../images/modelImageError';
import type { ModelImageCheck } from '../rendering/printRenderPool';
import {
  GenerationCancelledError,
  type GenerateOptions,
  type ImageProvider,
} from './imageProvider';
import { buildModelPrompt } from './prompt';

type OpenAiSettings = Extract<ImageProviderConfig, { kind: 'openai' }>;

/** Portrait sizes closest to the 12 × 16 in print area that each model family accepts. */
function requestOptionsFor(model: string): Partial<OpenAI.Images.ImageGenerateParams> {
  if (model.startsWith('dall-e-3')) return { size: '1024x1792', response_format: 'b64_json' };
  if (model.startsWith('dall-e')) return { size: '1024x1024', response_format: 'b64_json' };
  return { size: '1024x1536', background: 'transparent', output_format: 'png' };
}

/** Only the GPT image models stream partial images; DALL·E answers once. */
const streams = (model: string) => !model.startsWith('dall-e');

/** The error codes an OpenAI-compatible API gives a request refused for what it asks to draw. */
const REFUSAL_CODES = new Set(['moderation_blocked', 'content_policy_violation', 'content_filter']);

export const REFUSED_MESSAGE =
  'The image service would not draw this request. Change the words in your themes, objects, ' +
  'recipient or occasion (leave out real people, brands and anything violent or adult) and try again.';

function isRefusal(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError)) return false;
  const code = typeof error.code === 'string' ? error.code : '';
  const type = typeof error.type === 'string' ? error.type : '';
  return (
    REFUSAL_CODES.has(code) ||
    (error.status === 400 && type === 'image_generation_user_error') ||
    /safety system/i.test(error.message)
  );
}

const timedOut = () =>
  new HttpError(
    504,
    'image_provider_timeout',
    'The image service took too long. Please try again.',
  );

/** What the shopper and the owner are told about a failed call (never the provider's own words). */
function failure(error: unknown, log: OpenAiProviderOptions['log']): HttpError {
  // Shown under Interests, the words that say what to draw (the service names no field).
  if (isRefusal(error)) return new HttpError(400, 'image_refused', REFUSED_MESSAGE, {}, 'interests');
  if (error instanceof OpenAI.APIConnectionTimeoutError) return timedOut();
  const status = error instanceof OpenAI.APIError ? error.status : undefined;
  log?.warn(
    { status, message: error instanceof Error ? error.message : String(error) },
    'the image service failed',
  );
  return new HttpError(
    502,
    'image_provider_error',
    `The image service is not answering properly${status ? ` (HTTP ${status})` : ''}. Please try again in a minute.`,
  );
}

function decoded(base64: unknown): Buffer {
  if (typeof base64 !== 'string' || base64 === '') {
    throw new ModelImageError('The image service answered without an image.');
  }
  return Buffer.from(base64, 'base64');
}

/**
 * Whether a failed call cost nothing: the provider could not be reached, or answered an error
 * status (a refusal, a 429, a 5xx), before any of its answer arrived. A call sent that then timed
 * out or was cancelled may still be drawn and billed.
 */
function turnedAway(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true;
  return error instanceof OpenAI.APIError && error.status !== undefined;
}

/** Past our own deadline: the SDK's time-out and the hold of the picture check's place, backstops. */
const BACKSTOP_MS = 1_000;

export interface OpenAiProviderOptions {
  /** Holds the place of the model picture's check (on the print render pool) for `holdMs` at most. */
  reservePictureCheck(holdMs: number): ModelImageCheck;
  log?: { warn(details: object, message: string): void };
}

/**
 * An OpenAI-compatible image API; a refusal is a 400, failures 502 and time-outs 504 JSON errors.
 * The picture check's place is held before the model is called: a full pool is a 503 that costs
 * nothing, never a picture paid for and thrown away.
 */
export function createOpenAiImageProvider(
  settings: OpenAiSettings,
  { reservePictureCheck, log }: OpenAiProviderOptions,
): ImageProvider {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // Our own timer below decides; this is only a backstop.
    timeout: settings.timeoutMs + BACKSTOP_MS,
    // One try: the shopper is waiting, and each try may be billed.
    maxRetries: 0,
  });
  const streamsPartialImages = streams(settings.model) && settings.partialImages > 0;

  /** The model's final picture; says through onCallCharged when the call may be billed. */
  async function draw(request: ArtFields, options: GenerateOptions): Promise<Buffer> {
    if (options.signal?.aborted) throw new GenerationCancelledError();
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), settings.timeoutMs);
    const signal = options.signal
      ? AbortSignal.any([deadline.signal, options.signal])
      : deadline.signal;
    const params = {
      model: settings.model,
      prompt: buildModelPrompt(request),
      n: 1,
      ...requestOptionsFor(settings.model),
    };
    let answered = false;
    let image: Buffer;
    try {
      // Partial images cost the model's time and tokens: asked for only when someone watches.
      if (streamsPartialImages && options.onPartialImage) {
        const stream = await client.images.generate(
          {
            ...params,
            stream: true,
            partial_images: settings.partialImages,
          } as OpenAI.Images.ImageGenerateParamsStreaming,
          { signal },
        );
        answered = true;
        let final: string | undefined;
        for await (const event of stream) {
          if (event.type === 'image_generation.partial_image') {
            options.onPartialImage?.(decoded(event.b64_json), event.partial_image_index);
          } else if (event.type === 'image_generation.completed') {
            final = event.b64_json;
          }
        }
        // A stream cut short by an abort ends quietly in the SDK.
        if (signal.aborted) throw new OpenAI.APIUserAbortError();
        image = decoded(final);
      } else {
        const response = await client.images.generate(
          params as OpenAI.Images.ImageGenerateParamsNonStreaming,
          { signal },
        );
        answered = true;
        image = decoded(response.data?.[0]?.b64_json);
      }
    } catch (error) {
      if (answered || !turnedAway(error)) options.onCallCharged?.();
      if (options.signal?.aborted) throw new GenerationCancelledError();
      if (deadline.signal.aborted) throw timedOut();
      if (error instanceof ModelImageError) throw error;
      throw failure(error, log);
    } finally {
      clearTimeout(timer);
    }
    options.onCallCharged?.();
    return image;
  }

  return {
    name: 'openai',
    streamsPartialImages,
    async generate(request, options = {}) {
      const check = reservePictureCheck(settings.timeoutMs + BACKSTOP_MS);
      try {
        const image = await draw(request, options);
        options.onFinalImage?.();
        const prepared = await check.prepare(image);
        return { format: 'png', content: prepared.png, advice: prepared.advice };
      } finally {
        check.release();
      }
    },
  };
}
