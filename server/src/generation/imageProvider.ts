/** Where artwork comes from: the built-in engine or an image model, behind one interface. */
import type { ArtRequest } from '@tshirt/art';
import type { ImageFormat } from '../images/imagesRepository';

export interface GeneratedImage {
  format: ImageFormat;
  content: Buffer;
  /** The provider wrote `content` to the file `saveAs` named. */
  saved?: boolean;
}

export interface GenerateOptions {
  /**
   * Where the images repository keeps this image's content as a file of that format (undefined:
   * in its row). A provider may write it there itself, off the event loop; the repository writes
   * it otherwise.
   */
  saveAs?(format: ImageFormat): string | undefined;
}

export interface ImageProvider {
  readonly name: 'builtin' | 'openai';
  generate(request: ArtRequest, prompt: string, options?: GenerateOptions): Promise<GeneratedImage>;
}
