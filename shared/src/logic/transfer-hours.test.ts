import { describe, it, expect } from 'vitest';
import { parseTransferHours } from './transfer-hours.ts';

describe('parseTransferHours', () => {
  it.each([
    ['9am-5pm', '09:00', '17:00', null],
    ['9am-5pm EST, Mon-Fri', '09:00', '17:00', 'America/New_York'],
    ['09:00-17:00', '09:00', '17:00', null],
    ['9:30 AM to 5 PM CT', '09:30', '17:00', 'America/Chicago'],
    ['9-5pm Pacific', '09:00', '17:00', 'America/Los_Angeles'],
    ['8am-6', '08:00', '18:00', null],
    ['12pm-8pm', '12:00', '20:00', null],
    ['9-5', '09:00', '17:00', null],
  ])('%s', (text, start, end, zone) => {
    expect(parseTransferHours(text)).toEqual({ start, end, timeZone: zone });
  });
  it('reads nothing from text without hours', () => {
    expect(parseTransferHours('anytime')).toBeNull();
    expect(parseTransferHours('25-26')).toBeNull();
    expect(parseTransferHours('')).toBeNull();
  });
});
