import { describe, it, expect } from 'vitest';
import {
  countOf,
  formatDate,
  formatLongDateTime,
  isCalendarDate,
  formatDateTime,
  formatMaybeDateTime,
  formatPhone,
  formatTime,
  formatUsd,
  messageOnly,
  safeZone,
  telHref,
  weekStartKey,
  zoneLabel,
  formatDuration,
} from './format.ts';
import { ApiError, withoutFieldKey } from '../api-client.ts';

describe('dates and times on the agent clock, labelled', () => {
  it('shows New York by default with EST or EDT', () => {
    expect(formatDateTime('2026-11-26T15:00:00.000Z')).toBe('Nov 26, 2026, 10:00 AM EST');
    expect(formatDateTime('2026-07-15T18:05:00.000Z')).toBe('Jul 15, 2026, 2:05 PM EDT');
    expect(formatTime('2026-11-26T15:00:00.000Z')).toBe('10:00 AM EST');
  });
  it('follows the agent zone, including the calendar date', () => {
    expect(formatDateTime('2026-11-26T03:30:00.000Z', 'America/Chicago')).toBe('Nov 25, 2026, 9:30 PM CST');
    expect(formatDate('2026-11-26T03:30:00.000Z', 'America/Los_Angeles')).toBe('Nov 25, 2026');
    expect(formatDate('2026-11-26T03:30:00.000Z', 'America/New_York')).toBe('Nov 25, 2026');
    expect(formatDate('2026-11-26T05:30:00.000Z', 'America/New_York')).toBe('Nov 26, 2026');
  });
  it('keeps a calendar date (no time) on its own day in every zone', () => {
    for (const zone of ['America/Los_Angeles', 'America/New_York', 'Pacific/Honolulu', 'Asia/Tokyo']) {
      expect(formatDate('2026-11-03', zone)).toBe('Nov 3, 2026');
      expect(formatDateTime('2026-11-03', zone)).toBe('Nov 3, 2026');
    }
    expect(isCalendarDate('2026-11-03')).toBe(true);
    expect(isCalendarDate('2026-11-03T00:00:00.000Z')).toBe(false);
  });
  it('names the zone in a message time, with the weekday', () => {
    expect(formatLongDateTime('2026-12-01T18:00:00.000Z', 'America/New_York')).toBe('Tue, Dec 1, 2026, 1:00 PM EST');
    expect(formatLongDateTime('2026-12-01T18:00:00.000Z', 'America/Los_Angeles')).toBe('Tue, Dec 1, 2026, 10:00 AM PST');
  });
  it('labels the zone', () => {
    expect(zoneLabel('America/New_York', new Date('2026-11-26T15:00:00Z'))).toBe('EST');
    expect(zoneLabel('America/New_York', new Date('2026-07-26T15:00:00Z'))).toBe('EDT');
  });
  it('is empty for a missing or unreadable value, and survives an unknown zone', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(safeZone('Mars/Olympus')).toBe('America/New_York');
    expect(formatDateTime('2026-11-26T15:00:00.000Z', 'Mars/Olympus')).toBe('Nov 26, 2026, 10:00 AM EST');
  });
  it('shows an instant on the clock and free text as said', () => {
    expect(formatMaybeDateTime('2026-11-26T15:00:00.000Z')).toBe('Nov 26, 2026, 10:00 AM EST');
    expect(formatMaybeDateTime('Tuesday at 3pm')).toBe('Tuesday at 3pm');
    expect(formatMaybeDateTime(null)).toBe('');
  });
  it('starts the week on Monday', () => {
    expect(weekStartKey('2026-11-25')).toBe('2026-11-23');
    expect(weekStartKey('2026-11-23')).toBe('2026-11-23');
    expect(weekStartKey('2026-11-29')).toBe('2026-11-23');
    expect(weekStartKey('2026-03-01')).toBe('2026-02-23');
  });
});

describe('phones and money', () => {
  it('formats US numbers as (512) 555-0101', () => {
    expect(formatPhone('5125550101')).toBe('(512) 555-0101');
    expect(formatPhone('+1 512-555-0101')).toBe('(512) 555-0101');
    expect(formatPhone('555-01')).toBe('555-01');
    expect(formatPhone(null)).toBe('');
    expect(telHref('(512) 555-0101')).toBe('tel:+15125550101');
  });
  it('uses the catalogue money formatter', () => {
    expect(formatUsd(123450)).toBe('$1,234.50');
    expect(formatUsd(4000)).toBe('$40');
  });
});

describe('messages without field keys', () => {
  it('drops the field key the API puts first', () => {
    const fields = { cardNumber: 'Card number is required' };
    expect(withoutFieldKey('cardNumber: Card number is required', fields)).toBe('Card number is required');
    expect(withoutFieldKey('Payment Failed: try again', fields)).toBe('Payment Failed: try again');
    const err = new ApiError('400: ...', 400, {
      error: 'file_0: Only pdf, doc, docx, jpg, jpeg, png files',
      fields: { file_0: 'Only pdf, doc, docx, jpg, jpeg, png files' },
    });
    expect(err.serverMessage).toBe('Only pdf, doc, docx, jpg, jpeg, png files');
    expect(messageOnly('expiry: Expiry is required')).toBe('Expiry is required');
  });
});

describe('countOf', () => {
  it('says "1 day", never "1 days"', () => {
    expect(countOf(1, 'day')).toBe('1 day');
    expect(countOf(0, 'day')).toBe('0 days');
    expect(countOf(45, 'day')).toBe('45 days');
  });
});

describe('formatDuration', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(59)).toBe('0:59');
    expect(formatDuration(null)).toBe('');
  });
});
