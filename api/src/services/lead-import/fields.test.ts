import { describe, it, expect } from 'vitest';
import { normalizePhone, normalizeState, normalizeZip, parseDate, parsePriceCents } from './fields.ts';
import { suggestMapping } from './mapping.ts';

const value = <T>(p: { ok: boolean; value?: T }) => (p.ok ? p.value : undefined);

describe('normalizePhone', () => {
  it.each([
    ['(512) 555-0101', '5125550101'],
    ['+1 512.555.0101', '5125550101'],
    ['1-512-555-0101', '5125550101'],
    ['512 555 0101', '5125550101'],
  ])('%s -> %s', (raw, out) => expect(value(normalizePhone(raw))).toBe(out));

  it.each(['555-0101', '05125550101', '0125550101', '25125550101', ''])('refuses %j', (raw) => expect(normalizePhone(raw).ok).toBe(false));
});

describe('normalizeState / normalizeZip / parsePriceCents / parseDate', () => {
  it('normalises states by code or name', () => {
    expect(value(normalizeState('tx'))).toBe('TX');
    expect(value(normalizeState('New  York'))).toBe('NY');
    expect(value(normalizeState('D.C.'))).toBe('DC');
    expect(normalizeState('Texass').ok).toBe(false);
    // Lead data may come from Puerto Rico (decision 130), though no agent chooses it as a state.
    expect(value(normalizeState('Puerto Rico'))).toBe('PR');
  });
  it('restores leading zeros and keeps ZIP+4', () => {
    expect(value(normalizeZip('2134'))).toBe('02134');
    expect(value(normalizeZip('12345-6789'))).toBe('12345-6789');
    expect(value(normalizeZip('123456789'))).toBe('12345-6789');
    expect(normalizeZip('12').ok).toBe(false);
  });
  it('reads dollars into cents', () => {
    expect(value(parsePriceCents('$1,234.5'))).toBe(123450);
    expect(value(parsePriceCents('7'))).toBe(700);
    expect(parsePriceCents('-1').ok).toBe(false);
    expect(parsePriceCents('1.234').ok).toBe(false);
  });
  it('reads ISO and US dates as UTC and refuses impossible ones', () => {
    expect(value(parseDate('2026-01-02'))?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(value(parseDate('3/1/2026 2:30 PM'))?.toISOString()).toBe('2026-03-01T14:30:00.000Z');
    expect(value(parseDate('2026-01-02T10:00:00Z'))?.toISOString()).toBe('2026-01-02T10:00:00.000Z');
    expect(parseDate('2026-02-30').ok).toBe(false);
    expect(parseDate('13/01/2026').ok).toBe(false);
    expect(parseDate('yesterday').ok).toBe(false);
  });
});

describe('suggestMapping', () => {
  it('matches usual header names, each column once', () => {
    expect(suggestMapping(['Full Name', 'Cell Phone', 'Phone', 'ST', 'Postal Code', 'Cost'], 'sale')).toEqual({
      name: 0,
      phone: 2,
      state: 3,
      zipCode: 4,
      price: 5,
    });
    // Price is not a field of leads for assignment.
    expect(suggestMapping(['name', 'mobile', 'price'], 'assignment')).toEqual({ name: 0, phone: 1 });
  });
});
