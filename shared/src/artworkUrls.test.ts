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
    // An image model's picture is printed as drawn: one 300 DPI print file for every shirt.
    expect(printFileUrlForShirt('/creator/images/abcDEF0123456789.png', 'Red')).toBe(
      '/creator/images/abcDEF0123456789.print.png',
    );
    expect(printFileUrlForShirt('https://elsewhere.example/a.png', 'Red')).toBe(
      'https://elsewhere.example/a.png',
    );
  });

  it('names the print file and the colour advice beside the artwork', () => {
    expect(printFileUrlForShirt('/creator/images/abcDEF0123456789.svg', 'Pink')).toBe(
      '/creator/images/abcDEF0123456789.png?shirt=Pink',
    );
    expect(artworkAdviceUrl('/creator/designs/sunset-surf.svg')).toBe(
      '/creator/designs/sunset-surf.json',
    );
  });

  it('finds the colour advice beside an image model’s picture, which is the same on every shirt', () => {
    expect(artworkAdviceUrl('/creator/images/abcDEF0123456789.png')).toBe(
      '/creator/images/abcDEF0123456789.json',
    );
  });

  it('has no advice for artwork that is not the store’s own', () => {
    for (const url of [
      '',
      'https://elsewhere.example/a.png',
      '/creator/designs/sunset-surf.png',
      '/creator/images/abc.png?shirt=Red',
      '/creator/images/../secret.png',
      '/creator/images/abc.jpg',
      'data:image/webp;base64,AAAA',
    ]) {
      expect(artworkAdviceUrl(url)).toBeUndefined();
    }
  });
});
