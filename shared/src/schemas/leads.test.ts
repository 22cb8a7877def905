import { describe, it, expect } from 'vitest';
import { leadsQuerySchema, leadsQueryString, splitList, bulkPurchaseSchema } from './leads.ts';
import { transferOrderSchema, TRANSFER_HOURS_MESSAGE } from './dashboard.ts';

describe('lead filters', () => {
  it('splits comma-separated lists, trimmed and de-duplicated', () => {
    expect(splitList(' tx, FL,,tx ', true)).toEqual(['TX', 'FL']);
    expect(splitList('')).toEqual([]);
  });

  it('parses the query with the same age parser as the browser', () => {
    expect(leadsQuerySchema.parse({ state: 'tx,fl', age: '30-60', zip: '73301', page: '2' })).toEqual({
      states: ['TX', 'FL'],
      zips: ['73301'],
      ages: [{ min: 30, max: 60 }],
      page: 2,
      pageSize: 50,
    });
    expect(leadsQuerySchema.parse({})).toEqual({ states: [], zips: [], ages: [], page: 1, pageSize: 50 });
  });

  it('builds the query string the API reads back', () => {
    const qs = leadsQueryString({ state: 'TX, FL', age: '30-60', zip: '' }, 3);
    expect(qs).toBe('state=TX%2C+FL&age=30-60&page=3&pageSize=50');
    expect(leadsQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)))).toMatchObject({ states: ['TX', 'FL'], page: 3 });
  });

  it('refuses an empty purchase with the spec message', () => {
    const r = bulkPurchaseSchema.safeParse({ leadIds: [] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please select at least one lead to purchase.');
  });
});

describe('live transfer order form', () => {
  it('uses the spec messages', () => {
    const r = transferOrderSchema.safeParse({ totalTransfers: Number.NaN, callsPerDay: 0, transferHours: ' ', transferPhone: '555', workingStates: '' });
    expect(r.success).toBe(false);
    // The first message for each field is the one the form shows.
    const messages: Record<string, string> = {};
    for (const i of r.error!.issues) messages[String(i.path[0])] ??= i.message;
    expect(messages).toEqual({
      totalTransfers: 'Must be at least 1 transfer',
      callsPerDay: 'Must be at least 1 call per day',
      transferHours: 'Please specify transfer hours',
      transferPhone: 'Phone number must be at least 10 digits',
      workingStates: 'Please specify working states',
    });
  });

  it('asks for transfer hours with a start and an end (they become Transfer Controls hours)', () => {
    const base = { totalTransfers: 10, callsPerDay: 5, transferPhone: '555-123-4567', workingStates: 'FL' };
    const bad = transferOrderSchema.safeParse({ ...base, transferHours: 'whenever' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [String(i.path[0]), i.message])).toEqual([['transferHours', TRANSFER_HOURS_MESSAGE]]);
    expect(transferOrderSchema.safeParse({ ...base, transferHours: '9am-5pm EST' }).success).toBe(true);
  });
});
