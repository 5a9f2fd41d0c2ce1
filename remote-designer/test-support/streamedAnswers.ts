/**
 * The streamed answer of `GET /creator/generate_image` (an image model drawing), for the fake fetch
 * of component tests: the test sends each event when it wants, as the server would.
 */
import {
  EVENT_STREAM_TYPE,
  formatStreamEvent,
  type GenerationStreamEvent,
} from '@tshirt/shared/generationStream';

export interface StreamedGeneration {
  /** The 200 `text/event-stream` answer to hand to the fake fetch. */
  readonly response: Response;
  partial(image: string, index: number): void;
  /** The final image: the `done` event, then the end of the stream. */
  done(imageUrl: string, prompt: string): void;
  /** The `error` event (a timeout, a refusal…), then the end of the stream. */
  fail(status: number, code: string, message: string): void;
  /** The connection drops before the end. */
  cut(): void;
  /** Settles when the page stops reading before the stream has ended (it gave up or was cancelled). */
  readonly cancelled: Promise<void>;
}

export function streamedGeneration(): StreamedGeneration {
  const bytes = new TextEncoder();
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  let onCancel!: () => void;
  const cancelled = new Promise<void>((resolve) => (onCancel = resolve));
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => void (stream = controller),
    cancel: () => onCancel(),
  });
  const send = (event: GenerationStreamEvent) =>
    stream.enqueue(bytes.encode(formatStreamEvent(event)));
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': EVENT_STREAM_TYPE } }),
    partial: (image, index) => send({ event: 'partial', data: { image, index } }),
    done(imageUrl, prompt) {
      send({ event: 'done', data: { image_url: imageUrl, prompt } });
      stream.close();
    },
    fail(status, code, message) {
      send({ event: 'error', data: { status, error: { code, message } } });
      stream.close();
    },
    cut: () => stream.error(new TypeError('network error')),
    cancelled,
  };
}

/** Small stand-ins for the model's partial pictures. */
export const PARTIAL_PICTURES = [
  'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA=',
  'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAB=',
] as const;
