/**
 * The engine in a browser: the same artwork as the server draws, for pages that have no server to
 * ask (a remote's dev server answering from mocks). Its fonts are fetched once, first; nothing here
 * renders print files (those need the server's rasteriser). It has no illustration library (its
 * megabytes stay on the server): subjects are drawn with the engine's own motifs.
 */
import type { ShirtColor } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';
import type { ArtworkShirtAdvice } from '@tshirt/shared/types';
import { composeArtwork, generateArtwork, type Artwork } from './compose/generateArtwork';
import { readRecipe } from './compose/recipe';
import { shirtAdvice } from './ink/shirtAdvice';
import { premadeDesign } from './premade/premadeDesigns';
import { provideFontFile } from './typography/fontFiles.browser';
import { FONT_FILES } from './typography/fonts';

export interface BrowserArtEngine {
  /** The artwork and what it shows (index.ts `createArtwork`). */
  createArtwork(request: ArtFields, seed: number, shirt?: ShirtColor): Artwork;
  /** The same artwork for another shirt colour; undefined for an SVG this engine did not make. */
  artworkSvgForShirt(svg: string, shirt: ShirtColor): string | undefined;
  shirtAdviceForArtwork(svg: string): ArtworkShirtAdvice | undefined;
  premadeDesignSvg(id: string, shirt?: ShirtColor): string | undefined;
}

const engine: BrowserArtEngine = {
  createArtwork: (request, seed, shirt) => composeArtwork(request, seed, { shirt }),
  artworkSvgForShirt(svg, shirt) {
    const recipe = readRecipe(svg);
    return (
      recipe && generateArtwork(recipe.fields, recipe.seed, { shirt, lettering: recipe.lettering })
    );
  },
  shirtAdviceForArtwork(svg) {
    const recipe = readRecipe(svg);
    return recipe && shirtAdvice(recipe.fields.colors);
  },
  premadeDesignSvg: (id, shirt) => premadeDesign(id, shirt),
};

/** The engine, once every font file is fetched from `fontsUrl` (a folder's URL, ending in `/`). */
export async function loadBrowserArtEngine(fontsUrl: string): Promise<BrowserArtEngine> {
  await Promise.all(
    FONT_FILES.map(async (file) => {
      const response = await fetch(new URL(file, fontsUrl));
      if (!response.ok)
        throw new Error(`The art engine's font ${file} did not load (HTTP ${response.status})`);
      provideFontFile(file, new Uint8Array(await response.arrayBuffer()));
    }),
  );
  return engine;
}
