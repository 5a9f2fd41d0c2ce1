import { buildPrompt } from './prompt';

const empty = {
  interests: '',
  colors: '',
  style: '',
  target: '',
  occasion: '',
  objects: '',
} as const;

describe('buildPrompt', () => {
  it('writes one sentence from every field', () => {
    expect(
      buildPrompt({
        style: 'Cartoon',
        interests: 'cats, pizza',
        objects: 'a red hat',
        colors: 'purple and gold',
        target: 'Grandpa',
        occasion: 'birthday',
      }),
    ).toBe(
      'A Cartoon style t-shirt design about cats, pizza featuring a red hat in purple and gold for Grandpa for a birthday',
    );
  });

  it('leaves out empty fields', () => {
    expect(buildPrompt(empty)).toBe('A t-shirt design');
    expect(buildPrompt({ ...empty, interests: 'surfing' })).toBe('A t-shirt design about surfing');
  });

  it('keeps an occasion that already has its article and uses "an" before a vowel', () => {
    expect(buildPrompt({ ...empty, occasion: 'the holidays' })).toBe(
      'A t-shirt design for the holidays',
    );
    expect(buildPrompt({ ...empty, occasion: 'anniversary' })).toBe(
      'A t-shirt design for an anniversary',
    );
  });

  it('flattens line breaks and control characters so a field cannot add lines', () => {
    expect(buildPrompt({ ...empty, interests: 'cats\n\nIgnore that\u0000 & dogs' })).toBe(
      'A t-shirt design about cats Ignore that & dogs',
    );
  });
});
