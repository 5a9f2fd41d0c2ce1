/** How figures read in docs/BENCHMARKS.md. 1 KB = 1,000 bytes (as DevTools counts), the stricter reading of the goals. */

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

export function mib(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MiB`;
}

export function ms(value: number): string {
  return Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a';
}

export function seconds(valueMs: number): string {
  return Number.isFinite(valueMs) ? `${(valueMs / 1000).toFixed(2)} s` : 'n/a';
}

export function ratio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a';
}

export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function percent(share: number): string {
  return Number.isFinite(share) ? `${Math.round(share * 100)} %` : 'n/a';
}

export function table(headings: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headings), line(headings.map(() => '---')), ...rows.map(line)].join('\n');
}

export function code(text: string): string {
  return `\`${text}\``;
}
