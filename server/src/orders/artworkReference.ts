/**
 * Which artwork an order may carry: only an image this product generated or one of its pre-made
 * designs, named by a same-origin path or by an absolute URL on PUBLIC_URL's origin. Nothing else.
 */
import {
  GENERATED_IMAGE_PATH_PREFIX,
  PREMADE_DESIGNS,
  PREMADE_DESIGN_PATH_PREFIX,
} from '@tshirt/shared/catalog';
import type { ImageFormat } from '../images/imagesRepository';

export type ArtworkReference =
  | { kind: 'generated'; id: string; format: ImageFormat; path: string }
  | { kind: 'premade'; id: string; path: string };

const GENERATED_PATH = new RegExp(
  `^${GENERATED_IMAGE_PATH_PREFIX}([A-Za-z0-9_-]{16})\\.(svg|png)$`,
);
const PREMADE_PATH = new RegExp(`^${PREMADE_DESIGN_PATH_PREFIX}([a-z0-9-]{1,64})\\.svg$`);

/** Parses `imageURL`; undefined when it is not one of ours (the caller still checks the id exists). */
export function parseArtworkReference(
  imageURL: string,
  publicUrl: string,
): ArtworkReference | undefined {
  const publicOrigin = new URL(publicUrl).origin;
  const isPath = imageURL.startsWith('/') && !imageURL.startsWith('//');
  let url: URL;
  try {
    url = isPath ? new URL(imageURL, publicOrigin) : new URL(imageURL);
  } catch {
    return undefined;
  }
  if (
    url.origin !== publicOrigin ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username ||
    url.password
  ) {
    return undefined;
  }
  // The parsed path must be exactly what was written (no `..`, `\`, or percent-encoded tricks).
  if (isPath && url.pathname !== imageURL) return undefined;

  const generated = GENERATED_PATH.exec(url.pathname);
  if (generated) {
    const [path, id, format] = generated as unknown as [string, string, ImageFormat];
    return { kind: 'generated', id, format, path };
  }
  const premade = PREMADE_PATH.exec(url.pathname);
  if (premade && PREMADE_DESIGNS.some((design) => design.id === premade[1])) {
    return { kind: 'premade', id: premade[1] as string, path: url.pathname };
  }
  return undefined;
}
