import { OwnerActionRefused } from '../../orders/ownerActions';
import { checkReason, checkTracking } from './ownerActions';

function refusalOf(check: () => unknown): OwnerActionRefused {
  try {
    check();
  } catch (error) {
    if (error instanceof OwnerActionRefused) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the tracking the owner types', () => {
  it('is kept on one line, trimmed, without invisible controls', () => {
    expect(
      checkTracking({
        carrier: ' UPS\r\n',
        number: '1Z\u202e999\u0000',
        url: ' https://ups.com/t ',
      }),
    ).toEqual({ carrier: 'UPS', number: '1Z999', url: 'https://ups.com/t' });
  });

  it('may have no link', () => {
    expect(checkTracking({ carrier: 'USPS', number: '9400' }).url).toBe('');
  });

  it.each([
    [{ carrier: '', number: '1' }, 'carrier'],
    [{ carrier: 'x'.repeat(61), number: '1' }, 'carrier'],
    [{ carrier: 'USPS', number: '\u200f' }, 'tracking number'],
    [{ carrier: 'USPS', number: '1'.repeat(101) }, 'tracking number'],
    [{ carrier: 'USPS', number: '1', url: 'ftp://example.com/t' }, 'tracking link'],
    [{ carrier: 'USPS', number: '1', url: 'not a link' }, 'tracking link'],
    [{ carrier: 42, number: '1' }, 'carrier'],
  ])('is refused when %j, naming the %s', (tracking, field) => {
    const refusal = refusalOf(() => checkTracking(tracking));
    expect(refusal.code).toBe('invalid_tracking');
    expect(refusal.message).toContain(field);
  });
});

describe('the reason the owner cancels', () => {
  it('is kept on one line, and said for them when they give none', () => {
    expect(checkReason('Wrong\nsize')).toBe('Wrong size');
    expect(checkReason('  ')).toBe('Cancelled by the owner');
    expect(checkReason(undefined)).toBe('Cancelled by the owner');
  });

  it('is refused past 300 characters', () => {
    expect(refusalOf(() => checkReason('x'.repeat(301))).code).toBe('invalid_reason');
  });
});
