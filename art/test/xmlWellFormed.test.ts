import { checkXml } from './xmlWellFormed';
import { findSafetyProblems } from './svgSafety';

describe('the XML well-formedness check used by the art tests', () => {
  it('accepts a small well-formed document and decodes its text', () => {
    const result = checkXml('<svg a="1"><text x="2">a &amp; b &#60;</text><g/></svg>');
    expect(result.ok).toBe(true);
    expect(result.texts).toContain('a & b <');
  });

  it.each([
    ['an unclosed element', '<svg><g></svg>'],
    ['a raw ampersand', '<svg><text>a & b</text></svg>'],
    ['an unquoted attribute', '<svg a=1></svg>'],
    ['a duplicate attribute', '<svg a="1" a="2"></svg>'],
    ['two roots', '<svg></svg><svg></svg>'],
    ['a raw < inside an attribute', '<svg a="<"></svg>'],
  ])('rejects %s', (_, xml) => {
    expect(checkXml(xml).ok).toBe(false);
  });

  it('flags scripts, event attributes and external references', () => {
    expect(findSafetyProblems('<svg><script>x</script></svg>')).not.toHaveLength(0);
    expect(findSafetyProblems('<svg onload="x"></svg>')).not.toHaveLength(0);
    expect(findSafetyProblems('<svg><use href="http://x/y#z"/></svg>')).not.toHaveLength(0);
    expect(findSafetyProblems('<svg><rect fill="url(http://x)"/></svg>')).not.toHaveLength(0);
    expect(findSafetyProblems('<svg><use href="#ok"/><rect fill="url(#ok)"/></svg>')).toEqual([]);
  });
});
