/**
 * What the owner scripts print comes from shoppers (and from a database that may hold rows from
 * before cleaning): every character that could break a line, move the cursor or reorder the text
 * in a terminal is shown as a visible `\u{…}` escape instead.
 */
const TERMINAL_CONTROLS = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

export function printable(text: string): string {
  return text
    .toWellFormed()
    .replace(TERMINAL_CONTROLS, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`);
}
