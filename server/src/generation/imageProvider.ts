/** Where artwork comes from: the built-in engine or an image model, behind one interface. */
import type { ArtFields } from '@tshirt/shared/schemas';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import { HttpError } from '../http/httpError';
import type { ImageFormat } from '../images/imagesRepository';

export interface GeneratedImage {
  format: ImageFormat;
  content: Buffer;
  /** The provider wrote `content` to the file `saveAs` named. */
  saved?: boolean;
  /** How the picture's colours fare on each shirt, for a picture printed as drawn (a model's). */
  advice?: ArtworkShirtAdvice;
  /** The shopper's words the picture could not show (the built-in engine's; a model draws any). */
  notUnderstood?: string[];
}

export interface GenerateOptions {
  /**
   * Where the images repository keeps this image's content as a file of that format (undefined:
   * in its row). A provider may write it there itself, off the event loop; the repository writes
   * it otherwise.
   */
  saveAs?(format: ImageFormat): string | undefined;
  /** The shopper left: stop, and reject with GenerationCancelledError. */
  signal?: AbortSignal;
  /** Each partial image the model sends while it draws (as it sent it). */
  onPartialImage?(image: Buffer, index: number): void;
  /** The model's final image has arrived (it is then checked and cleaned before it is answered). */
  onFinalImage?(): void;
  /**
   * The call reached the model and may be billed to the owner (it was sent, and neither failed to
   * connect nor was answered with an error status): the generation counts, kept or not.
   */
  onCallCharged?(): void;
}

/** The shopper went away before the image was ready: nothing is kept. */
export class GenerationCancelledError extends HttpError {
  constructor() {
    super(499, 'generation_cancelled', 'The generation was cancelled.');
    this.name = 'GenerationCancelledError';
  }
}

export interface ImageProvider {
  readonly name: 'builtin' | 'openai';
  /** Whether generate() calls onPartialImage (an answer worth streaming). */
  readonly streamsPartialImages: boolean;
  generate(request: ArtFields, options?: GenerateOptions): Promise<GeneratedImage>;
}
