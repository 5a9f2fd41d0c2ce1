/**
 * Shopper text is stored, shown to the owner and sent to providers, so it is kept on one line and
 * free of invisible controls: line breaks and separators become a space; other control characters
 * (C0, DEL, C1: Postgres refuses NUL, XML most C0, terminals obey C1) and bidirectional controls
 * (which can make text read in another order than it is stored) are dropped. Emoji joiners and
 * variation selectors stay.
 */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
const INVISIBLE_CONTROLS = /[\p{Cc}\p{Bidi_Control}]/gu;

export function cleanShopperText(text: string): string {
  return text.toWellFormed().replace(LINE_BREAKS, ' ').replace(INVISIBLE_CONTROLS, '');
}
