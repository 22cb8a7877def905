import { describe, it, expect } from 'vitest';
import { parseAgeFilter, ageMatches } from './age-filter.ts';

describe('parseAgeFilter', () => {
  it('reads a single value as an exact age', () => {
    expect(parseAgeFilter('30')).toEqual({ ok: true, conditions: [{ min: 30, max: 30 }] });
  });
  it('reads a range', () => {
    expect(parseAgeFilter('30-60')).toEqual({ ok: true, conditions: [{ min: 30, max: 60 }] });
    expect(parseAgeFilter(' 30 - 60 ')).toEqual({ ok: true, conditions: [{ min: 30, max: 60 }] });
    expect(parseAgeFilter('60-30')).toEqual({ ok: true, conditions: [{ min: 30, max: 60 }] });
  });
  it('reads a list of values and ranges', () => {
    expect(parseAgeFilter('30,45,60-90')).toEqual({
      ok: true,
      conditions: [
        { min: 30, max: 30 },
        { min: 45, max: 45 },
        { min: 60, max: 90 },
      ],
    });
    expect(parseAgeFilter('30, ,45,')).toEqual({
      ok: true,
      conditions: [
        { min: 30, max: 30 },
        { min: 45, max: 45 },
      ],
    });
  });
  it('answers no conditions for an empty filter', () => {
    expect(parseAgeFilter('')).toEqual({ ok: true, conditions: [] });
    expect(parseAgeFilter(undefined)).toEqual({ ok: true, conditions: [] });
  });
  it('refuses anything else', () => {
    for (const bad of ['abc', '30-', '-5', '1.5', '30-60-90', '999999', '30;40']) {
      expect(parseAgeFilter(bad).ok, bad).toBe(false);
    }
    expect(parseAgeFilter(Array.from({ length: 21 }, (_, i) => String(i)).join(',')).ok).toBe(false);
  });
});

describe('ageMatches', () => {
  it('matches any condition', () => {
    const parsed = parseAgeFilter('30,60-90');
    if (!parsed.ok) throw new Error('parse');
    expect(ageMatches(30, parsed.conditions)).toBe(true);
    expect(ageMatches(31, parsed.conditions)).toBe(false);
    expect(ageMatches(75, parsed.conditions)).toBe(true);
    expect(ageMatches(5, [])).toBe(true);
  });
});
