import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { TIERS, HIGH_VOLUME, TIER_IDS } from '../catalogue/index.ts';
import {
  NO_CHARGE_UNDER_BUFFER,
  BILLABLE_AGENT_HUNG_UP,
  DEFAULT_CONTROLS,
  billingDecision,
  bufferSecondsFor,
  controlsRefusal,
  disputeDeadline,
  isDateKey,
  isOverBuffer,
  isValidTimeZone,
  localDateKey,
  localDayBounds,
  pauseInForce,
  startOfLocalDate,
  withinDisputeWindow,
  withinHours,
  type AgentControls,
} from './transfer-rules.ts';

describe('bufferSecondsFor', () => {
  it('is each tier buffer from the catalogue: 60 s standard, 120 s the others', () => {
    expect(bufferSecondsFor({ kind: 'transfer_package', tier: 'standard' })).toBe(60);
    for (const t of ['special', 'premium', 'enterprise', 'ultimate'] as const) {
      expect(bufferSecondsFor({ kind: 'transfer_package', tier: t })).toBe(TIERS[t].bufferSeconds);
      expect(TIERS[t].bufferSeconds).toBe(120);
    }
    expect(bufferSecondsFor({ kind: 'transfer_package', tier: 'high-volume' })).toBe(HIGH_VOLUME.bufferSeconds);
  });
  it('gives untiered orders (dashboard live transfers, RingCloud) the standard buffer', () => {
    expect(bufferSecondsFor({ kind: 'live_transfer', tier: null })).toBe(TIERS.standard.bufferSeconds);
    expect(bufferSecondsFor({ kind: 'ringcloud', tier: 'ringcloud' })).toBe(TIERS.standard.bufferSeconds);
  });
});

describe('the buffer rule', () => {
  const buffers = [...TIER_IDS.map((t) => [t, TIERS[t].bufferSeconds] as const), ['high-volume', HIGH_VOLUME.bufferSeconds] as const];
  it.each(buffers)('%s (%i s): just under and at the buffer are free, just over is billable', (_tier, buffer) => {
    expect(billingDecision({ durationSeconds: buffer - 1, bufferSeconds: buffer })).toEqual({ billable: false, note: NO_CHARGE_UNDER_BUFFER });
    expect(billingDecision({ durationSeconds: buffer, bufferSeconds: buffer })).toEqual({ billable: false, note: NO_CHARGE_UNDER_BUFFER });
    expect(billingDecision({ durationSeconds: buffer + 1, bufferSeconds: buffer })).toEqual({ billable: true, note: null });
  });
  it('a call of no more than 2 minutes on the 120-second policy is not charged', () => {
    expect(isOverBuffer(120, 120)).toBe(false);
    expect(isOverBuffer(0, 120)).toBe(false);
  });
  it('counts a short call when the agent hung up after the caller said Yes', () => {
    expect(billingDecision({ durationSeconds: 30, bufferSeconds: 60, agentHungUpAfterYes: true })).toEqual({ billable: true, note: BILLABLE_AGENT_HUNG_UP });
    expect(billingDecision({ durationSeconds: 30, bufferSeconds: 60, agentHungUpAfterYes: false }).billable).toBe(false);
  });
  it('is billable exactly when the duration exceeds the buffer (property)', () => {
    fc.assert(fc.property(fc.nat(10_000), fc.nat(600), (d, b) => billingDecision({ durationSeconds: d, bufferSeconds: b }).billable === d > b));
  });
});

describe('time zones', () => {
  it('validates IANA zones', () => {
    expect(isValidTimeZone('America/Chicago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
  it('reads the local date of the agent, not of the machine', () => {
    expect(localDateKey(new Date('2026-03-01T03:00:00Z'), 'America/New_York')).toBe('2026-02-28');
    expect(localDateKey(new Date('2026-03-01T03:00:00Z'), 'UTC')).toBe('2026-03-01');
  });
  it('knows local midnight in winter and summer', () => {
    expect(startOfLocalDate('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfLocalDate('2026-07-15', 'America/New_York').toISOString()).toBe('2026-07-15T04:00:00.000Z');
    expect(startOfLocalDate('2026-07-15', 'Pacific/Honolulu').toISOString()).toBe('2026-07-15T10:00:00.000Z');
  });
  it('has 23- and 25-hour days at the daylight-saving changes', () => {
    const spring = localDayBounds(new Date('2026-03-08T15:00:00Z'), 'America/New_York');
    expect(spring.dateKey).toBe('2026-03-08');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const fall = localDayBounds(new Date('2026-11-01T15:00:00Z'), 'America/New_York');
    expect((fall.end.getTime() - fall.start.getTime()) / 3_600_000).toBe(25);
  });
  it('checks calendar dates', () => {
    expect(isDateKey('2026-02-28')).toBe(true);
    expect(isDateKey('2026-02-30')).toBe(false);
    expect(isDateKey('26-02-01')).toBe(false);
  });
});

describe('withinHours', () => {
  const chicago = 'America/Chicago';
  // 2026-07-15 is summer: Chicago is UTC-5.
  const at = (hhmm: string) => new Date(`2026-07-15T${hhmm}:00-05:00`);
  it('includes the start and excludes the end, on the agent wall clock', () => {
    const hours = { start: '09:00', end: '17:00' };
    expect(withinHours(at('08:59'), hours, chicago)).toBe(false);
    expect(withinHours(at('09:00'), hours, chicago)).toBe(true);
    expect(withinHours(at('16:59'), hours, chicago)).toBe(true);
    expect(withinHours(at('17:00'), hours, chicago)).toBe(false);
  });
  it('runs overnight when the end is before the start', () => {
    const hours = { start: '20:00', end: '02:00' };
    expect(withinHours(at('23:30'), hours, chicago)).toBe(true);
    expect(withinHours(at('01:59'), hours, chicago)).toBe(true);
    expect(withinHours(at('02:00'), hours, chicago)).toBe(false);
    expect(withinHours(at('12:00'), hours, chicago)).toBe(false);
  });
  it('means any time when no hours are set', () => {
    expect(withinHours(at('03:00'), { start: null, end: null }, chicago)).toBe(true);
  });
});

describe('agent controls', () => {
  const base: AgentControls = { ...DEFAULT_CONTROLS, timeZone: 'America/New_York' };
  const call = { startedAt: new Date('2026-07-15T15:00:00Z'), state: 'FL' }; // 11:00 in New York
  const ok = { callsThatDay: 0, balance: 5 };

  it('accepts anything with the defaults', () => {
    expect(controlsRefusal(base, call, ok)).toBeNull();
  });
  it('refuses a paused agent, and says until when', () => {
    expect(controlsRefusal({ ...base, paused: true, pausedReason: 'agent' }, call, ok)?.reason).toBe('agent_paused');
    expect(controlsRefusal({ ...base, paused: true, pausedReason: 'agent', resumeDate: '2026-07-20' }, call, ok)?.message).toContain('until 2026-07-20');
  });
  it('ends the pause on the resume date in the agent zone', () => {
    const c: AgentControls = { ...base, paused: true, pausedReason: 'agent', resumeDate: '2026-07-16' };
    expect(pauseInForce(c, new Date('2026-07-16T03:59:00Z'), 5)).toBe(true); // 23:59 on the 15th in New York
    expect(pauseInForce(c, new Date('2026-07-16T04:00:00Z'), 5)).toBe(false);
  });
  it('does not refuse a call that started before the pause', () => {
    const c: AgentControls = { ...base, paused: true, pausedReason: 'agent', pausedAt: '2026-07-15T15:00:01Z' };
    expect(controlsRefusal(c, call, ok)).toBeNull();
  });
  it('a no-balance pause answers no_balance and lifts when the balance is back', () => {
    const c: AgentControls = { ...base, paused: true, pausedReason: 'no_balance' };
    expect(controlsRefusal(c, call, { callsThatDay: 0, balance: 0 })?.reason).toBe('no_balance');
    expect(controlsRefusal(c, call, { callsThatDay: 0, balance: 1 })).toBeNull();
  });
  it('refuses states outside the working states', () => {
    const c = { ...base, workingStates: ['TX', 'GA'] };
    expect(controlsRefusal(c, call, ok)).toEqual({ reason: 'state_not_allowed', message: 'The agent does not take calls from FL.' });
    expect(controlsRefusal(c, { ...call, state: 'TX' }, ok)).toBeNull();
  });
  it('refuses outside the transfer hours', () => {
    const c = { ...base, hoursStart: '12:00', hoursEnd: '18:00' };
    expect(controlsRefusal(c, call, ok)?.reason).toBe('outside_hours');
  });
  it('refuses once the day has its calls', () => {
    const c = { ...base, callsPerDay: 3 };
    expect(controlsRefusal(c, call, { callsThatDay: 2, balance: 5 })).toBeNull();
    expect(controlsRefusal(c, call, { callsThatDay: 3, balance: 5 })?.reason).toBe('daily_cap_reached');
  });
});

describe('dispute window', () => {
  const endedAt = '2026-07-15T15:00:00.000Z';
  const recordedAt = '2026-07-15T15:00:05.000Z';
  const deadline = new Date('2026-07-18T15:00:05.000Z');
  it('is 72 hours from when the call was recorded or ended, whichever is later', () => {
    expect(disputeDeadline({ endedAt, recordedAt })).toEqual(deadline);
    expect(disputeDeadline({ endedAt: '2026-07-16T00:00:00Z', recordedAt: '2026-07-15T00:00:00Z' })).toEqual(new Date('2026-07-19T00:00:00Z'));
  });
  it('includes its last millisecond and nothing after', () => {
    expect(withinDisputeWindow({ endedAt, recordedAt }, new Date(deadline.getTime() - 1))).toBe(true);
    expect(withinDisputeWindow({ endedAt, recordedAt }, deadline)).toBe(true);
    expect(withinDisputeWindow({ endedAt, recordedAt }, new Date(deadline.getTime() + 1))).toBe(false);
  });
});
