import { artworkAdviceUrl, artworkUrlForShirt, printFileUrlForShirt } from './artworkUrls';

describe('artwork addresses per shirt colour', () => {
  it('asks for a generated artwork drawn for the chosen shirt, the colour URL-encoded', () => {
    expect(artworkUrlForShirt('/creator/images/abcDEF0123456789.svg', 'Light Grey')).toBe(
      '/creator/images/abcDEF0123456789.svg?shirt=Light%20Grey',
    );
    expect(artworkUrlForShirt('/creator/designs/sunset-surf.svg', 'Navy')).toBe(
      '/creator/designs/sunset-surf.svg?shirt=Navy',
    );
  });

  it('leaves artwork the server cannot redraw as it is', () => {
    expect(artworkUrlForShirt('/creator/images/abcDEF0123456789.png', 'Red')).toBe(
      '/creator/images/abcDEF0123456789.png',
    );
    expect(artworkUrlForShirt('https://elsewhere.example/a.svg', 'Red')).toBe(
      'https://elsewhere.example/a.svg',
    );
    expect(artworkUrlForShirt('', 'Red')).toBe('');
    expect(artworkAdviceUrl('/creator/images/abcDEF0123456789.png')).toBeUndefined();
  });

  it('names the print file and the colour advice beside the artwork', () => {
    expect(printFileUrlForShirt('/creator/images/abcDEF0123456789.svg', 'Pink')).toBe(
      '/creator/images/abcDEF0123456789.png?shirt=Pink',
    );
    expect(artworkAdviceUrl('/creator/designs/sunset-surf.svg')).toBe(
      '/creator/designs/sunset-surf.json',
    );
  });
});
