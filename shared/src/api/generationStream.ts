/**
 * The streamed answer of `GET /creator/generate_image` for a client that accepts
 * `text/event-stream`: while an image model draws, one `partial` event per partial image, then
 * exactly one `done` (the same body as the JSON answer) or one `error` (the JSON error body with
 * the HTTP status it would have had). The server answers plain JSON instead whenever nothing is
 * streamed (the built-in engine, a refusal before the model starts, the daily limit).
 */
import type { ApiErrorBody, GenerateImageResponse } from '../types';

export const EVENT_STREAM_TYPE = 'text/event-stream';

export interface PartialImageEvent {
  event: 'partial';
  /** A small preview of the picture so far, as a `data:image/webp;base64,…` URL. */
  data: { image: string; index: number };
}

export interface GenerationDoneEvent {
  event: 'done';
  data: GenerateImageResponse;
}

export interface GenerationErrorEvent {
  event: 'error';
  data: ApiErrorBody & { status: number };
}

export type GenerationStreamEvent = PartialImageEvent | GenerationDoneEvent | GenerationErrorEvent;

/** One event in the stream's wire form. */
export function formatStreamEvent({ event, data }: GenerationStreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
