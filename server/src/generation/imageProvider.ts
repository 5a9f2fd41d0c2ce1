/** Where artwork comes from: the built-in engine or an image model, behind one interface. */
import type { ArtRequest } from '@tshirt/art';
import type { ImageFormat } from '../images/imagesRepository';

export interface GeneratedImage {
  format: ImageFormat;
  content: Buffer;
}

export interface ImageProvider {
  readonly name: 'builtin' | 'openai';
  generate(request: ArtRequest, prompt: string): Promise<GeneratedImage>;
}
