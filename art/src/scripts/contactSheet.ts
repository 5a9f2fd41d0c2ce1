/** Lays several artworks out as one SVG (each nested, ids made unique) for the contact sheets. */
import { el } from '../svg';
import { FONTS } from '../typography/fonts';
import { linePath, measureLine } from '../typography/glyphs';

/** A label as outlines, its left end (or its centre) at x. */
function label(text: string, x: number, y: number, size: number, fill: string, centred = false): string {
  const left = centred ? x : x + (measureLine(text, FONTS.geometric) * size) / 2;
  return el('path', { d: linePath(text, FONTS.geometric, size, left, y), fill });
}

export interface SheetCell {
  svg: string;
  caption: string;
  /** The shirt colour behind the artwork. */
  backdrop: string;
}

export interface SheetRow {
  label: string;
  cells: SheetCell[];
}

/** Prefixes every id and reference so artworks nested in one document cannot clash. */
function scopeIds(svg: string, prefix: string): string {
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

function nest(svg: string, x: number, y: number, width: number, height: number): string {
  return svg.replace('<svg ', `<svg x="${x}" y="${y}" `).replace(/ width="\d+" height="\d+"/, ` width="${width}" height="${height}"`);
}

export function composeContactSheet(title: string, rows: readonly SheetRow[], columns: number, labelWidth = 220): string {
  const cellWidth = Math.floor((2400 - labelWidth - 20) / columns);
  const artWidth = cellWidth - 20;
  const artHeight = Math.round((artWidth * 4) / 3);
  const rowHeight = artHeight + 70;
  const top = 120;
  const height = top + rows.length * rowHeight + 20;
  const parts: string[] = [el('rect', { width: 2400, height, fill: '#f4f1ea' })];
  parts.push(label(title, 40, 78, 52, '#222222'));
  rows.forEach((row, rowIndex) => {
    const y = top + rowIndex * rowHeight;
    // One word a line, so long style names fit the label column.
    row.label.split(' ').forEach((word, lineIndex, words) => {
      const lineY = y + artHeight / 2 + (lineIndex - (words.length - 1) / 2) * 38;
      parts.push(label(word, 24, lineY, 32, '#222222'));
    });
    row.cells.forEach((cell, columnIndex) => {
      const x = labelWidth + columnIndex * cellWidth;
      parts.push(el('rect', { x, y, width: artWidth, height: artHeight, rx: 14, fill: cell.backdrop }));
      parts.push(nest(scopeIds(cell.svg, `c${rowIndex}_${columnIndex}_`), x, y, artWidth, artHeight));
      parts.push(label(cell.caption.slice(0, 60), x + artWidth / 2, y + artHeight + 38, 22, '#444444', true));
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2400 ${height}" width="2400" height="${height}">${parts.join('')}</svg>`;
}
