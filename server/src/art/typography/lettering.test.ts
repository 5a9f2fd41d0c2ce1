import { motifById } from '../motifs';
import { breakLines, composeLettering, greetingFor, printableText, recipientName } from './lettering';

describe('lettering from recipient and occasion', () => {
  it('writes "Happy Retirement, Grandpa"', () => {
    expect(composeLettering('my grandpa', 'retirement', ['golf'], []).headline).toBe('Happy Retirement, Grandpa');
  });

  it.each([
    ['birthday', 'Happy Birthday'],
    ['xmas', 'Merry Christmas'],
    ["father's day", "Happy Father's Day"],
    ['graduation', 'Congrats, Grad'],
    ['housewarming', 'Happy Housewarming'],
    ['Happy Diwali', 'Happy Diwali'],
  ])('phrases the occasion "%s" as "%s"', (occasion, greeting) => {
    expect(greetingFor(occasion)).toBe(greeting);
  });

  it('cleans up the recipient', () => {
    expect(recipientName('for my dad')).toBe('Dad');
    expect(recipientName('sarah jane')).toBe('Sarah Jane');
  });

  it('celebrates family with "World\'s Best" and uses a motif tagline when nothing else is given', () => {
    expect(composeLettering('Mom', '', [], []).headline).toBe("World's Best Mom");
    const cat = motifById('cat');
    expect(composeLettering('', '', ['cats'], cat ? [cat] : []).headline).toBe('Stay Pawsome');
  });

  it('drops emoji and keeps long text short enough to letter boldly', () => {
    expect(printableText('Party 🎉 time')).toBe('Party time');
    const long = composeLettering('x'.repeat(500), 'birthday', [], []);
    expect(long.headline.length).toBeLessThanOrEqual(34);
  });

  it('breaks long headlines into balanced lines', () => {
    expect(breakLines('Happy Retirement, Grandpa', 16, 2)).toEqual(['Happy', 'Retirement, Grandpa']);
    expect(breakLines('Short', 16, 2)).toEqual(['Short']);
  });
});
