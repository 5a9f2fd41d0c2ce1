/**
 * The shipped font files on disk (Node). A browser bundle gets ./fontFiles.browser.ts in its place
 * (package.json `browser`), which opens the same files from bytes handed to it.
 */
import path from 'node:path';
import * as fontkit from 'fontkit';
import { FONT_FILES } from './fonts';

export const FONT_DIRECTORY = path.join(__dirname, '..', 'fonts');

export function fontFilePaths(): string[] {
  return FONT_FILES.map((file) => path.join(FONT_DIRECTORY, file));
}

export function openFontFile(file: string): fontkit.Font | fontkit.FontCollection {
  return fontkit.openSync(path.join(FONT_DIRECTORY, file));
}
