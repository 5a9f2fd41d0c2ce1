import { escapeAttribute, unescapeAttribute } from './htmlAttribute';

describe('HTML attribute values', () => {
  const awkward = `["/main.js?a=1&b=2","x\\"<y'>"]`;

  it('escapes what would end or confuse a double-quoted attribute', () => {
    expect(escapeAttribute(awkward)).not.toMatch(/["<]|&(?!amp;|quot;|lt;)/);
  });

  it('reads back what it wrote, and a value the minifier re-quoted with single quotes', () => {
    expect(unescapeAttribute(escapeAttribute(awkward))).toBe(awkward);
    expect(unescapeAttribute('[&#39;/main.js&#39;]')).toBe("['/main.js']");
  });
});
