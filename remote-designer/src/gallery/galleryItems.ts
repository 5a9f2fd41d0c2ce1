import { PREMADE_DESIGNS } from '@tshirt/shared';

export interface GalleryItem {
  /** The artwork's URL, which is also what selecting the item puts on the shirt. */
  imageUrl: string;
  title: string;
  kind: 'generated' | 'premade';
}

export const GENERATED_DESIGN_TITLE = 'Your generated design';

/** The row's contents: the last generated image first (when there is one), then the pre-made designs. */
export function galleryItems(lastGeneratedUrl: string): GalleryItem[] {
  const premade = PREMADE_DESIGNS.map(
    (design): GalleryItem => ({ imageUrl: design.imagePath, title: design.title, kind: 'premade' }),
  );
  if (lastGeneratedUrl === '') return premade;
  return [{ imageUrl: lastGeneratedUrl, title: GENERATED_DESIGN_TITLE, kind: 'generated' }, ...premade];
}
