import type { ArtStyle } from '@tshirt/shared/catalog';
import { renderBlackAndWhite } from './blackAndWhite';
import { renderCartoon } from './cartoon';
import { renderGraffiti } from './graffiti';
import { renderMinimalist } from './minimalist';
import { renderOilPainting } from './oilPainting';
import { renderPhotorealistic } from './photorealistic';
import { renderSketch } from './sketch';
import type { StyleRenderer } from './styleTypes';

export type ConcreteArtStyle = Exclude<ArtStyle, ''>;

/** One visual language per art style in the catalog. */
export const STYLE_RENDERERS: Record<ConcreteArtStyle, StyleRenderer> = {
  Minimalist: renderMinimalist,
  Graffiti: renderGraffiti,
  Cartoon: renderCartoon,
  Sketch: renderSketch,
  Photorealistic: renderPhotorealistic,
  'Oil Painting': renderOilPainting,
  'Black and White': renderBlackAndWhite,
};
