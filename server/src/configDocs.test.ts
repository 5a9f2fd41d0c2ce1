/**
 * The environment tables of both READMEs against the configuration schema: they name exactly the
 * variables the server reads, with the schema's defaults and ranges.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_SCHEMA, REPO_ROOT } from './config';

interface TableRow {
  names: string[];
  defaults: string;
  meaning: string;
}

const SCHEMA = ENV_SCHEMA.properties as unknown as Record<
  string,
  { default?: unknown; minimum?: number; maximum?: number }
>;

/** The rows of the first table under `heading` in `file` (relative to the repository root). */
function tableUnder(file: string, heading: string): TableRow[] {
  const lines = readFileSync(join(REPO_ROOT, file), 'utf8').split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`${file} has no "${heading}"`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('#'));
  return lines.slice(start, end < 0 ? undefined : end).flatMap((line) => {
    const [variables, defaults, meaning] = line.split('|').slice(1, -1);
    if (!line.startsWith('| `') || meaning === undefined) return [];
    const names = [...variables!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    return [{ names, defaults: defaults!.trim(), meaning: meaning.trim() }];
  });
}

/** The default written for the `index`-th of a row's variables (`a` / `b` cells split apart). */
function documentedDefault(row: TableRow, index: number): string {
  const parts = row.defaults.split(' / ');
  return parts.length === row.names.length ? parts[index]! : row.defaults;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe.each([
  ['README.md', '### Server (`server/src/config.ts`)'],
  ['server/README.md', '## Environment variables'],
])('the environment table of %s', (file, heading) => {
  const rows = tableUnder(file, heading);

  it('names every variable of the configuration schema, and no other', () => {
    const documented = rows.flatMap((row) => row.names);
    expect([...documented].sort()).toEqual(Object.keys(SCHEMA).sort());
  });

  it('gives each variable the default of the schema', () => {
    const wrong = rows.flatMap((row) =>
      row.names.flatMap((name, index) => {
        const fallback = SCHEMA[name]?.default;
        if (fallback === undefined) return [];
        const cell = documentedDefault(row, index);
        // The value as a whole word: 30 is not found in 300000.
        const written = new RegExp(`(^|[^\\w.])${escape(String(fallback))}(?!\\w)`).test(cell);
        return written ? [] : [`${name}: schema ${String(fallback)}, docs "${cell}"`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('writes only the ranges the schema enforces', () => {
    const wrong = rows.flatMap((row) =>
      [...`${row.defaults} ${row.meaning}`.matchAll(/(\d[\d,]*)–(\d[\d,]*)/g)].flatMap(
        ([range, low, high]) => {
          const [minimum, maximum] = [low, high].map((bound) => Number(bound!.replace(/,/g, '')));
          const enforced = row.names.some(
            (name) => SCHEMA[name]?.minimum === minimum && SCHEMA[name]?.maximum === maximum,
          );
          return enforced ? [] : [`${row.names.join(' / ')}: docs ${range}`];
        },
      ),
    );
    expect(wrong).toEqual([]);
  });
});
