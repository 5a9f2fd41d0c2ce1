/**
 * The library's keyword index, built once per process at first use: every keyword of every
 * drawable emoji in the CLDR's languages (and emojilib's English slang), folded to one spelling
 * (lower case, no accents), scored so an emoji's own name beats a keyword many emoji share.
 */
import type { MotifCategory, MotifPlace } from '../motifs';
import { emojiMotif, type LibraryMotif } from './emojiMotif';
import { loadEmojiData, type EmojiData } from './emojiData';

/** Lower case, accents and spacing folded: "Fútbol" and "futbol" are one key. */
export function foldKey(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_\-–—.'’]+/g, ' ')
    .trim();
}

/** Emoji that are not pictures of a subject: faces, hands, flags, signs, shapes, clocks, skin tones. */
const NOT_A_SUBJECT_NAME =
  /hand(?!le)|finger|fist|thumbs|palms-up|index-pointing|button|arrow|sign$|-sign-|symbol|mark|keycap|clock|thirty|regional|^input|japanese|squared|circled|ideograph|copyright|registered|trade-mark|information|^heavy-|^check|^(?:red|orange|yellow|green|blue|purple|brown|black|white)-(?:circle|square|large-square|medium-square|small-square|medium-small-square)|(?:^|-)(?:aries|taurus|gemini|cancer|leo|virgo|libra|scorpio|sagittarius|capricorn|aquarius|pisces|ophiuchus)$|^(?:man|woman|person|men|women|people)$|kiss-mark|speech|balloon-|-balloon|^bust|silhouette/;

function isSubject(codePoints: number[], name: string): boolean {
  if (codePoints.some((point) => point >= 0x1f3fb && point <= 0x1f3ff)) return false;
  if (codePoints.some((point) => point === 0x20e3 || (point >= 0x1f1e6 && point <= 0x1f1ff) || (point >= 0xe0020 && point <= 0xe007f))) return false;
  const first = codePoints[0] as number;
  // Smileys (a cat's or a monkey's face aside, and the robot): moods, not subjects.
  const smiley =
    (first >= 0x1f600 && first <= 0x1f64f && !(first >= 0x1f638 && first <= 0x1f640) && !(first >= 0x1f648 && first <= 0x1f64a)) ||
    (first >= 0x1f910 && first <= 0x1f92f && first !== 0x1f916) ||
    (first >= 0x1f970 && first <= 0x1f97a) ||
    (first >= 0x1fae0 && first <= 0x1faef) ||
    first === 0x1f9d0;
  if (smiley) return false;
  const animal = (first >= 0x1f400 && first <= 0x1f43f) || (first >= 0x1f980 && first <= 0x1f9af);
  if (/face/.test(name) && !animal) return false;
  return !NOT_A_SUBJECT_NAME.test(name);
}

/** Drawings that make a scene's ground or sky rather than stand in it. */
const PLACES: Readonly<Record<string, MotifPlace>> = {
  'snow-capped-mountain': 'land', mountain: 'land', 'water-wave': 'land', volcano: 'land', desert: 'land',
  sun: 'sky', 'crescent-moon': 'sky', 'full-moon': 'sky', 'ringed-planet': 'sky', 'glowing-star': 'sky',
  star: 'sky', rainbow: 'sky', 'milky-way': 'sky', 'sun-behind-cloud': 'sky', cloud: 'sky', comet: 'sky',
};

const CATEGORY_RANGES: ReadonlyArray<[number, number, MotifCategory]> = [
  [0x1f400, 0x1f43f, 'animals'], [0x1f980, 0x1f9af, 'animals'], [0x1fab0, 0x1fabf, 'animals'],
  [0x1f345, 0x1f37f, 'food'], [0x1f950, 0x1f96f, 'food'], [0x1f9c0, 0x1f9cf, 'food'], [0x1fad0, 0x1fadf, 'food'],
  [0x1f330, 0x1f344, 'nature'], [0x1f490, 0x1f4ae, 'nature'], [0x1fab4, 0x1fabb, 'nature'],
  [0x1f300, 0x1f32f, 'space'], [0x1fa90, 0x1fa90, 'space'],
  [0x1f3a4, 0x1f3bc, 'music'], [0x1fa95, 0x1fa9b, 'music'], [0x1f941, 0x1f941, 'music'],
  [0x1f3c0, 0x1f3d4, 'sports'], [0x1f93a, 0x1f94f, 'sports'], [0x26bd, 0x26be, 'sports'], [0x1f6f7, 0x1f6f9, 'sports'],
  [0x1f680, 0x1f6ff, 'vehicles'], [0x1f3d5, 0x1f3ff, 'travel'], [0x26e9, 0x26fd, 'travel'],
  [0x1f380, 0x1f393, 'holidays'],
];

function categoryOf(first: number): MotifCategory {
  for (const [from, to, category] of CATEGORY_RANGES) if (first >= from && first <= to) return category;
  return 'hobbies';
}

interface Entry {
  /** Icon name in the library (its id). */
  icon: string;
  codePoints: number[];
  /** English name ("cat", "soccer ball"). */
  name: string;
  keywords: string[];
}

export interface KeywordHit {
  icon: string;
  score: number;
}

export interface EmojiLibrary {
  /** The best emoji for a folded key, best first (empty: the key is no keyword). */
  lookup(key: string): readonly KeywordHit[];
  /** The longest keyword length in characters (for matching unspaced scripts). */
  longestKey: number;
  motif(icon: string): LibraryMotif | undefined;
  has(icon: string): boolean;
}

/**
 * A keyword: its name counts most, a plain keyword less, a slang synonym least; English, what most
 * shoppers type, before a word another language happens to spell alike ("golf" is a wave elsewhere).
 */
const WEIGHT = { englishName: 4, englishKeyword: 3, name: 3, keyword: 2, extra: 1.5 } as const;

/** Bumped when the index's shape or scoring changes: a cached index of another format is rebuilt. */
const INDEX_FORMAT = 4;
/** A keyword shared by so many emoji that its best scores below this is too loose to draw ("animal"). */
export const LEAST_SCORE = 0.6;
/** Variants kept per key: hits within this share of the best one's score. */
const VARIANT_SHARE = 0.8;

/** The index as cached. */
interface CompactIndex {
  version: string;
  longestKey: number;
  /** Icon → [English name, first code point, English keywords]. */
  entries: Record<string, [string, number, string[]]>;
  /** Folded key → "icon score icon score…" best first (strings parse far faster than arrays). */
  hits: Map<string, string>;
}

function buildIndex(data: EmojiData): CompactIndex {
  const entries = new Map<string, Entry>();
  const icons = data.icons().icons;
  for (const [hex, icon] of Object.entries(data.chars())) {
    if (!icons[icon]) continue;
    const codePoints = hex.split('-').map((part) => parseInt(part, 16));
    if (!isSubject(codePoints, icon)) continue;
    // Text presentation selectors aside, the CLDR lists an emoji by its code points.
    const character = String.fromCodePoint(...codePoints.filter((point) => point !== 0xfe0f));
    if (!entries.has(character)) entries.set(character, { icon, codePoints, name: icon.replace(/-/g, ' '), keywords: [] });
  }
  // key → icon → best weight at that level; how many icons share a key weakens it.
  const byKey = new Map<string, Map<string, number>>();
  const add = (key: string, icon: string, weight: number) => {
    const folded = foldKey(key);
    if (folded.length === 0) return;
    for (const variant of new Set([folded, folded.replace(/ /g, '')])) {
      let iconsForKey = byKey.get(variant);
      if (!iconsForKey) byKey.set(variant, (iconsForKey = new Map()));
      iconsForKey.set(icon, Math.max(iconsForKey.get(icon) ?? 0, weight));
    }
  };
  for (const [language, annotations] of data.annotations()) {
    const english = language === 'en';
    for (const [character, { default: keywords = [], tts = [] }] of Object.entries(annotations)) {
      const entry = entries.get(character.replace(/\ufe0f/g, ''));
      if (!entry) continue;
      if (english) {
        entry.name = tts[0] ?? entry.name;
        entry.keywords.push(...keywords);
      }
      for (const name of tts) add(name, entry.icon, english ? WEIGHT.englishName : WEIGHT.name);
      // A keyword its own name says ("cheese" of "cheese wedge") beats one it only suggests ("cheese" of pizza).
      const named = new Set(tts.flatMap((name) => foldKey(name).split(' ')));
      for (const keyword of keywords) {
        const weight = english ? WEIGHT.englishKeyword : WEIGHT.keyword;
        add(keyword, entry.icon, named.has(foldKey(keyword)) ? weight + 0.5 : weight);
      }
    }
  }
  for (const [character, keywords] of Object.entries(data.englishExtras())) {
    const entry = entries.get(character.replace(/\ufe0f/g, ''));
    if (entry) for (const keyword of keywords) add(keyword.replace(/_/g, ' '), entry.icon, WEIGHT.extra);
  }
  const hits = new Map<string, string>();
  let longestKey = 0;
  for (const [key, iconsForKey] of byKey) {
    // Only keywords near as strong dilute each other: Spanish "llama" (a flame) does not weaken the llama.
    const strongest = Math.max(...iconsForKey.values());
    const sharing = Math.log2(1 + [...iconsForKey.values()].filter((weight) => weight >= strongest - 1).length);
    const ranked = [...iconsForKey.entries()]
      .map(([icon, weight]): [string, number] => [icon, Math.round((weight / sharing) * 1000) / 1000])
      .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1));
    const best = ranked[0]?.[1] ?? 0;
    if (best < LEAST_SCORE) continue;
    longestKey = Math.max(longestKey, [...key].length);
    hits.set(key, ranked.filter(([, score]) => score >= best * VARIANT_SHARE).slice(0, 4).flat().join(' '));
  }
  const compactEntries: CompactIndex['entries'] = {};
  for (const entry of entries.values()) compactEntries[entry.icon] = [entry.name, entry.codePoints[0] as number, entry.keywords.slice(0, 16)];
  return { version: data.version, longestKey: Math.min(longestKey, 12), entries: compactEntries, hits };
}

/** One line of JSON (version, entries), then one line per key: "key<TAB>icon score…". */
function writeIndex(index: CompactIndex): string {
  const lines = [JSON.stringify({ version: index.version, longestKey: index.longestKey, entries: index.entries })];
  for (const [key, hits] of index.hits) lines.push(`${key}\t${hits}`);
  return lines.join('\n');
}

function parseIndex(text: string): CompactIndex {
  const lines = text.split('\n');
  const head = JSON.parse(lines[0] as string) as Omit<CompactIndex, 'hits'>;
  const hits = new Map<string, string>();
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const tab = line.indexOf('\t');
    if (tab > 0) hits.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return { ...head, hits };
}

function readIndex(data: EmojiData): CompactIndex {
  const cached = data.readCachedIndex();
  if (cached) {
    try {
      const index = parseIndex(cached);
      if (index.version === data.version) return index;
    } catch {
      // A damaged cache: built again below.
    }
  }
  const index = buildIndex(data);
  data.cacheIndex(writeIndex(index));
  return index;
}

function libraryFrom(index: CompactIndex, data: EmojiData): EmojiLibrary {
  const motifs = new Map<string, LibraryMotif | undefined>();
  return {
    lookup(key) {
      const words = index.hits.get(key)?.split(' ') ?? [];
      const hits: KeywordHit[] = [];
      for (let at = 0; at + 1 < words.length; at += 2) hits.push({ icon: words[at] as string, score: Number(words[at + 1]) });
      return hits;
    },
    longestKey: index.longestKey,
    has: (icon) => icon in index.entries,
    motif(icon) {
      if (!motifs.has(icon)) {
        const entry = index.entries[icon];
        const iconSet = data.icons();
        const body = iconSet.icons[icon];
        motifs.set(
          icon,
          entry && body
            ? emojiMotif(icon, body, iconSet.width ?? 32, {
                // "sparkles", "books": a plural takes no article.
                name: /[^su]s$/.test(entry[0]) ? entry[0] : `${/^[aeiou]/i.test(entry[0]) ? 'an' : 'a'} ${entry[0]}`,
                category: categoryOf(entry[1]),
                keywords: entry[2],
                place: PLACES[icon],
              })
            : undefined,
        );
      }
      return motifs.get(icon);
    },
  };
}

let library: EmojiLibrary | null | undefined;

/** The library, built (or read from its cache) at first use; null where it is not installed (a browser bundle). */
export function emojiLibrary(): EmojiLibrary | null {
  if (library === undefined) {
    const data = loadEmojiData(INDEX_FORMAT);
    library = data ? libraryFrom(readIndex(data), data) : null;
  }
  return library;
}
