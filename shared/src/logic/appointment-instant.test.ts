import { describe, it, expect } from 'vitest';
import { appointmentInstant } from './transfer-rules.ts';
import { formatMaybeDateTime } from './format.ts';

describe('appointment times as said (issue 34 items 1 and 7)', () => {
  it('reads an ISO instant with its zone as given, and a date and time without one on Eastern time', () => {
    expect(appointmentInstant('2026-01-15T19:00:00Z')?.toISOString()).toBe('2026-01-15T19:00:00.000Z');
    expect(appointmentInstant('2026-01-15T14:00:00-05:00')?.toISOString()).toBe('2026-01-15T19:00:00.000Z');
    // Winter (EST, UTC-5) and summer (EDT, UTC-4), whatever the reader's zone (tests run in Los Angeles).
    expect(appointmentInstant('2026-01-15 14:00')?.toISOString()).toBe('2026-01-15T19:00:00.000Z');
    expect(appointmentInstant('2026-07-15T14:00')?.toISOString()).toBe('2026-07-15T18:00:00.000Z');
    expect(appointmentInstant('Tuesday at 3pm')).toBeNull();
    expect(appointmentInstant('2026-01-15')).toBeNull();
    expect(appointmentInstant(null)).toBeNull();
  });

  it('shows such a time on the agent clock, never as the raw string', () => {
    expect(formatMaybeDateTime('2026-01-15 14:00', 'America/Chicago')).toBe('Jan 15, 2026, 1:00 PM CST');
    expect(formatMaybeDateTime('2026-01-15T19:00:00.000Z', 'America/Los_Angeles')).toBe('Jan 15, 2026, 11:00 AM PST');
    expect(formatMaybeDateTime('Tuesday at 3pm', 'America/Chicago')).toBe('Tuesday at 3pm');
  });
});
