import { ContentRefusedError, refuseUnprintableArtFields } from './refusedFields';

const empty = { interests: '', colors: '', objects: '', target: '', occasion: '' };

function refusedField(fields: Partial<typeof empty>): string | undefined {
  try {
    refuseUnprintableArtFields({ ...empty, ...fields });
    return undefined;
  } catch (error) {
    if (error instanceof ContentRefusedError) return error.field;
    throw error;
  }
}

describe('refuseUnprintableArtFields', () => {
  it('names the field that holds the refused words', () => {
    expect(refusedField({ interests: 'cats', occasion: 'f u c k' })).toBe('occasion');
    expect(refusedField({ target: 'nazi', colors: 'kkk' })).toBe('colors');
  });

  it('lets no allowed term that runs across two fields hide a refused word', () => {
    // "blue tit" is a bird; "tits" alone in a field is not.
    expect(refusedField({ colors: 'blue', objects: 'tits' })).toBe('objects');
  });

  it('refuses no phrase that only forms across two fields', () => {
    expect(refusedField({ interests: 'zombies, kill', colors: 'all black' })).toBeUndefined();
    expect(refusedField({ interests: 'cats', target: 'Grandpa', occasion: 'birthday' })).toBeUndefined();
  });
});
