/**
 * The illustration library in a browser (package.json `browser` maps ./emojiData.ts here): none.
 * Its megabytes stay on the server; a dev page's mocked engine draws with the engine's own small
 * motif set instead.
 */
import type { EmojiData } from './emojiData';

export type { Annotations, EmojiData, IconSet } from './emojiData';

export function loadEmojiData(_indexFormat: number): EmojiData | undefined {
  return undefined;
}
