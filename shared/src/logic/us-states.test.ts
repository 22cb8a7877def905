import { describe, expect, it } from 'vitest';
import { US_STATE_CODES, US_STATES, isUsStateCode, toUsStateCode } from './us-states.ts';

describe('US states', () => {
  it('lists the 50 states, DC and Puerto Rico, codes sorted', () => {
    expect(US_STATE_CODES).toHaveLength(52);
    expect(US_STATE_CODES).toEqual([...US_STATE_CODES].sort());
    expect(US_STATES.DC).toBe('District of Columbia');
    expect(US_STATES.PR).toBe('Puerto Rico');
  });

  it('checks codes exactly, never inherited object keys', () => {
    expect(isUsStateCode('TX')).toBe(true);
    expect(isUsStateCode('tx')).toBe(false);
    expect(isUsStateCode('XX')).toBe(false);
    expect(isUsStateCode('constructor')).toBe(false);
  });

  it('reads codes, names and dotted forms, and nothing else', () => {
    expect(toUsStateCode(' tx ')).toBe('TX');
    expect(toUsStateCode('New  York')).toBe('NY');
    expect(toUsStateCode('D.C.')).toBe('DC');
    expect(toUsStateCode('puerto rico')).toBe('PR');
    expect(toUsStateCode('Texass')).toBeNull();
    expect(toUsStateCode('')).toBeNull();
  });
});
