import { wordTable } from './dictionary';
/** Mood words shoppers use for colour, each a hand-tuned palette (strongest colour first). */
export const MOOD_PALETTES: Readonly<Record<string, readonly string[]>> = wordTable({
  pastel: ['#f4a7b9', '#a8d8ea', '#ffd3a5', '#b9e4c9', '#cdb4db'],
  neon: ['#ff2bd6', '#00e5ff', '#39ff14', '#fff01f', '#9d4dff'],
  earthy: ['#b5653b', '#d9b26f', '#6b7f3a', '#7a4e2d', '#eadbc0'],
  ocean: ['#05668d', '#00a896', '#02c39a', '#7fd1e6', '#f0f3bd'],
  sunset: ['#ff6b35', '#ef476f', '#ffd166', '#f7a072', '#5c2a6e'],
  forest: ['#2d6a4f', '#52b788', '#1b4332', '#95d5b2', '#d8a25e'],
  retro: ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#f4f1de'],
  autumn: ['#bc4b51', '#e9a23b', '#8b5e34', '#f4d58d', '#5b8e7d'],
  winter: ['#61a5c2', '#2c7da0', '#a9d6e5', '#012a4a', '#e0fbfc'],
  spring: ['#ffafcc', '#a0c4ff', '#caffbf', '#fdffb6', '#bdb2ff'],
  tropical: ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'],
  galaxy: ['#7b2cbf', '#ff9e00', '#e0aaff', '#3c096c', '#240046'],
  rainbow: ['#e63946', '#ff9f1c', '#ffd60a', '#2a9d8f', '#3a86ff', '#8338ec'],
  desert: ['#e4a672', '#c8553d', '#f2d0a4', '#8c5e58', '#588b8b'],
  candy: ['#ff6f91', '#ffc75f', '#d65db1', '#ff9671', '#f9f871'],
  monochrome: ['#1a1a1a', '#5c5c5c', '#a3a3a3', '#e8e8e8'],
  gold: ['#d4a017', '#8a6b0e', '#f5d77a', '#2b2b2b', '#fff4cc'],
});

/** Other words for the same moods. */
export const MOOD_SYNONYMS: Readonly<Record<string, string>> = wordTable({
  pastels: 'pastel', soft: 'pastel', baby: 'pastel', dreamy: 'pastel',
  neons: 'neon', electric: 'neon', fluorescent: 'neon', glow: 'neon', vivid: 'neon', cyberpunk: 'neon',
  earth: 'earthy', earthtones: 'earthy', natural: 'earthy', rustic: 'earthy', boho: 'earthy',
  sea: 'ocean', beach: 'ocean', marine: 'ocean', aqua: 'ocean', nautical: 'ocean', coastal: 'ocean',
  sunrise: 'sunset', dusk: 'sunset', warm: 'sunset',
  woods: 'forest', woodland: 'forest', jungle: 'forest', nature: 'forest',
  vintage: 'retro', seventies: 'retro', '70s': 'retro', '80s': 'neon',
  fall: 'autumn', cozy: 'autumn', cool: 'winter', icy: 'winter', frosty: 'winter', cold: 'winter',
  summer: 'tropical', bright: 'tropical', fun: 'tropical', colorful: 'rainbow', colourful: 'rainbow',
  pride: 'rainbow', multicolor: 'rainbow', multicolour: 'rainbow',
  space: 'galaxy', cosmic: 'galaxy', night: 'galaxy', midnight: 'galaxy',
  sandy: 'desert', southwest: 'desert', sweet: 'candy', bubblegum: 'candy',
  greyscale: 'monochrome', grayscale: 'monochrome', mono: 'monochrome', noir: 'monochrome',
  golden: 'gold', luxury: 'gold', metallic: 'gold',
});

/** Curated palettes for an empty colour field; the seed picks one. */
export const DEFAULT_PALETTES: readonly (readonly string[])[] = [
  ['#ef476f', '#ffd166', '#06d6a0', '#118ab2', '#073b4c'],
  ['#e76f51', '#f4a261', '#e9c46a', '#2a9d8f', '#264653'],
  ['#ff6b6b', '#feca57', '#48dbfb', '#1dd1a1', '#5f27cd'],
  ['#f72585', '#7209b7', '#4cc9f0', '#ffbe0b', '#3a0ca3'],
  ['#d62828', '#f77f00', '#fcbf49', '#eae2b7', '#003049'],
  ['#2ec4b6', '#ff9f1c', '#e71d36', '#cbf3f0', '#011627'],
];
