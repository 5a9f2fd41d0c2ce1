/**
 * The one rule for text a person types (names, addresses, art prompts, the owner's notes): it is
 * stored, printed on a label, shown to the owner and sent to providers, so it must read the same
 * wherever it lands. It never holds:
 * - hidden characters: control characters (C0, DEL, C1), line and paragraph separators, format
 *   characters (bidirectional controls such as U+061C, U+200E/U+200F, U+202A–U+202E,
 *   U+2066–U+2069; zero-width U+200B–U+200D; U+2060–U+2064; U+FEFF; the soft hyphen U+00AD;
 *   U+180E; tag characters U+E0000–U+E007F) and the other characters Unicode draws as nothing
 *   (Hangul fillers among them);
 * - unreadable text: lone surrogates, noncharacters, and U+FFFD, which stands for bytes that were
 *   not UTF-8.
 * Kept: variation selectors (❤️), and a zero-width joiner between two emoji (👩‍💻), which draws
 * one picture and hides nothing. A flag of a subdivision (🏴 with tags) loses its tags.
 *
 * Names and addresses holding such a character are refused (`refusedCharacterIn`), so the shopper
 * types them again; free text is cleaned (`cleanShopperText`).
 */

const PICTOGRAPH = String.raw`\p{Extended_Pictographic}`;
/** An emoji and the zero-width joiner that joins it to the next one. */
const EMOJI_JOINED = String.raw`${PICTOGRAPH}[\u{FE0F}\p{Emoji_Modifier}]?\u200D(?=${PICTOGRAPH})`;
const LINE_BREAKS = String.raw`[\t\n\v\f\r\u0085\u2028\u2029]+`;
const UNREADABLE = String.raw`[\p{Cs}\p{Noncharacter_Code_Point}\uFFFD]`;
const CONTROL_OR_FORMAT = String.raw`[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]`;
const DRAWN_AS_NOTHING = String.raw`(?!\p{Variation_Selector})\p{Default_Ignorable_Code_Point}`;
const HIDDEN = `${CONTROL_OR_FORMAT}|${DRAWN_AS_NOTHING}`;

/** Each match is an emoji with its joiner (kept), a run of line breaks, unreadable or hidden text. */
const TYPED_TEXT = new RegExp(`(${EMOJI_JOINED})|(${LINE_BREAKS})|(${UNREADABLE})|${HIDDEN}`, 'gu');

/** Why typed text is refused: a character that shows nothing, or text that could not be read. */
export type RefusedText = 'hidden' | 'unreadable';

/** The reason to refuse `text` as typed, `unreadable` first; undefined when the rule keeps it. */
export function refusedCharacterIn(text: string): RefusedText | undefined {
  let refused: RefusedText | undefined;
  for (const [, joined, , unreadable] of text.matchAll(TYPED_TEXT)) {
    if (unreadable !== undefined) return 'unreadable';
    if (joined === undefined) refused = 'hidden';
  }
  return refused;
}

/**
 * Free text with nothing the rule refuses: each run of line breaks becomes a space, so the text
 * stays on one line; every other refused character is dropped.
 */
export function cleanShopperText(text: string): string {
  return text.replace(
    TYPED_TEXT,
    (_match, joined?: string, lineBreaks?: string) =>
      joined ?? (lineBreaks === undefined ? '' : ' '),
  );
}

/** Whether `text` is empty once cleaned and trimmed: zero-width spaces alone are no name. */
export function isBlankOnceCleaned(text: string): boolean {
  return cleanShopperText(text).trim() === '';
}
