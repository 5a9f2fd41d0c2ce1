/**
 * The illustration library on disk (Node): Fluent Emoji Flat's drawings and the Unicode CLDR
 * keywords, read from node_modules at first use, never bundled. A browser bundle gets
 * ./emojiData.browser.ts in its place (package.json `browser`), which has no library.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

export interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  width?: number;
  height?: number;
}

/** Keywords by emoji for one language: `default` (all keywords) and `tts` (its name). */
export type Annotations = Record<string, { default?: string[]; tts?: string[] }>;

export interface EmojiData {
  /** The installed versions: an index cached from other versions is stale. */
  version: string;
  icons(): IconSet;
  /** Icon names by code points (lower-case hex joined by "-"). */
  chars(): Record<string, string>;
  /** Every language's annotations, English first. */
  annotations(): Iterable<[language: string, annotations: Annotations]>;
  /** English keywords by emoji from emojilib (slang and synonyms CLDR lacks). */
  englishExtras(): Record<string, string[]>;
  /** The built index kept between processes (each art thread would otherwise spend seconds on it). */
  readCachedIndex(): string | undefined;
  cacheIndex(text: string): void;
}

const packageDirectory = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * The languages whose keywords are read: the CLDR's most used ones (reading all 170 costs many
 * seconds; these cover the shoppers the store expects).
 */
export const KEYWORD_LANGUAGES = [
  'en', 'es', 'de', 'fr', 'pt', 'it', 'nl', 'ja', 'zh', 'zh-Hant', 'ko', 'pl', 'sv', 'da', 'no', 'fi',
  'cs', 'ro', 'hu', 'tr', 'el', 'ru', 'uk', 'ca', 'hr', 'sk', 'id', 'vi', 'fil', 'ar', 'he', 'hi',
  'th', 'ms', 'pt-PT', 'ga', 'cy', 'eu', 'gl',
];

export function loadEmojiData(indexFormat: number): EmojiData | undefined {
  let directories: { icons: string; cldr: string; emojilib: string };
  try {
    directories = {
      icons: packageDirectory('@iconify-json/fluent-emoji-flat'),
      cldr: packageDirectory('cldr-annotations-full'),
      emojilib: packageDirectory('emojilib'),
    };
  } catch {
    // Not installed (a trimmed deployment): the engine draws with its own small motif set.
    return undefined;
  }
  const versionOf = (directory: string) => readJson<{ version: string }>(path.join(directory, 'package.json')).version;
  const version = [indexFormat, versionOf(directories.icons), versionOf(directories.cldr), versionOf(directories.emojilib), KEYWORD_LANGUAGES.join('.')].join('|');
  const cacheFile = path.join(tmpdir(), `tshirt-art-emoji-index-${createHash('sha256').update(version).digest('hex').slice(0, 16)}.json`);
  let icons: IconSet | undefined;
  return {
    version,
    icons: () => (icons ??= readJson<IconSet>(path.join(directories.icons, 'icons.json'))),
    chars: () => readJson<Record<string, string>>(path.join(directories.icons, 'chars.json')),
    *annotations() {
      const cldr = path.join(directories.cldr, 'annotations');
      const available = new Set(readdirSync(cldr));
      for (const language of KEYWORD_LANGUAGES) {
        if (!available.has(language)) continue;
        const file = readJson<{ annotations: { annotations?: Annotations } }>(path.join(cldr, language, 'annotations.json'));
        yield [language, file.annotations.annotations ?? {}];
      }
    },
    englishExtras: () => readJson<Record<string, string[]>>(path.join(directories.emojilib, 'dist', 'emoji-en-US.json')),
    readCachedIndex() {
      try {
        return readFileSync(cacheFile, 'utf8');
      } catch {
        return undefined;
      }
    },
    cacheIndex(text) {
      try {
        // Written whole, then renamed: a reader in another thread never sees half a file.
        const partial = `${cacheFile}.${process.pid}.${threadId}.tmp`;
        writeFileSync(partial, text);
        renameSync(partial, cacheFile);
      } catch {
        // A read-only temporary folder: the index is built again next time, nothing else is lost.
      }
    },
  };
}
