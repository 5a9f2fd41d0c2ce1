/** The one way the engine writes SVG: every attribute value and text node goes through escapeXml. */

export type Attributes = Record<string, string | number | undefined | null | false>;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for element content and attribute values; also drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? '');
}

/** Numbers with at most one decimal keep the SVG small. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function attributeText(attributes: Attributes): string {
  let text = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    const rendered = typeof value === 'number' ? num(value) : escapeXml(value);
    text += ` ${name}="${rendered}"`;
  }
  return text;
}

/** One element; children are already-built SVG strings. */
export function el(tag: string, attributes: Attributes = {}, children: string | readonly string[] = ''): string {
  const inner = typeof children === 'string' ? children : children.join('');
  return inner === '' ? `<${tag}${attributeText(attributes)}/>` : `<${tag}${attributeText(attributes)}>${inner}</${tag}>`;
}

/** A text element whose content is user text, escaped. */
export function textEl(content: string, attributes: Attributes): string {
  return `<text${attributeText(attributes)}>${escapeXml(content)}</text>`;
}

export function group(attributes: Attributes, children: readonly string[]): string {
  return el('g', attributes, children);
}

/** Collects <defs> with ids unique inside one document. */
export class Defs {
  private readonly entries: string[] = [];
  private counter = 0;

  /** Adds a definition built from a fresh id and returns that id. */
  add(prefix: string, build: (id: string) => string): string {
    this.counter += 1;
    const id = `${prefix}${this.counter}`;
    this.entries.push(build(id));
    return id;
  }

  render(): string {
    return this.entries.length === 0 ? '' : el('defs', {}, this.entries);
  }
}

export function url(id: string): string {
  return `url(#${id})`;
}

/** A closed path through points. */
export function polygonPath(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${num(x)} ${num(y)}`).join('') + 'Z';
}

/** A smooth closed blob through points (Catmull-Rom turned into cubic Béziers). */
export function smoothClosedPath(points: ReadonlyArray<readonly [number, number]>): string {
  const count = points.length;
  const at = (index: number) => points[((index % count) + count) % count] as readonly [number, number];
  let d = `M${num(at(0)[0])} ${num(at(0)[1])}`;
  for (let index = 0; index < count; index += 1) {
    const [x0, y0] = at(index - 1);
    const [x1, y1] = at(index);
    const [x2, y2] = at(index + 1);
    const [x3, y3] = at(index + 2);
    d += `C${num(x1 + (x2 - x0) / 6)} ${num(y1 + (y2 - y0) / 6)} ${num(x2 - (x3 - x1) / 6)} ${num(y2 - (y3 - y1) / 6)} ${num(x2)} ${num(y2)}`;
  }
  return d + 'Z';
}

/** An open smooth stroke through points. */
export function smoothOpenPath(points: ReadonlyArray<readonly [number, number]>): string {
  const count = points.length;
  const at = (index: number) => points[Math.max(0, Math.min(count - 1, index))] as readonly [number, number];
  let d = `M${num(at(0)[0])} ${num(at(0)[1])}`;
  for (let index = 0; index < count - 1; index += 1) {
    const [x0, y0] = at(index - 1);
    const [x1, y1] = at(index);
    const [x2, y2] = at(index + 1);
    const [x3, y3] = at(index + 2);
    d += `C${num(x1 + (x2 - x0) / 6)} ${num(y1 + (y2 - y0) / 6)} ${num(x2 - (x3 - x1) / 6)} ${num(y2 - (y3 - y1) / 6)} ${num(x2)} ${num(y2)}`;
  }
  return d;
}

/** A wobbly ring of points around a centre, for blobs, splats and brushy frames. */
export function wobblyRing(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  count: number,
  wobble: () => number,
): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let index = 0; index < count; index += 1) {
    const angle = (index / count) * Math.PI * 2;
    const factor = 1 + wobble();
    points.push([cx + Math.cos(angle) * rx * factor, cy + Math.sin(angle) * ry * factor]);
  }
  return points;
}

/** A star polygon (sparkles, badges, bursts). */
export function starPoints(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  spikes: number,
  rotation = -Math.PI / 2,
): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let index = 0; index < spikes * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = rotation + (index / (spikes * 2)) * Math.PI * 2;
    points.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
  }
  return points;
}
