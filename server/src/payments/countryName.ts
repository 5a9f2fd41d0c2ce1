const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country's name in English; the code itself when it names none (`Intl` throws on `''` or `ZZZ`). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
