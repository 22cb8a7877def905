import { describe, expect, it } from 'vitest';
import { LEAD_STATE_CODES, LEAD_STATES, isLeadStateCode, toLeadStateCode } from './lead-state.ts';

describe('lead states (lead data: the 50 states, DC and Puerto Rico)', () => {
  it('lists the 50 states, DC and Puerto Rico, codes sorted', () => {
    expect(LEAD_STATE_CODES).toHaveLength(52);
    expect(LEAD_STATE_CODES).toEqual([...LEAD_STATE_CODES].sort());
    expect(LEAD_STATES.DC).toBe('District of Columbia');
    expect(LEAD_STATES.PR).toBe('Puerto Rico');
  });

  it('checks codes exactly, never inherited object keys', () => {
    expect(isLeadStateCode('TX')).toBe(true);
    expect(isLeadStateCode('PR')).toBe(true);
    expect(isLeadStateCode('tx')).toBe(false);
    expect(isLeadStateCode('XX')).toBe(false);
    expect(isLeadStateCode('constructor')).toBe(false);
  });

  it('reads codes, names and dotted forms, and nothing else', () => {
    expect(toLeadStateCode(' tx ')).toBe('TX');
    expect(toLeadStateCode('New  York')).toBe('NY');
    expect(toLeadStateCode('D.C.')).toBe('DC');
    expect(toLeadStateCode('puerto rico')).toBe('PR');
    expect(toLeadStateCode('pr')).toBe('PR');
    expect(toLeadStateCode('Texass')).toBeNull();
    expect(toLeadStateCode('')).toBeNull();
  });
});
