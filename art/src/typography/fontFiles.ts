/**
 * The shipped font files on disk (Node). A browser bundle gets ./fontFiles.browser.ts in its place
 * (package.json `browser`), which opens the same files from bytes handed to it.
 */
import path from 'node:path';
import * as fontkit from 'fontkit';
import { FONT_FILES } from './fonts';

/** Found from the package, not this file: the server runs the engine from a bundle elsewhere. */
export const FONT_DIRECTORY = path.join(
  path.dirname(require.resolve('@tshirt/art/package.json')),
  'src',
  'fonts',
);

export function fontFilePaths(): string[] {
  return FONT_FILES.map((file) => path.join(FONT_DIRECTORY, file));
}

export function openFontFile(file: string): fontkit.Font | fontkit.FontCollection {
  return fontkit.openSync(path.join(FONT_DIRECTORY, file));
}
