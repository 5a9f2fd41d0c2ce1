/**
 * Renders the contact sheet of thirty multi-interest requests (each in the next art style, on Black
 * and White shirts) to docs/art-sheet.png. Run with `npm run art:sheet` (or `-w art`).
 * `--styles` renders every style for the same four requests to docs/art-sheet-styles.png;
 * `--regenerate` renders one request re-generated four times to docs/art-sheet-regenerate.png;
 * `--layouts` renders every style in every page layout for one request to docs/art-sheet-layouts.png;
 * `--large` renders every style in every page layout for thin and sparse subjects (grown to span the
 * print area) to docs/art-sheet-large.png;
 * `--premade` renders the eight pre-made designs on every shirt colour to .tmp/premade-sheet.png.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ART_STYLES, PREMADE_DESIGNS, SHIRT_COLOR_HEX, SHIRT_COLORS, type ArtStyle, type ShirtColor } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';
import { generateArtwork } from '../compose/generateArtwork';
import { generateArtworkSvg, premadeDesignSvg } from '../index';
import { PAGE_LAYOUTS } from '../layouts/pageLayout';
import { renderSvgToPng } from '../print/renderPrintPng';
import { composeContactSheet, type SheetRow } from './contactSheet';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Thirty requests a shopper might type (some in other languages, some the library lacks), each drawn in the next style in turn. */
const REQUESTS: ReadonlyArray<Omit<ArtFields, 'style' | 'objects'>> = [
  { interests: 'fishing and mountains', colors: 'forest green, gold', target: 'Grandpa', occasion: 'retirement' },
  { interests: 'dinosaurs, tacos', colors: 'teal and coral', target: 'my son Leo', occasion: 'birthday' },
  { interests: 'motorcycles, open road, route 66', colors: 'red, black', target: 'Dad', occasion: "father's day" },
  { interests: 'lighthouse, stormy sea', colors: 'navy and cream', target: '', occasion: '' },
  { interests: 'golden retriever, hiking', colors: 'sunset', target: '', occasion: '' },
  { interests: 'cats, coffee', colors: 'pastel', target: 'Maya', occasion: 'birthday' },
  { interests: 'guitar, whiskey', colors: 'burgundy and mustard', target: 'my husband', occasion: 'anniversary' },
  { interests: 'space, rockets', colors: 'red, white and blue', target: 'Maya', occasion: 'birthday' },
  { interests: 'nurse life, coffee', colors: 'mint and coral', target: 'Sarah', occasion: '' },
  { interests: 'bees, sunflowers', colors: 'yellow and black', target: '', occasion: '' },
  { interests: 'camping, stars', colors: 'midnight blue, orange', target: '', occasion: '' },
  { interests: 'soccer, pizza', colors: 'green and white', target: 'Sam', occasion: 'birthday' },
  { interests: 'knitting, cats', colors: 'sage and cream', target: 'Grandma', occasion: "mother's day" },
  { interests: 'skateboarding, pizza', colors: '', target: 'my brother', occasion: '' },
  { interests: 'tractors, farm life', colors: 'red and yellow', target: 'Grandpa', occasion: '' },
  { interests: 'jazz', colors: 'purple and gold', target: '', occasion: '' },
  { interests: '猫', colors: 'icy blue', target: '', occasion: '' },
  { interests: 'café, fútbol', colors: '', target: 'mi papá', occasion: 'cumpleaños' },
  { interests: 'bbq, beer', colors: 'orange and brown', target: 'Dad', occasion: "father's day" },
  { interests: 'k-pop', colors: 'neon green and pink', target: '', occasion: '' },
  { interests: 'firefighter, dogs', colors: 'red and gold', target: 'my brother', occasion: '' },
  { interests: 'teacher, books', colors: 'red and navy', target: 'Ms. Lopez', occasion: 'thank you' },
  { interests: 'video games, pizza', colors: 'neon', target: 'Jake', occasion: 'birthday' },
  { interests: 'surfing, sharks', colors: 'ocean', target: '', occasion: '' },
  { interests: 'unicorns', colors: '', target: 'my daughter', occasion: '' },
  { interests: 'baking, cupcakes', colors: 'pink and mint', target: 'Mom', occasion: "mother's day" },
  { interests: 'trains, city skyline', colors: 'navy and silver', target: '', occasion: '' },
  { interests: 'axolotl', colors: 'sage, coral', target: 'Ava', occasion: '' },
  { interests: 'ghosts, pumpkins', colors: 'orange and black', target: '', occasion: 'halloween' },
  { interests: 'snowmen, christmas trees', colors: 'red and green', target: 'the Smith family', occasion: 'christmas' },
];
const STYLES = ART_STYLES.filter((style): style is Exclude<ArtStyle, ''> => style !== '');

async function main(): Promise<void> {
  const premade = process.argv.includes('--premade');
  let svg: string;
  let output: string;
  if (premade) {
    const rows: SheetRow[] = PREMADE_DESIGNS.map((design) => ({
      label: design.title,
      cells: SHIRT_COLORS.map((shirt) => ({ svg: premadeDesignSvg(design.id, shirt) ?? '', caption: shirt, backdrop: SHIRT_COLOR_HEX[shirt] })),
    }));
    svg = composeContactSheet('Pre-made designs on every shirt colour', rows, SHIRT_COLORS.length);
    output = path.join(REPO_ROOT, '.tmp', 'premade-sheet.png');
  } else if (process.argv.includes('--layouts')) {
    // Every style in every page layout, for one request, on a Black and a White shirt.
    const request = { ...(REQUESTS[1] as (typeof REQUESTS)[number]), objects: '' };
    const rows: SheetRow[] = STYLES.map((style) => ({
      label: style,
      cells: PAGE_LAYOUTS.flatMap((layout) =>
        (['Black', 'White'] as const).map((shirt) => ({
          svg: generateArtwork({ ...request, style }, 4000, { shirt, layout }),
          caption: `${layout} · ${shirt}`,
          backdrop: SHIRT_COLOR_HEX[shirt],
        })),
      ),
    }));
    svg = composeContactSheet(`Every layout in every style: ${request.interests}`, rows, PAGE_LAYOUTS.length * 2);
    output = path.join(REPO_ROOT, 'docs', 'art-sheet-layouts.png');
  } else if (process.argv.includes('--large')) {
    // Subjects whose drawings fill little of their box, grown to span the print area, in every layout.
    const requests = ['violin', 'chess, galaxy'];
    const rows: SheetRow[] = STYLES.map((style) => ({
      label: style,
      cells: PAGE_LAYOUTS.flatMap((layout, index) =>
        requests.map((interests) => {
          const shirt = index % 2 === 0 ? 'Black' : 'White';
          return {
            svg: generateArtwork({ interests, colors: '', target: 'Ava', occasion: '', objects: '', style }, 4100, { shirt, layout }),
            caption: `${layout} · ${interests}`,
            backdrop: SHIRT_COLOR_HEX[shirt],
          };
        }),
      ),
    }));
    svg = composeContactSheet('Thin and sparse subjects grown to span the print area, every layout', rows, PAGE_LAYOUTS.length * requests.length);
    output = path.join(REPO_ROOT, 'docs', 'art-sheet-large.png');
  } else if (process.argv.includes('--regenerate')) {
    // One request re-generated four times (consecutive seeds, the engine choosing the style), on Black and White.
    const request = { interests: 'skateboarding, pizza', colors: '', target: 'my brother', occasion: '', objects: '', style: '' } as const;
    const rows: SheetRow[] = (['Black', 'White'] as const).map((shirt) => ({
      label: shirt,
      cells: [1, 2, 3, 4].map((take) => ({
        svg: generateArtworkSvg(request, 3000 + take, shirt),
        caption: `Design ${take}`,
        backdrop: SHIRT_COLOR_HEX[shirt],
      })),
    }));
    svg = composeContactSheet('Re-generated four times: skateboarding, pizza, for my brother', rows, 4);
    output = path.join(REPO_ROOT, 'docs', 'art-sheet-regenerate.png');
  } else if (process.argv.includes('--styles')) {
    // Every style side by side for the same four requests, on Black and on White.
    const requests = [REQUESTS[0], REQUESTS[1], REQUESTS[3], REQUESTS[6]] as Array<(typeof REQUESTS)[number]>;
    const rows: SheetRow[] = STYLES.map((style) => ({
      label: style,
      cells: requests.flatMap((request, index) =>
        (['Black', 'White'] as const).map((shirt) => ({
          svg: generateArtworkSvg({ ...request, objects: '', style }, 1000 + index * 7919, shirt),
          caption: `${shirt} · ${request.interests}`,
          backdrop: SHIRT_COLOR_HEX[shirt],
        })),
      ),
    }));
    svg = composeContactSheet('Seven styles, four requests, on a Black and a White shirt', rows, requests.length * 2);
    output = path.join(REPO_ROOT, 'docs', 'art-sheet-styles.png');
  } else {
    // Thirty requests, each in the next style in turn, alternately on a Black and a White shirt.
    const columns = 6;
    const rows: SheetRow[] = [];
    REQUESTS.forEach((request, index) => {
      const style = STYLES[index % STYLES.length] as (typeof STYLES)[number];
      const shirt: ShirtColor = index % 2 === 0 ? 'Black' : 'White';
      const rowIndex = Math.floor(index / columns);
      const row = (rows[rowIndex] ??= { label: '', cells: [] });
      row.cells.push({
        svg: generateArtworkSvg({ ...request, objects: '', style }, 2000 + index, shirt),
        caption: `${style} · ${request.interests}`,
        backdrop: SHIRT_COLOR_HEX[shirt],
      });
    });
    svg = composeContactSheet('Thirty requests, each in the next style, on Black and White', rows, columns, 0);
    output = path.join(REPO_ROOT, 'docs', 'art-sheet.png');
  }
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, await renderSvgToPng(svg, { width: 2400 }));
  console.log(`Wrote ${path.relative(REPO_ROOT, output)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
