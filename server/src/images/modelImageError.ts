import { HttpError } from '../http/httpError';

/**
 * An image model's answer that cannot be used (not a picture, the wrong size, nothing in it): a
 * 502 like any other failure of the model. Apart from modelImage.ts so that a store without a
 * model never opens the image library.
 */
export class ModelImageError extends HttpError {
  constructor(
    message = 'The image service sent a picture that could not be used. Please try again.',
  ) {
    super(502, 'image_provider_error', message);
    this.name = 'ModelImageError';
  }
}
