import { wordTable } from './dictionary';
/** Turns the free-text colour field into a harmonious palette the styles paint with. */
import { adjust, darken, hexToHsl, hslToHex, isGrey, lighten, luminance } from './color';
import { CSS_COLOR_NAMES, EVERYDAY_COLOR_NAMES } from './cssColorNames';
import { DEFAULT_PALETTES, MOOD_PALETTES, MOOD_SYNONYMS } from './moods';

export interface Palette {
  /** The colours in order of importance (at least four). */
  colors: string[];
  primary: string;
  secondary: string;
  accent: string;
  /** A deep colour in the palette's hue for outlines and lettering. */
  ink: string;
  /** A near-white in the palette's hue for highlights. */
  light: string;
  /** What shaped the palette. */
  source: 'words' | 'mood' | 'default';
}

/** Pure CSS primaries are harsh on fabric; these everyday words get designer-tuned shades. */
const FRIENDLY_BASICS: Readonly<Record<string, string>> = wordTable({
  red: '#e63946', blue: '#2f6fdb', green: '#2a9d5c', yellow: '#ffd23f', orange: '#ff8c42',
  purple: '#7b4bb7', pink: '#ff8fab', brown: '#8d5a3b',
});

const MODIFIERS: Readonly<Record<string, (hex: string) => string>> = wordTable({
  pastel: (hex) => adjust(hex, { l: Math.max(0.78, hexToHsl(hex).l), s: Math.min(0.75, hexToHsl(hex).s) }),
  neon: (hex) => (isGrey(hex) ? hex : adjust(hex, { s: 1, l: 0.55 })),
  dark: (hex) => darken(hex, 0.18),
  deep: (hex) => darken(hex, 0.15),
  light: (hex) => lighten(hex, 0.18),
  pale: (hex) => lighten(hex, 0.25),
  muted: (hex) => adjust(hex, { ds: -0.35 }),
  dusty: (hex) => adjust(hex, { ds: -0.3, dl: 0.05 }),
  bright: (hex) => adjust(hex, { ds: 0.2 }),
});

const MODIFIER_SYNONYMS: Readonly<Record<string, string>> = wordTable({
  pastels: 'pastel', soft: 'pastel', baby: 'pastel', neons: 'neon', electric: 'neon', fluorescent: 'neon',
  vivid: 'bright',
});

function lookUpColorName(name: string): string | undefined {
  return FRIENDLY_BASICS[name] ?? CSS_COLOR_NAMES[name] ?? EVERYDAY_COLOR_NAMES[name];
}

function expandHex(token: string): string | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(token);
  if (!match || (!token.startsWith('#') && !/\d/.test(token))) return undefined;
  const digits = (match[1] as string).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

interface ReadWords {
  named: string[];
  /** The words as the shopper wrote them, one per entry of `named`. */
  names: string[];
  moods: string[];
  modifiers: string[];
}

function readWords(text: string): ReadWords {
  const tokens = text.toLowerCase().match(/#?[a-z0-9']+/g) ?? [];
  const result: ReadWords = { named: [], names: [], moods: [], modifiers: [] };
  let index = 0;
  while (index < tokens.length) {
    // Longest run first, so "light sea green" beats "light" + "sea" + "green".
    let consumed = 0;
    for (let length = Math.min(3, tokens.length - index); length >= 1 && consumed === 0; length -= 1) {
      const joined = tokens.slice(index, index + length).join('').replace(/'/g, '');
      const hex = length === 1 ? expandHex(joined) : undefined;
      const named = hex ?? (length > 1 || !MODIFIERS[joined] ? lookUpColorName(joined) : undefined);
      if (named) {
        result.named.push(named);
        result.names.push(tokens.slice(index, index + length).join(' '));
        consumed = length;
      } else if (length === 1) {
        const mood = MOOD_PALETTES[joined] ? joined : MOOD_SYNONYMS[joined];
        const modifier = MODIFIERS[joined] ? joined : MODIFIER_SYNONYMS[joined];
        if (modifier) result.modifiers.push(modifier);
        if (mood) result.moods.push(mood);
        if (!modifier && !mood) {
          const singular = joined.replace(/s$/, '');
          const pluralNamed = singular !== joined ? lookUpColorName(singular) : undefined;
          if (pluralNamed) {
            result.named.push(pluralNamed);
            result.names.push(joined);
          }
        }
        consumed = 1;
      }
    }
    index += Math.max(consumed, 1);
  }
  return result;
}

/**
 * Fills a palette out to four colours with lighter and darker shades of the colours asked for:
 * never a hue nobody asked for.
 */
function completeColors(colors: string[]): string[] {
  const unique = [...new Set(colors)];
  const chromatic = unique.filter((hex) => hexToHsl(hex).s > 0.08);
  const completed = [...unique];
  if (chromatic.length === 0) {
    // Only neutrals asked for: stay neutral.
    for (const l of [0.1, 0.35, 0.6, 0.85]) if (completed.length < 4) completed.push(hslToHex({ h: 0, s: 0, l }));
    return [...new Set(completed)];
  }
  for (const change of [0.2, -0.2, 0.35, -0.35, 0.5, -0.5]) {
    for (const hex of chromatic) {
      const lightness = hexToHsl(hex).l + change;
      if (lightness < 0.1 || lightness > 0.92) continue;
      const shade = adjust(hex, { l: lightness });
      if (completed.length < 4 && !completed.includes(shade)) completed.push(shade);
    }
  }
  return completed;
}

export function buildPalette(colors: string[], source: Palette['source']): Palette {
  const [primary, secondary, accent] = colors as [string, string, string];
  const anchor = hexToHsl(colors.find((hex) => !isGrey(hex)) ?? primary);
  const neutral = colors.every((hex) => hexToHsl(hex).s <= 0.08);
  const darkest = [...colors].sort((a, b) => luminance(a) - luminance(b))[0] as string;
  const ink = neutral ? '#111111' : luminance(darkest) < 0.03 ? darkest : hslToHex({ h: anchor.h, s: 0.45, l: 0.12 });
  const light = neutral ? '#f5f5f5' : hslToHex({ h: anchor.h, s: 0.6, l: 0.96 });
  return { colors, primary, secondary, accent, ink, light, source };
}

/**
 * Reads CSS colour names, hex codes and mood words (pastel, neon, earthy, ocean, sunset, forest…).
 * An empty or colourless field gives one of the curated defaults (defaultIndex picks which).
 */
export function parsePalette(text: string, defaultIndex = 0): Palette {
  const words = readWords(text ?? '');
  const modify = (hex: string) => words.modifiers.reduce((value, name) => MODIFIERS[name]?.(value) ?? value, hex);
  if (words.named.length > 0) {
    const moodExtras = words.moods.flatMap((mood) => MOOD_PALETTES[mood] ?? []);
    const colors = completeColors([...words.named, ...moodExtras].slice(0, 5).map(modify));
    return buildPalette(colors, 'words');
  }
  if (words.moods.length > 0) {
    const [firstMood, ...otherMoods] = words.moods;
    const base = [...(MOOD_PALETTES[firstMood as string] ?? [])];
    const blended = otherMoods.length > 0 ? [...base.slice(0, 3), ...(MOOD_PALETTES[otherMoods[0] as string] ?? []).slice(0, 2)] : base;
    const modifiers = words.modifiers.filter((name) => name !== firstMood);
    const colors = blended.map((hex) => modifiers.reduce((value, name) => MODIFIERS[name]?.(value) ?? value, hex));
    return buildPalette(colors, 'mood');
  }
  const curated = DEFAULT_PALETTES[Math.abs(Math.floor(defaultIndex)) % DEFAULT_PALETTES.length] as readonly string[];
  if (words.modifiers.length > 0) return buildPalette(curated.map(modify), 'mood');
  return buildPalette([...curated], 'default');
}

/** A colour the shopper asked for by name, hex code or mood word. */
export interface ChosenColor {
  name: string;
  /** The shades it stands for (one for a colour, a few for a mood such as "pastel"). */
  shades: string[];
}

/** The colours the shopper typed, as they typed them (modifiers such as "pastel blue" applied). */
export function chosenColors(text: string): ChosenColor[] {
  const words = readWords(text ?? '');
  const modify = (hex: string) => words.modifiers.reduce((value, name) => MODIFIERS[name]?.(value) ?? value, hex);
  const named = words.named.map((hex, index) => ({ name: words.names[index] ?? hex, shades: [modify(hex)] }));
  const moods = words.named.length > 0 ? [] : words.moods.map((mood) => ({ name: mood, shades: (MOOD_PALETTES[mood] ?? []).slice(0, 4).map(modify) }));
  return [...named, ...moods];
}
