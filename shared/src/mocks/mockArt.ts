/**
 * What the mocked API draws with: the art engine's browser entry on a dev page (the same artwork
 * the store draws), or, where none is given (component tests), a plain stand-in that is quick and
 * still an SVG the preview and the gallery can show.
 */
import { PREMADE_DESIGNS, SHIRT_COLORS, type ShirtColor } from '../catalog';
import type { ArtFields, ArtworkShirtAdvice } from '../types';

/** The art engine's surface the mocks use (`@tshirt/art/browser` implements it). */
export interface MockArtEngine {
  createArtwork(
    fields: ArtFields,
    seed: number,
    shirt?: ShirtColor,
  ): { svg: string; description: string; notUnderstood?: string[] };
  /** The same artwork drawn for another shirt colour; undefined for an SVG the engine did not make. */
  artworkSvgForShirt(svg: string, shirt: ShirtColor): string | undefined;
  shirtAdviceForArtwork(svg: string): ArtworkShirtAdvice | undefined;
  premadeDesignSvg(id: string, shirt?: ShirtColor): string | undefined;
}

const HUES = [262, 18, 200, 330, 28, 350, 140, 230];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function standInSvg(title: string, subtitle: string, seed: number): string {
  const hue = HUES[seed % HUES.length] ?? 262;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400">` +
    `<title>${escapeXml(title)}</title>` +
    `<circle cx="150" cy="160" r="110" fill="hsl(${hue} 70% 55%)"/>` +
    `<text x="150" y="330" text-anchor="middle" font-family="sans-serif" font-size="28" font-weight="700" fill="hsl(${hue} 80% 80%)">${escapeXml(title.slice(0, 18))}</text>` +
    `<text x="150" y="365" text-anchor="middle" font-family="sans-serif" font-size="16" fill="hsl(${hue} 60% 75%)">${escapeXml(subtitle.slice(0, 30))}</text>` +
    `</svg>`
  );
}

/** The stand-in: one drawing for every shirt, no advice to give. */
export const standInArtEngine: MockArtEngine = {
  createArtwork(fields, seed) {
    const subject = fields.interests.trim() || fields.objects.trim() || 'Your design';
    const style = fields.style || 'Any style';
    return {
      svg: standInSvg(subject, style, seed),
      description: `${subject}, ${style.toLowerCase()} (mocked artwork)`,
    };
  },
  artworkSvgForShirt: (svg) => svg,
  shirtAdviceForArtwork: () => ({ faintColors: {}, suggestedShirts: [...SHIRT_COLORS] }),
  premadeDesignSvg(id) {
    const index = PREMADE_DESIGNS.findIndex((design) => design.id === id);
    const design = PREMADE_DESIGNS[index];
    return design && standInSvg(design.title, 'Pre-made design', index);
  },
};
