// The reports' day of an hourly bucket (decision 256): reading the zone's clock once per UTC day gives the
// day localDateKey gives for every hour of a year, DST switches included, in zones east and west of UTC.
import { describe, it, expect } from 'vitest';
import { localDateKey } from '@tm/shared/logic/transfer-rules';
import { dayOfHourIn } from './reports.service.ts';

describe('dayOfHourIn', () => {
  it('answers localDateKey for every UTC hour of 2026 in six zones', () => {
    for (const zone of ['America/New_York', 'America/Los_Angeles', 'America/Phoenix', 'Pacific/Honolulu', 'Europe/London', 'Australia/Lord_Howe']) {
      const dayOf = dayOfHourIn(zone);
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 3_600_000) {
        const hour = new Date(ms).toISOString().slice(0, 13).replace('T', ' ');
        expect(dayOf(hour), `${zone} ${hour}`).toBe(localDateKey(new Date(ms), zone));
      }
    }
  });
});
