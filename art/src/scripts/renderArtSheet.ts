/**
 * Renders the contact sheet: every art style × three prompts (dark, light and mixed palettes), each
 * on a Black and on a White shirt, to docs/art-sheet.png. Run with `npm run art:sheet` (or `-w art`).
 * `--premade` renders the eight pre-made designs on every shirt colour to .tmp/premade-sheet.png
 * instead; `--only=Cartoon,Sketch` renders just those rows to .tmp/art-sheet-partial.png.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ART_STYLES, PREMADE_DESIGNS, SHIRT_COLOR_HEX, SHIRT_COLORS, type ShirtColor } from '@tshirt/shared/catalog';
import type { ArtFields } from '@tshirt/shared/schemas';
import { generateArtworkSvg, premadeDesignSvg } from '../index';
import { renderSvgToPng } from '../print/renderPrintPng';
import { composeContactSheet, type SheetRow } from './contactSheet';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const PROMPTS: ReadonlyArray<Omit<ArtFields, 'style'>> = [
  { interests: 'jazz saxophone, new orleans', colors: 'navy and gold', target: '', occasion: '', objects: '' },
  { interests: 'cats, coffee', colors: 'pastel', target: 'Maximilian Alexander', occasion: 'birthday', objects: 'cat' },
  { interests: 'golf and fishing', colors: 'red, white and blue', target: 'Grandpa', occasion: 'retirement', objects: '' },
];
const SHIRTS: readonly ShirtColor[] = ['Black', 'White'];


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
  } else {
    const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length).split(',');
    const styles = ART_STYLES.filter((style) => style !== '' && (!only || only.includes(style)));
    const rows: SheetRow[] = styles.map((style) => ({
      label: style,
      cells: PROMPTS.flatMap((prompt, index) =>
        SHIRTS.map((shirt) => ({
          svg: generateArtworkSvg({ ...prompt, style }, 1000 + index * 7919, shirt),
          caption: `${shirt} shirt · ${prompt.colors}`,
          backdrop: SHIRT_COLOR_HEX[shirt],
        })),
      ),
    }));
    svg = composeContactSheet('Every style on a Black and a White shirt: dark, light and mixed palettes', rows, PROMPTS.length * SHIRTS.length);
    output = path.join(REPO_ROOT, only ? '.tmp' : 'docs', only ? 'art-sheet-partial.png' : 'art-sheet.png');
  }
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, await renderSvgToPng(svg, { width: 2400 }));
  console.log(`Wrote ${path.relative(REPO_ROOT, output)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
