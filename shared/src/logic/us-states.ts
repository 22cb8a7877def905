// The one US state table (the 50 states, DC and Puerto Rico) and the one way to read a state out of
// free text. Browser-safe: used by the transfer schemas, the portal's state pickers and the lead import.

/** The 50 states, DC and Puerto Rico, by their postal codes. */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
};
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
