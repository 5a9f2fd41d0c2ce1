import { PREMADE_DESIGNS } from '@tshirt/shared';
import type { GeneratedDesign } from '../design-history/generatedDesigns';

export interface GalleryItem {
  /** The artwork's URL, which is also what selecting the item puts on the shirt. */
  imageUrl: string;
  title: string;
  kind: 'generated' | 'premade';
  /** A generated design's prompt; empty for a pre-made one. */
  prompt: string;
}

/** A generated design's name: its place in the visit, first generated is 1. */
export const generatedDesignTitle = (number: number) => `Your design ${number}`;

/** The row's contents: this visit's generated designs, newest first, then the pre-made designs. */
export function galleryItems(generated: readonly GeneratedDesign[]): GalleryItem[] {
  const mine = generated.map((design, index): GalleryItem => ({
    imageUrl: design.imageUrl,
    title: generatedDesignTitle(index + 1),
    kind: 'generated',
    prompt: design.prompt,
  }));
  const premade = PREMADE_DESIGNS.map((design): GalleryItem => ({
    imageUrl: design.imagePath,
    title: design.title,
    kind: 'premade',
    prompt: '',
  }));
  return [...mine.reverse(), ...premade];
}
