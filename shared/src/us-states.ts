// The one list of US states: the 50 states and the District of Columbia, by postal code, in
// alphabetical order of name. Every state an agent or admin chooses or the API accepts comes from it
// (state selects, working states, the transfer callback, filters); Puerto Rico is not on it. Lead rows
// bought from vendors may also be from Puerto Rico: that is lead data, read by
// api/src/services/leads/lead-state.ts on top of this list (decision 130). Browser-safe and free of
// zod (light for islands); the field schemas are in schemas/us-states.ts.

export interface UsState {
  code: string;
  name: string;
}

/** The 50 states and DC. */
export const US_STATES: readonly UsState[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

/** The codes of US_STATES, for z.enum and quick membership checks. */
export const US_STATE_CODES_50_DC: readonly string[] = US_STATES.map((s) => s.code);

// Built on first use, so an island that takes only US_STATES does not carry them (tree-shaking).
let nameByCode: Map<string, string> | undefined;
let codeByName: Map<string, string> | undefined;
const names = () => (nameByCode ??= new Map(US_STATES.map((s) => [s.code, s.name])));
const codes = () => (codeByName ??= new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.code])));

/** Whether `code` is exactly one of the codes above (case-sensitive: callers upper-case first). */
export function isUsStateCode(code: string): boolean {
  return names().has(code);
}

/** A listed state's name ("TX" -> "Texas"); the code itself when it is not on the list. */
export function usStateName(code: string): string {
  return names().get(code) ?? code;
}

/**
 * A listed state's code from a code in any case ("tx"), a name in any case and spacing ("New  York")
 * or a dotted form ("D.C."); null when it is none of those.
 */
export function toUsStateCode(raw: string): string | null {
  const s = raw.trim().replace(/\./g, '');
  if (isUsStateCode(s.toUpperCase())) return s.toUpperCase();
  return codes().get(s.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/**
 * The states named in free text such as "TX, FL and New York" (an agent's survey answer), sorted, each
 * once; empty when none can be read. Two-letter pieces count only as upper-case codes, longer ones as
 * names (so "or" in prose is not Oregon). `read` reads one piece (lead data reads Puerto Rico too).
 */
export function statesNamedIn(text: string | null | undefined, read: (piece: string) => string | null = toUsStateCode): string[] {
  if (!text) return [];
  const codes = new Set<string>();
  for (const piece of text.split(/[,;/|&\n]+|\band\b/i)) {
    const p = piece.trim();
    if (!p) continue;
    const code = p.length === 2 ? (/^[A-Z]{2}$/.test(p) ? read(p) : null) : read(p);
    if (code) codes.add(code);
  }
  return [...codes].sort();
}
