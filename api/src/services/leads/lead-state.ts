// The state of a lead row: lead vendors sell leads from the 50 states, DC and Puerto Rico, so a lead's
// state is read on the one list of US states (shared/src/us-states.ts) plus Puerto Rico. This is lead
// data only (the lead import, and matching an order's working states against lead rows); every state
// an agent or admin chooses is one of the 50 states and DC (decision 130).
import { US_STATES, toUsStateCode } from '@tm/shared/us-states';

const LEAD_ONLY_STATES: Record<string, string> = { PR: 'Puerto Rico' };

/** The states a lead row may carry, by postal code: the 50 states, DC and Puerto Rico. */
export const LEAD_STATES: Record<string, string> = { ...Object.fromEntries(US_STATES.map((s) => [s.code, s.name])), ...LEAD_ONLY_STATES };
export const LEAD_STATE_CODES = Object.keys(LEAD_STATES).sort();

/** Whether `code` is exactly a state a lead row may carry (case-sensitive: callers upper-case first). */
export function isLeadStateCode(code: string): boolean {
  return Object.hasOwn(LEAD_STATES, code);
}

/** A lead's state code read from a code, a name or a dotted form (as toUsStateCode), Puerto Rico included. */
export function toLeadStateCode(raw: string): string | null {
  const listed = toUsStateCode(raw);
  if (listed) return listed;
  const s = raw.trim().replace(/\./g, '').replace(/\s+/g, ' ');
  for (const [code, name] of Object.entries(LEAD_ONLY_STATES)) {
    if (s.toUpperCase() === code || s.toLowerCase() === name.toLowerCase()) return code;
  }
  return null;
}
