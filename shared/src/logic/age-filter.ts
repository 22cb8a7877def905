// The age filter of the lead lists, in days: "30", "30-60" or a list such as "30,45,60-90".
// The browser and the server parse it with this same function.

export interface AgeCondition {
  min: number;
  max: number;
}
export type AgeFilterResult = { ok: true; conditions: AgeCondition[] } | { ok: false; error: string };

export const MAX_AGE_DAYS = 36500;
export const MAX_AGE_TERMS = 20;
export const AGE_FILTER_MESSAGE = 'Age must be a number of days, a range such as 30-60, or a comma-separated list';

export function parseAgeFilter(input: string | null | undefined): AgeFilterResult {
  const text = String(input ?? '').trim();
  if (!text) return { ok: true, conditions: [] };
  const terms = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (terms.length > MAX_AGE_TERMS) return { ok: false, error: `Age accepts at most ${MAX_AGE_TERMS} values` };
  const conditions: AgeCondition[] = [];
  for (const term of terms) {
    const m = /^(\d{1,5})(?:\s*-\s*(\d{1,5}))?$/.exec(term);
    if (!m) return { ok: false, error: AGE_FILTER_MESSAGE };
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > MAX_AGE_DAYS || b > MAX_AGE_DAYS) return { ok: false, error: AGE_FILTER_MESSAGE };
    // "60-30" means the same range as "30-60".
    conditions.push({ min: Math.min(a, b), max: Math.max(a, b) });
  }
  return { ok: true, conditions };
}

/** Does an age in days match the conditions (no conditions: everything matches)? */
export function ageMatches(ageDays: number, conditions: AgeCondition[]): boolean {
  return conditions.length === 0 || conditions.some((c) => ageDays >= c.min && ageDays <= c.max);
}
