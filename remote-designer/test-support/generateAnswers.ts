/** What `GET /creator/generate_image` answers, for the fake fetch of component tests. */
import { jsonResponse } from '@tshirt/tooling/test/fakeFetch';

export const generated = (imageUrl: string, prompt: string): Response =>
  jsonResponse(200, { image_url: imageUrl, prompt });

export const limitReached = (): Response =>
  jsonResponse(429, { image_url: 'too many requests', prompt: '' }, { 'Retry-After': '3600' });
