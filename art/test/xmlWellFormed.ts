/**
 * A small XML well-formedness check for tests (no parser package needed): balanced tags, quoted and
 * unique attributes, known entities only, one root element, no stray markup characters.
 */

export interface XmlElementInfo {
  name: string;
  attributes: Record<string, string>;
}

export interface XmlCheck {
  ok: boolean;
  error?: string;
  elements: XmlElementInfo[];
  /** Text content, entities decoded. */
  texts: string[];
}

const NAME = /^[A-Za-z_][\w.:-]*$/;

function decodeEntities(text: string): string | undefined {
  let failed = false;
  const decoded = text.replace(/&([^;\s&]*);?/g, (match, body: string) => {
    if (!match.endsWith(';')) failed = true;
    if (body === 'amp') return '&';
    if (body === 'lt') return '<';
    if (body === 'gt') return '>';
    if (body === 'quot') return '"';
    if (body === 'apos') return "'";
    const numeric = /^#(x[0-9a-fA-F]+|\d+)$/.exec(body);
    if (numeric) {
      const value = (numeric[1] as string).startsWith('x') ? Number.parseInt((numeric[1] as string).slice(1), 16) : Number(numeric[1]);
      return String.fromCodePoint(value);
    }
    failed = true;
    return '';
  });
  return failed ? undefined : decoded;
}

export function checkXml(xml: string): XmlCheck {
  const elements: XmlElementInfo[] = [];
  const texts: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  let index = 0;
  const fail = (error: string): XmlCheck => ({ ok: false, error: `${error} at ${index}`, elements, texts });
  while (index < xml.length) {
    const open = xml.indexOf('<', index);
    const textEnd = open === -1 ? xml.length : open;
    const text = xml.slice(index, textEnd);
    if (text.length > 0) {
      if (text.includes('>')) return fail('Stray ">" in text');
      if (stack.length === 0 && text.trim() !== '') return fail('Text outside the root element');
      const decoded = decodeEntities(text);
      if (decoded === undefined) return fail('Bad entity in text');
      texts.push(decoded);
    }
    if (open === -1) break;
    index = open;
    if (xml.startsWith('<?', index)) {
      const end = xml.indexOf('?>', index);
      if (end === -1 || index !== 0) return fail('Bad processing instruction');
      index = end + 2;
      continue;
    }
    if (xml.startsWith('<!--', index)) {
      const end = xml.indexOf('-->', index);
      if (end === -1) return fail('Unclosed comment');
      index = end + 3;
      continue;
    }
    if (xml.startsWith('<!', index)) return fail('Declarations are not allowed');
    const close = xml.indexOf('>', index);
    if (close === -1) return fail('Unclosed tag');
    const inside = xml.slice(index + 1, close);
    if (inside.startsWith('/')) {
      const name = inside.slice(1).trim();
      if (stack.pop() !== name) return fail(`Mismatched closing tag </${name}>`);
      index = close + 1;
      continue;
    }
    // Parse name and attributes, honouring quotes (a ">" inside quotes is an error in our output anyway).
    let cursor = 0;
    const nameMatch = /^[^\s/>]+/.exec(inside);
    if (!nameMatch || !NAME.test(nameMatch[0])) return fail('Bad element name');
    const name = nameMatch[0];
    cursor = name.length;
    const attributes: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      const rest = inside.slice(cursor);
      const space = /^\s*/.exec(rest)?.[0].length ?? 0;
      cursor += space;
      if (cursor >= inside.length) break;
      if (inside.slice(cursor) === '/') {
        selfClosing = true;
        break;
      }
      if (space === 0) return fail('Attributes must be separated by space');
      const attribute = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(inside.slice(cursor));
      if (!attribute) return fail(`Bad attribute in <${name}>`);
      const attributeName = attribute[1] as string;
      if (attributeName in attributes) return fail(`Duplicate attribute ${attributeName}`);
      const value = decodeEntities(attribute[3] ?? attribute[4] ?? '');
      if (value === undefined) return fail('Bad entity in attribute');
      attributes[attributeName] = value;
      cursor += attribute[0].length;
    }
    elements.push({ name, attributes });
    if (stack.length === 0) {
      roots += 1;
      if (roots > 1) return fail('More than one root element');
    }
    if (!selfClosing) stack.push(name);
    index = close + 1;
  }
  if (stack.length > 0) return fail(`Unclosed <${stack[stack.length - 1]}>`);
  if (roots !== 1) return fail('No root element');
  return { ok: true, elements, texts };
}
