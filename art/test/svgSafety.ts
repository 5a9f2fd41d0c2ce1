/** What every artwork must never carry, checked on the parsed elements (used by the tests). */
import { checkXml } from './xmlWellFormed';

export function findSafetyProblems(svg: string): string[] {
  const problems: string[] = [];
  const parsed = checkXml(svg);
  if (!parsed.ok) return [`not well-formed XML: ${parsed.error}`];
  for (const element of parsed.elements) {
    const name = element.name.toLowerCase();
    if (name === 'script' || name === 'foreignobject' || name === 'iframe' || name === 'image' || name === 'a' || name === 'style') {
      problems.push(`forbidden element <${element.name}>`);
    }
    for (const [attribute, value] of Object.entries(element.attributes)) {
      const lower = attribute.toLowerCase();
      if (lower.startsWith('on')) problems.push(`event attribute ${attribute}`);
      if ((lower === 'href' || lower === 'xlink:href') && !value.startsWith('#')) problems.push(`external href ${value}`);
      if (/url\(\s*['"]?(?!#)/i.test(value)) problems.push(`external url() in ${attribute}`);
      if (/(javascript|data|https?):/i.test(value) && lower !== 'xmlns') problems.push(`scheme in ${attribute}: ${value.slice(0, 40)}`);
    }
  }
  return problems;
}
