import { PREMADE_DESIGNS } from '@tshirt/shared/catalog';
import { parseArtworkReference } from './artworkReference';

const PUBLIC_URL = 'https://shop.example';
const design = PREMADE_DESIGNS[0]!;

describe('parseArtworkReference', () => {
  it('accepts a generated image path and a pre-made design path', () => {
    expect(parseArtworkReference('/creator/images/AbCdEfGhIjKlMn_-.svg', PUBLIC_URL)).toEqual({
      kind: 'generated',
      id: 'AbCdEfGhIjKlMn_-',
      format: 'svg',
      path: '/creator/images/AbCdEfGhIjKlMn_-.svg',
    });
    expect(parseArtworkReference(design.imagePath, PUBLIC_URL)).toEqual({
      kind: 'premade',
      id: design.id,
      path: design.imagePath,
    });
  });

  it('accepts an absolute URL on the public origin', () => {
    expect(parseArtworkReference(`${PUBLIC_URL}${design.imagePath}`, PUBLIC_URL)?.kind).toBe(
      'premade',
    );
  });

  it.each([
    ['a foreign host', `https://evil.example${design.imagePath}`],
    ['a protocol-relative URL', `//evil.example${design.imagePath}`],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:image/svg+xml,<svg/>'],
    ['an unknown design', '/creator/designs/not-a-design.svg'],
    ['a query string', `${design.imagePath}?x=1`],
    ['a fragment', `${design.imagePath}#x`],
    ['a path with ..', '/creator/designs/../images/AbCdEfGhIjKlMn_-.svg'],
    ['a percent-encoded path', '/creator/images/AbCdEfGhIjKlMn%5F-.svg'],
    ['credentials in the URL', `https://user:pw@shop.example${design.imagePath}`],
    ['another scheme on the same host', `http://shop.example${design.imagePath}`],
    ['an empty string', ''],
  ])('refuses %s', (_label, imageURL) => {
    expect(parseArtworkReference(imageURL, PUBLIC_URL)).toBeUndefined();
  });
});
