/** Lays several artworks out as one SVG (each nested, ids made unique) for the contact sheets. */
import { SHIRT_COLOR_HEX } from '@tshirt/shared/catalog';
import { el, escapeXml } from '../svg';
import { FONTS } from '../typography/fonts';

export interface SheetCell {
  svg: string;
  caption: string;
}

export interface SheetRow {
  label: string;
  cells: SheetCell[];
}

const BACKDROPS = [SHIRT_COLOR_HEX.White, SHIRT_COLOR_HEX.Black, SHIRT_COLOR_HEX['Light Grey'], SHIRT_COLOR_HEX.Navy];

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

export function composeContactSheet(title: string, rows: readonly SheetRow[], columns: number): string {
  const labelWidth = 220;
  const cellWidth = Math.floor((2400 - labelWidth - 20) / columns);
  const artWidth = cellWidth - 20;
  const artHeight = Math.round((artWidth * 4) / 3);
  const rowHeight = artHeight + 70;
  const top = 120;
  const height = top + rows.length * rowHeight + 20;
  const parts: string[] = [el('rect', { width: 2400, height, fill: '#f4f1ea' })];
  parts.push(
    `<text x="40" y="78" font-family="${escapeXml(FONTS.geometric.stack)}" font-weight="bold" font-size="52" fill="#222">${escapeXml(title)}</text>`,
  );
  rows.forEach((row, rowIndex) => {
    const y = top + rowIndex * rowHeight;
    // One word a line, so long style names fit the label column.
    row.label.split(' ').forEach((word, lineIndex, words) => {
      const lineY = y + artHeight / 2 + (lineIndex - (words.length - 1) / 2) * 38;
      parts.push(
        `<text x="24" y="${lineY}" font-family="${escapeXml(FONTS.geometric.stack)}" font-weight="bold" font-size="32" fill="#222">${escapeXml(word)}</text>`,
      );
    });
    row.cells.forEach((cell, columnIndex) => {
      const x = labelWidth + columnIndex * cellWidth;
      parts.push(el('rect', { x, y, width: artWidth, height: artHeight, rx: 14, fill: BACKDROPS[columnIndex % BACKDROPS.length] }));
      parts.push(nest(scopeIds(cell.svg, `c${rowIndex}_${columnIndex}_`), x, y, artWidth, artHeight));
      parts.push(
        `<text x="${x + artWidth / 2}" y="${y + artHeight + 38}" text-anchor="middle" font-family="${escapeXml(FONTS.geometric.stack)}" font-size="22" fill="#444">${escapeXml(cell.caption.slice(0, 60))}</text>`,
      );
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2400 ${height}" width="2400" height="${height}">${parts.join('')}</svg>`;
}
