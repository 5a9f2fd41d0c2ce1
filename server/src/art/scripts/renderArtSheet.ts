/**
 * Renders the contact sheet: every art style (and the empty "engine chooses") × four prompts, to
 * docs/art-sheet.png. Run with `npm run art:sheet -w server`. `--premade` renders the eight pre-made
 * designs to .tmp/premade-sheet.png instead; `--only=Cartoon,Sketch` renders just those rows to
 * .tmp/art-sheet-partial.png while iterating.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ART_STYLES, PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import { generateArtworkSvg, premadeDesignSvg, type ArtRequest } from '../index';
import { renderSvgToPng } from '../print/renderPrintPng';
import { composeContactSheet, type SheetRow } from './contactSheet';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');

const PROMPTS: ReadonlyArray<Omit<ArtRequest, 'style'>> = [
  { interests: 'golf and fishing', colors: 'forest green, gold', target: 'Grandpa', occasion: 'retirement', objects: '' },
  { interests: 'cats, coffee', colors: 'pastel', target: '', occasion: '', objects: 'cat' },
  { interests: 'space, rockets', colors: 'neon', target: 'Maya', occasion: 'birthday', objects: '' },
  { interests: 'surfing', colors: 'sunset', target: '', occasion: '', objects: 'waves, palm trees' },
];

function caption(prompt: Omit<ArtRequest, 'style'>): string {
  return [prompt.interests, prompt.objects, prompt.colors].filter(Boolean).join(' · ');
}

async function main(): Promise<void> {
  const premade = process.argv.includes('--premade');
  let svg: string;
  let output: string;
  if (premade) {
    const cells = PREMADE_DESIGNS.map((design) => ({ svg: premadeDesignSvg(design.id) ?? '', caption: design.title }));
    const rows: SheetRow[] = [
      { label: 'Pre-made', cells: cells.slice(0, 4) },
      { label: '', cells: cells.slice(4) },
    ];
    svg = composeContactSheet('Pre-made designs', rows, 4);
    output = path.join(REPO_ROOT, '.tmp', 'premade-sheet.png');
  } else {
    const only = process.argv.find((argument) => argument.startsWith('--only='))?.slice('--only='.length).split(',');
    const styles = only ? ART_STYLES.filter((style) => only.includes(style || 'empty')) : ART_STYLES;
    const rows: SheetRow[] = styles.map((style) => ({
      label: style === '' ? '(engine picks)' : style,
      cells: PROMPTS.map((prompt, index) => ({
        svg: generateArtworkSvg({ ...prompt, style }, 1000 + index * 7919),
        caption: caption(prompt),
      })),
    }));
    svg = composeContactSheet('Built-in art engine: every style × four prompts', rows, 4);
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
