// Display helpers of the transfer ledger: times on the agent's own clock, with the zone's abbreviation.
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', withTime
      ? { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }
      : { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
    cache.set(key, f);
  }
  return f;
}

/** "Jul 15, 2026, 2:05 PM CDT" in the given zone; '' for a missing value. */
export function formatInZone(iso: string | null | undefined, timeZone: string, withTime = true): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return formatter(timeZone, withTime).format(d).replace(/\u202f/g, ' ');
}

/** The browser's own zone, for pages that are not about one agent. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
