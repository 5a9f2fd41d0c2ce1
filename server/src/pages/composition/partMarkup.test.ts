import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markupProblem, MAX_MARKUP_DEPTH } from './partMarkup';

describe('markupProblem', () => {
  it.each([
    ['a form', '<form><label for="a">Art</label><input id="a" name="a"/></form>'],
    ['React’s Suspense comments and text', '<!--$--><p>Tom &amp; Jerry</p><!--/$-->'],
    ['paragraphs and list items closed by the parser', '<ul><li>a<li>b</ul><p>one<p>two'],
    ['inline SVG', '<svg viewBox="0 0 1 1"><path d="M0 0"/></svg>'],
    ['a table', '<table><tbody><tr><td>1</td></tr></tbody></table>'],
    [
      'a closed script, style and template',
      '<script>a()</script><style>b{}</style><template><p>c</p></template>',
    ],
    ['Windows line ends', 'a\r\nb'],
  ])('accepts %s', (_name, markup) => {
    expect(markupProblem(markup)).toBeUndefined();
  });

  it.each([
    ['a comment left open', '<section>Preview</section><!--', /eof-in-comment/],
    [
      'end tags of the page',
      '<section>Preview</section></div></div></main>',
      /closes one it did not open/,
    ],
    ['a script left open', '<script>', /eof-in-element-that-can-contain-only-text/],
    ['a template left open', '<template><p>x', /leaves an element open/],
    ['a div left open', '<div>open', /leaves an element open/],
    ['a stray end tag it did not open', '<p>a</p></main>', /drops|closes one/],
    ['misnested formatting', '<b><i>x</b></i>', /drops/],
    ['a doctype in the body', '<!doctype html><p>x</p>', /drops/],
    ['a lone surrogate', '\ud800', /surrogate/],
    [
      'elements nested too deep',
      `${'<span>'.repeat(MAX_MARKUP_DEPTH + 1)}${'</span>'.repeat(MAX_MARKUP_DEPTH + 1)}`,
      /nest deeper/,
    ],
  ])('refuses %s', (_name, markup, reason) => {
    expect(markupProblem(markup)).toMatch(reason);
  });

  it('accepts the parts of the remotes’ real builds, when they are built', () => {
    for (const remote of ['remote-designer', 'remote-checkout']) {
      let text: string;
      try {
        text = readFileSync(join(__dirname, '../../../..', remote, 'dist/fragments.json'), 'utf8');
      } catch {
        continue;
      }
      const { parts } = JSON.parse(text) as { parts: Record<string, { html: string }> };
      for (const part of Object.values(parts)) expect(markupProblem(part.html)).toBeUndefined();
    }
  });
});
