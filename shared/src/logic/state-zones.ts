// The time zone most of a state's people live in (decision 185): the zone an agent's e-mails use until
// they choose one under Transfer Controls. States split across zones take the zone of their larger part
// (e.g. FL Eastern, TX Central, ID Mountain, OR Pacific, IN Eastern).
import { DEFAULT_TIME_ZONE } from './format.ts';

const E = 'America/New_York';
const C = 'America/Chicago';
const M = 'America/Denver';
const P = 'America/Los_Angeles';

export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: C,
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: C,
  CA: P,
  CO: M,
  CT: E,
  DE: E,
  DC: E,
  FL: E,
  GA: E,
  HI: 'Pacific/Honolulu',
  ID: M,
  IL: C,
  IN: E,
  IA: C,
  KS: C,
  KY: E,
  LA: C,
  ME: E,
  MD: E,
  MA: E,
  MI: E,
  MN: C,
  MS: C,
  MO: C,
  MT: M,
  NE: C,
  NV: P,
  NH: E,
  NJ: E,
  NM: M,
  NY: E,
  NC: E,
  ND: C,
  OH: E,
  OK: C,
  OR: P,
  PA: E,
  RI: E,
  SC: E,
  SD: C,
  TN: C,
  TX: C,
  UT: M,
  VT: E,
  VA: E,
  WA: P,
  WV: E,
  WI: C,
  WY: M,
  PR: 'America/Puerto_Rico',
};

/** The zone of a state code (its larger part), else the default (Eastern). */
export function stateTimeZone(state: string | null | undefined): string {
  return (state && STATE_TIME_ZONES[state.toUpperCase()]) || DEFAULT_TIME_ZONE;
}
