// The transfer ledger's pure rules: which buffer an order carries, whether a call is billable, the
// agent's controls (pause, working states, transfer hours in their own time zone, calls per day) and
// the 72-hour dispute window. Browser-safe: no server import, time zones through Intl only.
import { TIERS, HIGH_VOLUME, type TierId } from '../catalogue/index.ts';
import type { TRANSFER_REFUSAL_REASONS } from '../schemas/integrations.ts';

/** What a call at or under its buffer is recorded as (it draws nothing from the balance). */
export const NO_CHARGE_UNDER_BUFFER = 'No charge: under buffer';
/** What a call from a caller already delivered to the same agent within DUPLICATE_CALLER_DAYS is recorded as. */
export const NO_CHARGE_DUPLICATE_CALLER = 'No charge: duplicate caller';
/** A caller delivered to the same agent again within this many days (inclusive) is free. */
export const DUPLICATE_CALLER_DAYS = 30;
export const DUPLICATE_CALLER_MS = DUPLICATE_CALLER_DAYS * 24 * 60 * 60 * 1000;

/** A caller number in one comparable form: its last 10 digits ('+1 (305) 555-0101' and '3055550101' match). */
export function callerPhoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}

/** Why a call under the buffer is billable anyway (docs/product/rules.md#transfers-buffer-and-billing). */
export const BILLABLE_AGENT_HUNG_UP = 'Billable: the agent ended the call after the caller said Yes';

export const DISPUTE_WINDOW_HOURS = 72;
export const DISPUTE_WINDOW_MS = DISPUTE_WINDOW_HOURS * 60 * 60 * 1000;
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** The US time zones the settings form offers (the API accepts any IANA zone). */
export const US_TIME_ZONES = [
  { id: 'America/New_York', label: 'Eastern' },
  { id: 'America/Chicago', label: 'Central' },
  { id: 'America/Denver', label: 'Mountain' },
  { id: 'America/Phoenix', label: 'Arizona' },
  { id: 'America/Los_Angeles', label: 'Pacific' },
  { id: 'America/Anchorage', label: 'Alaska' },
  { id: 'Pacific/Honolulu', label: 'Hawaii' },
  { id: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
] as const;

// ---------------------------------------------------------------------------------------------
// Buffers and billing

/** The order kinds that buy transfers (RingCloud only with lead type Live Transfers). */
export const TRANSFER_ORDER_KINDS = ['transfer_package', 'live_transfer', 'ringcloud'] as const;

/**
 * The buffer of an order's transfers, in seconds: its tier's (docs/product/rules.md#transfers-buffer-and-billing), 120 s for the
 * high-volume checkout. Orders with no tier (dashboard live transfers, RingCloud live transfers) use
 * the standard tier's buffer: docs/product/portal.md#agent-dashboard shows the dashboard's "60-second buffer".
 */
export function bufferSecondsFor(order: { kind: string; tier: string | null }): number {
  if (order.kind === 'transfer_package' && order.tier) {
    if (order.tier === HIGH_VOLUME.id) return HIGH_VOLUME.bufferSeconds;
    if (order.tier in TIERS) return TIERS[order.tier as TierId].bufferSeconds;
  }
  return TIERS.standard.bufferSeconds;
}

/** A transfer is billable only if the call lasts longer than the buffer: at the buffer is free. */
export function isOverBuffer(durationSeconds: number, bufferSeconds: number): boolean {
  return durationSeconds > bufferSeconds;
}

export interface BillingDecision {
  billable: boolean;
  note: string | null;
}

/**
 * The billing rule of one call. docs/product/rules.md#transfers-buffer-and-billing: "Hang-up by the agent after 'Yes' but before the
 * buffer still counts as valid", so a caller system that reports exactly that makes a short call billable.
 */
export function billingDecision(input: { durationSeconds: number; bufferSeconds: number; agentHungUpAfterYes?: boolean | null }): BillingDecision {
  if (isOverBuffer(input.durationSeconds, input.bufferSeconds)) return { billable: true, note: null };
  if (input.agentHungUpAfterYes === true) return { billable: true, note: BILLABLE_AGENT_HUNG_UP };
  return { billable: false, note: NO_CHARGE_UNDER_BUFFER };
}

// ---------------------------------------------------------------------------------------------
// Time zones (Intl only)

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of an instant in a time zone. */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const out: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(at)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year!, month: out.month!, day: out.day!, hour: out.hour! % 24, minute: out.minute!, second: out.second! };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'YYYY-MM-DD': the calendar date of an instant in a time zone. */
export function localDateKey(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** 'HH:MM' on the wall clock of a time zone. */
export function localTime(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** How far a zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetMs(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is 'YYYY-MM-DD' a real calendar date? */
export function isDateKey(value: string): boolean {
  const m = DATE_KEY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The instant a calendar date starts in a time zone (its local midnight). */
export function startOfLocalDate(dateKey: string, timeZone: string): Date {
  const m = DATE_KEY.exec(dateKey);
  if (!m) throw new RangeError(`Not a date: ${dateKey}`);
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  let t = guess - offsetMs(new Date(guess), timeZone);
  // Near a daylight-saving change the offset at the guess and at the answer differ: use the answer's.
  const second = guess - offsetMs(new Date(t), timeZone);
  if (second !== t) t = second;
  return new Date(t);
}

const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * An appointment's time as said (issue 34 items 1 and 7): an ISO instant with its zone ("Z", "-05:00") as
 * given; a date and time without a zone ("2026-01-15 14:00", what the voice AI and admins type) on Eastern
 * time, the clock the calls are made on; anything else (free text, "Tuesday at 3pm") null. Never the
 * reader's own zone, so the server and every browser read one instant.
 */
export function appointmentInstant(text: string | null | undefined): Date | null {
  if (!text) return null;
  const s = text.trim();
  const m = ZONELESS.exec(s);
  if (m) {
    const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
    if (Number.isNaN(guess)) return null;
    let t = guess - offsetMs(new Date(guess), DEFAULT_TIME_ZONE);
    const second = guess - offsetMs(new Date(t), DEFAULT_TIME_ZONE);
    if (second !== t) t = second;
    return new Date(t);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}.*(Z|[+-]\d{2}:?\d{2})$/i.test(s)) return null;
  const d = new Date(s);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The next calendar date after 'YYYY-MM-DD'. */
export function nextDateKey(dateKey: string): string {
  const m = DATE_KEY.exec(dateKey);
  if (!m) throw new RangeError(`Not a date: ${dateKey}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The local day containing an instant, as UTC instants [start, end): 23 or 25 hours on DST days. */
export function localDayBounds(at: Date, timeZone: string): { start: Date; end: Date; dateKey: string } {
  const dateKey = localDateKey(at, timeZone);
  return { start: startOfLocalDate(dateKey, timeZone), end: startOfLocalDate(nextDateKey(dateKey), timeZone), dateKey };
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export function isHhMm(value: string): boolean {
  return HHMM.test(value);
}
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Is an instant inside the daily hours [start, end) on the time zone's wall clock? A window whose end
 * is before its start runs overnight (20:00-02:00). No hours set means any time.
 */
export function withinHours(at: Date, hours: { start: string | null; end: string | null }, timeZone: string): boolean {
  if (!hours.start || !hours.end) return true;
  const p = zonedParts(at, timeZone);
  const now = p.hour * 60 + p.minute;
  const s = minutesOf(hours.start);
  const e = minutesOf(hours.end);
  if (s === e) return true;
  return s < e ? now >= s && now < e : now >= s || now < e;
}

// ---------------------------------------------------------------------------------------------
// Agent controls

/** 'admin': the operator paused the buyer (transfers and assignments); only an admin lifts it. */
export type PauseReason = 'agent' | 'no_balance' | 'admin';

export interface AgentControls {
  callsPerDay: number | null;
  /** Empty: every state. */
  workingStates: string[];
  hoursStart: string | null;
  hoursEnd: string | null;
  timeZone: string;
  paused: boolean;
  pausedReason: PauseReason | null;
  /** When the pause began (ISO); a call that started before it is not refused. */
  pausedAt: string | null;
  /** 'YYYY-MM-DD' in the agent's zone: from this date on the pause is over. */
  resumeDate: string | null;
  /** The phone live transfers ring (decision 245); null: the account's own phone. */
  deliveryPhone: string | null;
}

export const DEFAULT_CONTROLS: AgentControls = {
  callsPerDay: null,
  workingStates: [],
  hoursStart: null,
  hoursEnd: null,
  timeZone: DEFAULT_TIME_ZONE,
  paused: false,
  pausedReason: null,
  pausedAt: null,
  resumeDate: null,
  deliveryPhone: null,
};

/** Is the agent's pause in force at an instant? A no-balance pause ends as soon as there is balance again. */
export function pauseInForce(c: AgentControls, at: Date, balance: number): boolean {
  if (!c.paused) return false;
  if (c.pausedAt && at.getTime() < new Date(c.pausedAt).getTime()) return false;
  if (c.resumeDate && localDateKey(at, c.timeZone) >= c.resumeDate) return false;
  if (c.pausedReason === 'no_balance' && balance > 0) return false;
  return true;
}

/**
 * Why the transfer callback, its check or the attempts callback refuses (one list, TRANSFER_REFUSAL_REASONS,
 * which the OpenAPI document publishes): unknown_appointment is the attempts callback's (no sold appointment
 * matches), nothing_owed a call-back delivery for an agent with no paid call-back order that still owes some,
 * agent_deactivated an account an admin deactivated.
 */
export type RefusalReason = (typeof TRANSFER_REFUSAL_REASONS)[number];

export interface Refusal {
  reason: RefusalReason;
  message: string;
}

/**
 * Does a call break the agent's controls? Checked at the call's start, in the agent's time zone.
 * callsThatDay: calls already recorded for the agent on that local date. Balance is checked apart.
 */
export function controlsRefusal(c: AgentControls, call: { startedAt: Date; state: string }, ctx: { callsThatDay: number; balance: number }): Refusal | null {
  if (pauseInForce(c, call.startedAt, ctx.balance)) {
    if (c.pausedReason === 'no_balance') return { reason: 'no_balance', message: 'The agent has no transfers left in their balance.' };
    if (c.pausedReason === 'admin') {
      return {
        reason: 'agent_paused',
        message: c.resumeDate ? `The agent's deliveries are paused by an admin until ${c.resumeDate}.` : "The agent's deliveries are paused by an admin.",
      };
    }
    return { reason: 'agent_paused', message: c.resumeDate ? `The agent has paused transfers until ${c.resumeDate}.` : 'The agent has paused transfers.' };
  }
  if (c.workingStates.length > 0 && !c.workingStates.includes(call.state)) {
    return { reason: 'state_not_allowed', message: `The agent does not take calls from ${call.state}.` };
  }
  if (!withinHours(call.startedAt, { start: c.hoursStart, end: c.hoursEnd }, c.timeZone)) {
    return { reason: 'outside_hours', message: `The call is outside the agent's transfer hours (${c.hoursStart}-${c.hoursEnd} ${c.timeZone}).` };
  }
  if (c.callsPerDay !== null && ctx.callsThatDay >= c.callsPerDay) {
    return { reason: 'daily_cap_reached', message: `The agent's limit of ${c.callsPerDay} calls per day is reached.` };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Disputes

/**
 * The 72 hours run from when the call ended or from when it was recorded, whichever is later: an agent
 * cannot dispute a call before it shows in their list.
 */
export function disputeDeadline(call: { endedAt: string | Date; recordedAt: string | Date }): Date {
  const ended = new Date(call.endedAt).getTime();
  const recorded = new Date(call.recordedAt).getTime();
  return new Date(Math.max(ended, recorded) + DISPUTE_WINDOW_MS);
}

/** Inside the window, its last millisecond included. */
export function withinDisputeWindow(call: { endedAt: string | Date; recordedAt: string | Date }, now: Date): boolean {
  return now.getTime() <= disputeDeadline(call).getTime();
}
