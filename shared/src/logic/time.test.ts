import { describe, it, expect } from 'vitest';
import { formatEst, formatEstDate, formatDuration } from './time.ts';

describe('formatEst', () => {
  it('shows New York time with the EST label in winter', () => {
    expect(formatEst('2026-01-15T19:05:00.000Z')).toBe('Jan 15, 2026, 2:05 PM EST');
  });
  it('follows New York daylight time while keeping the label', () => {
    expect(formatEst(new Date('2026-07-04T16:30:00Z'))).toBe('Jul 4, 2026, 12:30 PM EST');
  });
  it('crosses the date line of New York, not of the machine', () => {
    expect(formatEst('2026-03-01T03:00:00Z')).toBe('Feb 28, 2026, 10:00 PM EST');
    expect(formatEstDate('2026-03-01T03:00:00Z')).toBe('Feb 28, 2026');
  });
  it('answers an empty string for missing or bad values', () => {
    expect(formatEst(null)).toBe('');
    expect(formatEst('')).toBe('');
    expect(formatEst('not a date')).toBe('');
  });
});

describe('formatDuration', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(59)).toBe('0:59');
    expect(formatDuration(null)).toBe('');
  });
});
