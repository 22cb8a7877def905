import { describe, expect, it } from 'vitest';
import { US_STATES, US_STATE_CODES_50_DC, isUsStateCode, toUsStateCode, usStateName } from './us-states.ts';
import { US_STATE_MESSAGE, usStateCodeSchema, usStateListSchema } from './schemas/us-states.ts';

describe('US_STATES (the state field choice)', () => {
  it('holds the 50 states and DC, each code once, and no territory', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATE_CODES_50_DC).size).toBe(51);
    expect(US_STATES.find((s) => s.code === 'DC')?.name).toBe('District of Columbia');
    expect(US_STATE_CODES_50_DC).not.toContain('PR');
    expect(US_STATE_CODES_50_DC.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it('a state field accepts a listed code in any case and refuses anything else by name', () => {
    expect(usStateCodeSchema.parse(' tx ')).toBe('TX');
    for (const bad of ['ZZZZ', 'XX', 'PR', '', 'Texas']) {
      const r = usStateCodeSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(US_STATE_MESSAGE);
    }
  });

  it('a list of states reads text or arrays and refuses an unknown code', () => {
    expect(usStateListSchema.parse('tx, FL;ga TX')).toEqual(['TX', 'FL', 'GA']);
    expect(usStateListSchema.parse(['NY'])).toEqual(['NY']);
    expect(usStateListSchema.safeParse('TX, ZZ').success).toBe(false);
    expect(usStateListSchema.safeParse('').success).toBe(false);
  });

  it('checks codes exactly (never inherited object keys) and has no Puerto Rico', () => {
    const answers = Object.fromEntries(['TX', 'DC', 'tx', 'PR', 'constructor'].map((c) => [c, isUsStateCode(c)]));
    expect(answers).toEqual({ TX: true, DC: true, tx: false, PR: false, constructor: false });
    expect(usStateName('WV')).toBe('West Virginia');
  });

  it('reads a listed state from a code, a name or a dotted form, and nothing else', () => {
    expect(toUsStateCode(' tx ')).toBe('TX');
    expect(toUsStateCode('New  York')).toBe('NY');
    expect(toUsStateCode('D.C.')).toBe('DC');
    expect(toUsStateCode('puerto rico')).toBeNull();
    expect(toUsStateCode('PR')).toBeNull();
    expect(toUsStateCode('Texass')).toBeNull();
    expect(toUsStateCode('')).toBeNull();
  });
});
