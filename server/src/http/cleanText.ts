/**
 * Drops control characters (keeping tab and line breaks) from shopper text: Postgres refuses NUL
 * in text, and XML (the artwork) refuses most C0 characters.
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}
