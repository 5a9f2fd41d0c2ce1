/** An SVG drawing as an image source: how the preview and the early script paint a drawing they hold. */
export function svgSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
