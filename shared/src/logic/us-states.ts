// The one US state table (the 50 states, DC and Puerto Rico) and the one way to read a state out of
// free text. Browser-safe: used by the transfer schemas, the portal's state pickers and the lead import.
import { US_STATES as STATE_CHOICES } from '../us-states.ts';

/** The 50 states, DC and Puerto Rico, by their postal codes (the field choice of ../us-states.ts plus PR). */
export const US_STATES: Record<string, string> = Object.fromEntries([...STATE_CHOICES.map((s) => [s.code, s.name] as const), ['PR', 'Puerto Rico'] as const]);
export const US_STATE_CODES = Object.keys(US_STATES).sort();

const CODE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/** Whether `code` is exactly one of the postal codes above (case-sensitive: callers upper-case first). */
export function isUsStateCode(code: string): boolean {
  return Object.hasOwn(US_STATES, code);
}

/**
 * A state's postal code from a code in any case ("tx"), a name in any case and spacing ("New  York")
 * or a dotted form ("D.C."); null when it is none of those.
 */
export function toUsStateCode(raw: string): string | null {
  const s = raw.trim().replace(/\./g, '');
  if (isUsStateCode(s.toUpperCase())) return s.toUpperCase();
  return CODE_BY_NAME.get(s.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}
