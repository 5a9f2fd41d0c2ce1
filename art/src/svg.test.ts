import { el, escapeXml, textEl } from './svg';

describe('svg builders', () => {
  it('escapes markup in text and attributes', () => {
    expect(escapeXml(`</text><script>alert(1)</script>"'&`)).toBe('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
    expect(textEl('<b>', { x: 1 })).toBe('<text x="1">&lt;b&gt;</text>');
    expect(el('rect', { title: '"onload="x' })).toBe('<rect title="&quot;onload=&quot;x"/>');
  });

  it('drops characters XML cannot carry', () => {
    expect(escapeXml('a\u0000b\u0007c\ud800d')).toBe('abcd');
  });
});
