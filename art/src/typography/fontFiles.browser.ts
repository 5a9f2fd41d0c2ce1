/**
 * The shipped font files in a browser (package.json `browser` maps ./fontFiles.ts here): there is
 * no disk, so their bytes are handed over first (../browser.ts fetches them).
 */
import * as fontkit from 'fontkit';

const bytesByFile = new Map<string, Uint8Array>();

export function provideFontFile(file: string, bytes: Uint8Array): void {
  bytesByFile.set(file, bytes);
}

export function fontFilePaths(): string[] {
  return [];
}

export function openFontFile(file: string): fontkit.Font | fontkit.FontCollection {
  const bytes = bytesByFile.get(file);
  if (!bytes)
    throw new Error(`The font ${file} was not handed to the art engine (art/src/browser.ts)`);
  return fontkit.create(bytes as Buffer);
}
