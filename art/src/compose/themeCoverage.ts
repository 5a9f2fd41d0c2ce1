/**
 * How many of the popular t-shirt themes (art/themes/popular-themes.json) the engine draws: a
 * theme counts when the main subject it picks for those words is one of the theme's motifs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRandom } from '../random';
import { normaliseFields } from './fields';
import { chooseSubject } from './subject';

export interface PopularTheme {
  theme: string;
  category: string;
  /** Drawing ids (the library's icon names, or the engine's own motifs) that count as its main subject. */
  expect: string[];
}

/** The engine's theme lists, found from the package (the engine may run from a bundle elsewhere). */
const THEMES_DIRECTORY = path.join(
  path.dirname(require.resolve('@tshirt/art/package.json')),
  'themes',
);

export const POPULAR_THEMES_FILE = path.join(THEMES_DIRECTORY, 'popular-themes.json');
/** Uncommon themes, 20 of them in Spanish, German, French, Japanese and Portuguese. */
export const UNCOMMON_THEMES_FILE = path.join(THEMES_DIRECTORY, 'uncommon-themes.json');

export function readPopularThemes(file = POPULAR_THEMES_FILE): PopularTheme[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { themes: PopularTheme[] }).themes;
}

export function readUncommonThemes(): PopularTheme[] {
  return readPopularThemes(UNCOMMON_THEMES_FILE);
}

export interface ThemeCoverage {
  total: number;
  drawn: number;
  /** The themes whose main subject is missing or another motif, with what was drawn instead. */
  missed: Array<{ theme: string; drew: string }>;
}

export function measureThemeCoverage(
  themes: readonly PopularTheme[] = readPopularThemes(),
): ThemeCoverage {
  const missed: ThemeCoverage['missed'] = [];
  for (const theme of themes) {
    const subject = chooseSubject(normaliseFields({ interests: theme.theme }), createRandom(1), {
      variants: false,
    });
    const hero = subject.ornament ? undefined : subject.hero;
    if (!hero || !theme.expect.includes(hero.id))
      missed.push({ theme: theme.theme, drew: hero?.id ?? '(lettering only)' });
  }
  return { total: themes.length, drawn: themes.length - missed.length, missed };
}
