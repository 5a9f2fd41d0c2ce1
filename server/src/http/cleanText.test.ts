import { withoutControlCharacters } from './cleanText';

describe('withoutControlCharacters', () => {
  it('removes NUL and other control characters but keeps tabs, line breaks and emoji', () => {
    expect(withoutControlCharacters('a\u0000b\u0007c\td\ne\r🎸\u007f')).toBe('abc\td\ne\r🎸');
  });
});
