/**
 * Counts copies of React, react-dom and react-router among downloaded scripts by a line each
 * library's production build carries once per copy (minified code keeps string literals).
 */

const LIBRARY_SIGNATURES = {
  react: /React\.Children\.only expected to receive a single React element child/g,
  'react-dom': /rendererPackageName:\s*"react-dom"/g,
  'react-router': /You cannot render a <Router> inside another <Router>/g,
} as const;

export type CountedLibrary = keyof typeof LIBRARY_SIGNATURES;

export const COUNTED_LIBRARIES = Object.keys(LIBRARY_SIGNATURES) as CountedLibrary[];

function occurrences(body: string, pattern: RegExp): number {
  return body.match(pattern)?.length ?? 0;
}

export function countLibraryCopies(
  scriptBodies: readonly string[],
): Record<CountedLibrary, number> {
  const counts = Object.fromEntries(COUNTED_LIBRARIES.map((library) => [library, 0])) as Record<
    CountedLibrary,
    number
  >;
  for (const body of scriptBodies) {
    for (const library of COUNTED_LIBRARIES)
      counts[library] += occurrences(body, LIBRARY_SIGNATURES[library]);
  }
  return counts;
}

/** What a script carries, for the "largest scripts" lists: e.g. "react-dom", "federation runtime". */
export function describeScript(body: string): string {
  const contents: string[] = COUNTED_LIBRARIES.filter(
    (library) => occurrences(body, LIBRARY_SIGNATURES[library]) > 0,
  );
  // The federation runtime keeps its global's name and its error codes.
  if (body.includes('__FEDERATION__') || /RUNTIME-00\d/.test(body))
    contents.push('federation runtime');
  return contents.join(' + ');
}
