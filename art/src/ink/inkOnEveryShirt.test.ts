import { ART_STYLES, SHIRT_COLOR_HEX, SHIRT_COLORS } from '@tshirt/shared/catalog';
import { generateArtworkSvg } from '../index';
import type { Prompt } from '../../test/prompts';
import { inkRuleProblems } from './inkRule';
import { measureInk } from './measureInk';

/** Dark, light and mixed palettes, a long name and long phrases, and no colours at all. */
const PALETTE_PROMPTS: ReadonlyArray<[string, Prompt]> = [
  ['dark', { interests: 'jazz saxophone, new orleans', colors: 'navy and black', target: '', occasion: '', objects: '' }],
  ['light', { interests: 'cats, coffee', colors: 'cream, pale yellow and white', target: 'Maximilian Alexander', occasion: 'birthday', objects: 'cat' }],
  ['mixed', { interests: 'golf and fishing', colors: 'red, white and blue', target: 'Grandpa', occasion: 'retirement', objects: '' }],
  ['mid-tone', { interests: 'space, rockets', colors: 'grey, pink', target: '', occasion: '', objects: '' }],
  ['default', { interests: '', colors: '', target: '', occasion: '', objects: '' }],
  ['dark green tagline', { interests: 'fishing and mountains', colors: 'navy and dark green', target: 'my son Leo', occasion: 'birthday', objects: '' }],
];

const STYLES = ART_STYLES.filter((style) => style !== '');

describe('ink on every shirt colour', () => {
  describe.each(STYLES)('%s', (style) => {
    it.each(SHIRT_COLORS)('keeps outlines and lettering at 3:1 and spans 70%% of the width on a %s shirt, for dark, light and mixed palettes', (shirt) => {
      const failures: string[] = [];
      for (const [name, prompt] of PALETTE_PROMPTS) {
        const problems = inkRuleProblems(measureInk(generateArtworkSvg({ ...prompt, style }, 11, shirt), SHIRT_COLOR_HEX[shirt]));
        if (problems.length > 0) failures.push(`${name}: ${problems.join(', ')}`);
      }
      expect(failures).toEqual([]);
    });
  });
});
