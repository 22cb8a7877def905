import { describe, it, expect } from 'vitest';
import { controlsHoursText, orderSettingsChanges } from './order-settings.ts';
import { parseTransferHours } from './transfer-hours.ts';

const current = { callsPerDay: 8, workingStates: ['TX', 'FL'], hoursStart: '08:30', hoursEnd: '16:00', timeZone: 'America/Chicago' };

describe('a re-order starts from the current Transfer Controls (issue 34 item 3)', () => {
  it('writes the hours as text the server reads back to the same hours and zone', () => {
    const text = controlsHoursText(current);
    expect(text).toBe('08:30-16:00 CT');
    expect(parseTransferHours(text)).toEqual({ start: '08:30', end: '16:00', timeZone: 'America/Chicago' });
    // A zone without a short name keeps the agent's zone (no word, so the server leaves it).
    expect(parseTransferHours(controlsHoursText({ ...current, timeZone: 'America/Phoenix' }))?.timeZone).toBeNull();
    expect(controlsHoursText({ ...current, hoursStart: null })).toBe('');
  });

  it('the unchanged form changes nothing', () => {
    expect(orderSettingsChanges(current, { callsPerDay: 8, transferHours: controlsHoursText(current), workingStates: ['FL', 'TX'] })).toEqual([]);
  });

  it('lists each change from what is set to what the order sets', () => {
    expect(orderSettingsChanges(current, { callsPerDay: 5, transferHours: '9am-5pm EST', workingStates: ['TX', 'GA'] })).toEqual([
      { label: 'Working states', from: 'FL, TX', to: 'GA, TX' },
      { label: 'Transfer hours', from: '08:30-16:00', to: '09:00-17:00' },
      { label: 'Time zone', from: 'America/Chicago', to: 'America/New_York' },
      { label: 'Calls per day', from: '8', to: '5' },
    ]);
    expect(
      orderSettingsChanges({ ...current, callsPerDay: null, hoursStart: null, hoursEnd: null }, { callsPerDay: 5, transferHours: '9-5', workingStates: [] }),
    ).toEqual([
      { label: 'Transfer hours', from: 'Any time', to: '09:00-17:00' },
      { label: 'Calls per day', from: 'No limit', to: '5' },
    ]);
  });
});
