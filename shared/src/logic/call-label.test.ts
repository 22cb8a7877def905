// How a call is named in the dispute dialog and the dispute e-mails (issue 34 item 8).
import { describe, expect, it } from 'vitest';
import { callLabel } from './call-label.ts';

const call = { callerName: 'Pat Caller', callerPhone: '(305) 555-0101', state: 'FL', startedAt: '2026-11-20T19:55:00.000Z' };

describe('callLabel', () => {
  it('names the caller, their state and the start on the given clock, zone named', () => {
    expect(callLabel(call, 'America/Los_Angeles')).toBe('Pat Caller, FL, Nov 20, 2026, 11:55 AM PST');
    expect(callLabel(call, 'America/New_York')).toBe('Pat Caller, FL, Nov 20, 2026, 2:55 PM EST');
  });

  it('without a caller name, the number masked to its last four digits', () => {
    expect(callLabel({ ...call, callerName: '  ' }, 'America/Chicago')).toBe('***-***-0101, FL, Nov 20, 2026, 1:55 PM CST');
  });
});
