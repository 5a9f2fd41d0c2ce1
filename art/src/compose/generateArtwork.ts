/** Ties the engine together: request fields → motifs, palette, lettering → one style's drawing. */
import { DEFAULT_SHIRT_COLOR, type ShirtColor } from '@tshirt/shared/catalog';
import { fabricFor } from '../ink/contrast';
import type { Motif } from '../motifs';
import type { LibraryMotif } from '../library/emojiMotif';
import { buildPalette, parsePalette, type Palette } from '../palette/parsePalette';
import { createRandom, hashString, type Random } from '../random';
import { describeArtwork } from './describe';
import { chooseSubject, subjectMotifs, type Subject } from './subject';
import { STYLE_RENDERERS, type ConcreteArtStyle } from '../styles';
import { CANVAS } from '../styles/styleTypes';
import { Defs, el, escapeXml } from '../svg';
import { composeLettering, type Lettering } from '../typography/lettering';
import { normaliseFields, type ArtFields } from './fields';
import { chooseLayout, pageFor, type PageLayoutName } from '../layouts/pageLayout';
import { writeRecipe } from './recipe';

export { normaliseFields, type ArtFields } from './fields';

/** With no style asked for, themes lean toward a fitting language; the seed has the last word. */
function chooseStyle(motifs: readonly Motif[], keepColors: boolean, random: Random): ConcreteArtStyle {
  const leanings: Record<string, ConcreteArtStyle[]> = {
    animals: ['Cartoon', 'Sketch', 'Oil Painting'],
    nature: ['Oil Painting', 'Sketch', 'Minimalist'],
    sports: ['Graffiti', 'Cartoon', 'Black and White'],
    music: ['Graffiti', 'Black and White', 'Photorealistic'],
    food: ['Cartoon', 'Minimalist', 'Graffiti'],
    travel: ['Minimalist', 'Photorealistic', 'Oil Painting'],
    space: ['Photorealistic', 'Minimalist', 'Graffiti'],
    hobbies: ['Sketch', 'Cartoon', 'Minimalist'],
    holidays: ['Cartoon', 'Oil Painting', 'Black and White'],
  };
  // Colours asked for stay: the engine's own choice is never a style that greys them out.
  const all = (Object.keys(STYLE_RENDERERS) as ConcreteArtStyle[]).filter((style) => !keepColors || style !== 'Black and White');
  const leaning = (motifs[0] ? (leanings[motifs[0].category] ?? all) : all).filter((style) => all.includes(style));
  const preferred = leaning.length > 0 ? leaning : all;
  return random.chance(0.6) ? random.pick(preferred) : random.pick(all);
}

/**
 * The palette to paint with: the colours asked for (their order another arrangement per seed), else
 * the library drawing's own colours, so a cat with no colours asked for is a cat's colours.
 */
function choosePalette(fields: ArtFields, hero: Motif | undefined, random: Random): Palette {
  const asked = parsePalette(fields.colors, random.int(0, 1000));
  if (asked.source === 'words' && asked.colors.length >= 2 && random.chance(0.5)) {
    const [first, second, ...rest] = asked.colors as [string, string, ...string[]];
    return buildPalette([second, first, ...rest], 'words');
  }
  const own = hero && 'ownColors' in hero ? (hero as LibraryMotif).ownColors : undefined;
  if (asked.source !== 'default' || !own) return asked;
  const colors = [own.base, own.second, own.accent].filter((color): color is string => color !== undefined);
  // Too few of its own: the curated palette's colours make up the rest.
  for (const color of asked.colors) if (colors.length < 4 && !colors.includes(color)) colors.push(color);
  return buildPalette(colors, 'default');
}

/** The style a request resolves to for a seed (the empty style lets the engine choose). */
export function resolveStyle(request: Partial<ArtFields>, seed: number): ConcreteArtStyle {
  return planArtwork(normaliseFields(request), seed).style;
}

interface ArtworkPlan {
  style: ConcreteArtStyle;
  random: Random;
  subject: Subject;
  motifs: Motif[];
}

function planArtwork(fields: ArtFields, seed: number): ArtworkPlan {
  // The request is folded into the seed: the same seed with other words is another picture.
  const random = createRandom((Math.floor(seed) ^ hashString(JSON.stringify(fields))) >>> 0);
  const subject = chooseSubject(fields, random.fork('motifs'));
  const motifs = subjectMotifs(subject);
  const style = fields.style === '' ? chooseStyle(motifs, parsePalette(fields.colors).source !== 'default', random.fork('style')) : fields.style;
  return { style, random, subject, motifs };
}

export interface ArtworkOptions {
  /** The shirt the artwork is drawn for: its ink keeps 3:1 contrast against this fabric. */
  shirt?: ShirtColor;
  /** Replaces the words the engine would write (the pre-made designs carry their titles). */
  lettering?: Lettering;
  /** The page layout to use instead of the one the seed picks (contact sheets and tests). */
  layout?: PageLayoutName;
}

export interface Artwork {
  svg: string;
  /** What it shows in a sentence (subject, scene, style, lettering): alt text and returned prompt. */
  description: string;
  /** The shopper's words (objects and interests) nothing could draw, as typed. */
  notUnderstood: string[];
}

/** The artwork for one shirt colour; the same request, seed and shirt always give the same SVG. */
export function composeArtwork(request: Partial<ArtFields>, seed: number, options: ArtworkOptions = {}): Artwork {
  const fields = normaliseFields(request);
  const { style, random, subject, motifs } = planArtwork(fields, seed);
  const palette = choosePalette(fields, subject.hero, random.fork('palette'));
  // Consecutive seeds letter the same request with consecutive slogans: each re-generation reads anew.
  const design = (Math.floor(seed) + hashString(JSON.stringify(fields))) >>> 0;
  // An ornament is no theme: it never names itself in the lettering ("Sparkles Is My Therapy").
  const themes = subject.ornament ? [] : motifs;
  const words = options.lettering ?? composeLettering(fields.target, fields.occasion, fields.interests, themes, design, subject.drawnPhrases);
  const fabric = fabricFor(options.shirt ?? DEFAULT_SHIRT_COLOR);
  const defs = new Defs();
  const styleRandom = random.fork(style);
  const page = pageFor(options.layout ?? chooseLayout(random.fork('layout')));
  const body = STYLE_RENDERERS[style]({
    random: styleRandom,
    palette,
    subject,
    motifs,
    lettering: words,
    unknownWords: subject.undrawn,
    defs,
    fabric,
    page,
  });
  const description = describeArtwork(subject, style, words);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CANVAS.width} ${CANVAS.height}" width="${CANVAS.width}" height="${CANVAS.height}" data-layout="${page.layout}">` +
    el('title', {}, escapeXml(description)) +
    writeRecipe({ seed: Math.floor(seed), fields, lettering: options.lettering }) +
    defs.render() +
    body +
    '</svg>';
  return { svg, description, notUnderstood: [...subject.undrawn] };
}

export function generateArtwork(request: Partial<ArtFields>, seed: number, options: ArtworkOptions = {}): string {
  return composeArtwork(request, seed, options).svg;
}
