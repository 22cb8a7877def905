// Transfer hours as a buyer types them ("9am-5pm EST", "09:00-17:00", "9:30 AM to 5 PM CT") read into the
// start and end times (HH:MM, 24-hour) and time zone that Transfer Controls keep (issue 25 item 2).

export interface TransferHours {
  start: string;
  end: string;
  /** An IANA zone when the text names one (EST, Central, PT...); null: the agent's own zone stays. */
  timeZone: string | null;
}

const ZONES: [RegExp, string][] = [
  [/\b(e[sd]?t|eastern)\b/i, 'America/New_York'],
  [/\b(c[sd]?t|central)\b/i, 'America/Chicago'],
  [/\b(m[sd]?t|mountain)\b/i, 'America/Denver'],
  [/\b(p[sd]?t|pacific)\b/i, 'America/Los_Angeles'],
  [/\b(ak[sd]?t|alaska)\b/i, 'America/Anchorage'],
  [/\b(h[sa]?s?t|hawaii)\b/i, 'Pacific/Honolulu'],
];

const TIME = String.raw`(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?`;
const RANGE = new RegExp(String.raw`^\s*${TIME}\s*(?:-|–|—|to|until)\s*${TIME}`, 'i');

function hhmm(h: string, m: string | undefined, ap: string | undefined, other: string | undefined): string | null {
  let hour = Number(h);
  const minute = m === undefined ? 0 : Number(m);
  if (minute > 59) return null;
  const mer = (ap ?? other ?? '').toLowerCase().replace(/\./g, '');
  if (mer) {
    if (hour < 1 || hour > 12) return null;
    if (mer === 'am') hour = hour === 12 ? 0 : hour;
    else hour = hour === 12 ? 12 : hour + 12;
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The hours a text names, or null when it names none that can be read. */
export function parseTransferHours(text: string | null | undefined): TransferHours | null {
  if (!text) return null;
  const m = RANGE.exec(text);
  if (!m) return null;
  const [, h1, m1, ap1, h2, m2, ap2] = m;
  // "9-5pm": the end's meridiem; "9am-5": a start in the morning and a small end is in the afternoon.
  const start = hhmm(h1!, m1, ap1, ap1 ? undefined : ap2 && Number(h1) <= Number(h2) ? ap2 : undefined);
  let end = hhmm(h2!, m2, ap2, undefined);
  if (end && !ap2 && Number(h2) <= 12 && Number(h2) < Number(h1)) end = hhmm(h2!, m2, 'pm', undefined);
  if (!start || !end || start === end) return null;
  const zone = ZONES.find(([re]) => re.test(text.slice(m[0].length)) || re.test(text));
  return { start, end, timeZone: zone ? zone[1] : null };
}

/** "09:00-17:00" as the order form sends hours picked from two time fields. */
export const formatTransferHours = (start: string, end: string, zoneLabel?: string) => `${start}-${end}${zoneLabel ? ` ${zoneLabel}` : ''}`;
