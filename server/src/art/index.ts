/**
 * The built-in art engine's public surface (the server's `builtin` image provider calls only
 * this). Placeholder implementation until the art-engine work lands; the signatures are the contract.
 */
import type { ArtStyle } from '@tshirt/shared/catalog';

export interface ArtRequest {
  interests: string;
  colors: string;
  style: ArtStyle;
  /** Recipient ("Who is it for?"). */
  target: string;
  occasion: string;
  objects: string;
}

/** Print area aspect (12 × 16 in): every artwork's viewBox has this shape. */
export const ARTWORK_VIEWBOX = { width: 1200, height: 1600 } as const;
/** Print-ready raster size: 300 DPI over 12 × 16 in. */
export const PRINT_SIZE = { width: 3600, height: 4800 } as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained SVG (no script, no external reference), the same for the same seed. */
export function generateArtworkSvg(request: ArtRequest, seed: number): string {
  const hue = Math.abs(seed) % 360;
  const label = escapeXml((request.interests || 'Art').slice(0, 40));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 1600" width="1200" height="1600"><circle cx="600" cy="700" r="420" fill="hsl(${hue} 70% 55%)"/><text x="600" y="1400" font-size="120" text-anchor="middle" fill="hsl(${(hue + 180) % 360} 70% 50%)" font-family="DejaVu Sans">${label}</text></svg>`;
}

/** The SVG of one of the eight pre-made designs (ids from the shared catalog), or undefined. */
export function premadeDesignSvg(id: string): string | undefined {
  return generateArtworkSvg(
    { interests: id, colors: '', style: '', target: '', occasion: '', objects: '' },
    id.length * 47,
  );
}

/** Renders an artwork SVG to a print-ready transparent PNG of PRINT_SIZE. */
export async function renderPrintPng(svg: string): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: PRINT_SIZE.width } });
  return Buffer.from(resvg.render().asPng());
}
