/**
 * Attribute values in the HTML the build writes: escaped for a double-quoted attribute, and read
 * back from the template however html-webpack-plugin's minifier quoted them.
 */

/** Text safe inside a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The text of an attribute value written by `escapeAttribute` or re-quoted by the minifier. */
export function unescapeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');
}
