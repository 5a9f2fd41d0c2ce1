/** Country names in the store's language, whatever the browser's. */
const regionNames =
  typeof Intl.DisplayNames === 'function'
    ? new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
    : undefined;

/** `US` → `United States`; the code itself when the name is not known. */
export function countryName(code: string): string {
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
