import { CANVAS } from './styleTypes';
import { layoutScene, sceneBounds } from './scene';
import { chooseSubject } from '../compose/subject';
import { normaliseFields } from '../compose/fields';
import { readPopularThemes } from '../compose/themeCoverage';
import { PAGE_LAYOUTS, pageFor } from '../layouts/pageLayout';
import { createRandom } from '../random';
import { generateArtwork } from '../compose/generateArtwork';
import { subjectSpan } from '../ink/subjectSpan';
import type { ArtStyle } from '@tshirt/shared/catalog';

const STYLES: ReadonlyArray<Exclude<ArtStyle, ''>> = ['Minimalist', 'Graffiti', 'Cartoon', 'Sketch', 'Photorealistic', 'Oil Painting', 'Black and White'];

/** Every popular theme alone, with the theme 37 further on, and with the themes 71 and 113 further on. */
function popularRequests(): string[] {
  const themes = readPopularThemes().map(({ theme }) => theme);
  return themes.flatMap((theme, index) => [
    theme,
    `${theme}, ${themes[(index + 37) % themes.length]}`,
    `${theme}, ${themes[(index + 71) % themes.length]} and ${themes[(index + 113) % themes.length]}`,
  ]);
}

describe('scene', () => {
  it('spans 60% of the print area, wide or tall, for every popular theme alone, in pairs and in threes, whatever the area, page and border', () => {
    // The styles' scene areas lie within these: centres 570–650, sides 840–980, borders 0–22 units.
    const areas = [
      { x: 600, y: 570, size: 840, border: 22 },
      { x: 600, y: 650, size: 880, border: 0 },
      { x: 600, y: 590, size: 980, border: 17 },
    ];
    const small: string[] = [];
    popularRequests().forEach((interests, index) => {
      for (const seed of [1 + (index % 3)]) {
        const subject = chooseSubject(normaliseFields({ interests }), createRandom(seed * 7919 + index));
        for (const layout of PAGE_LAYOUTS) {
          const area = { ...areas[(index + seed) % areas.length]!, top: pageFor(layout).sceneTop };
          const bounds = sceneBounds(layoutScene(subject, area, createRandom(seed + index)));
          const span = Math.max((bounds.right - bounds.left) / CANVAS.width, (bounds.bottom - bounds.top) / CANVAS.height);
          if (span < 0.6) small.push(`${interests} (${layout}, seed ${seed}): ${(span * 100).toFixed(0)}%`);
          if (bounds.top < area.top - 0.5) small.push(`${interests} (${layout}, seed ${seed}): reaches ${Math.round(area.top - bounds.top)} above the page's top`);
        }
      }
    });
    expect(small).toEqual([]);
  });

  it('draws thin and sparse subjects, rendered, across 60% of the print area in every style and layout', () => {
    // A violin and a tulip are tall and thin; a boxing glove fills little of its box; a pawn under a galaxy leaves the scene's corner empty.
    const requests = ['violin', 'flowers', 'boxing', 'chess, galaxy'];
    const small: string[] = [];
    STYLES.forEach((style, styleIndex) => {
      PAGE_LAYOUTS.forEach((layout, layoutIndex) => {
        const interests = requests[(styleIndex + layoutIndex) % requests.length]!;
        const span = subjectSpan(generateArtwork({ interests, style }, 11 + layoutIndex, { layout }));
        if (span < 0.6) small.push(`${style}, ${layout}, ${interests}: ${(span * 100).toFixed(0)}%`);
      });
    });
    expect(small).toEqual([]);
  });
});
