import { loadConfig } from '../config';
import { shopDay, shopTime } from './shopTime';

describe('a moment in the shop’s time zone', () => {
  const moment = new Date('2025-03-04T03:05:00Z');

  it('reads as UTC by default', () => {
    expect(shopTime(moment, 'UTC')).toBe('2025-03-04 03:05 UTC');
  });

  it('reads as the local time and zone of the shop, its day included', () => {
    expect(shopTime(moment, 'America/New_York')).toBe('2025-03-03 22:05 EST');
    expect(shopDay(moment, 'America/New_York')).toBe('2025-03-03');
  });
});

describe('the shop’s time zone setting (SHOP_TIME_ZONE)', () => {
  it('is UTC unless set, and an IANA zone when set', () => {
    expect(loadConfig({}).shopTimeZone).toBe('UTC');
    expect(loadConfig({ SHOP_TIME_ZONE: 'Europe/Berlin' }).shopTimeZone).toBe('Europe/Berlin');
  });

  it('refuses a zone nobody knows, saying what to write', () => {
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /SHOP_TIME_ZONE=Mars\/Olympus is not a time zone: name one like Europe\/Berlin/,
    );
  });
});
