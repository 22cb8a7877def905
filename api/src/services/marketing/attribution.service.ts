// Ad attribution kept with what it brought (issue 37 point 1, decision 232): what a browser sent is cut by
// sanitizeAttribution and written as one attributions row in the caller's transaction; the order, the
// sign-up, the partner application and the account point at it.
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import { sanitizeAttribution, touchLabel, TOUCH_FIELDS, type Touch, type TouchField } from '@tm/shared/logic/attribution';
import type { AttributionView } from '@tm/shared/schemas/attribution';
import { toDbDate, toIso } from '../../db/dates.ts';
import { Attribution, User } from '../../models/index.ts';

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
type Prefix = 'first' | 'last';
const col = (p: Prefix, f: TouchField | 'at') => `${p}${cap(f)}` as keyof Attribution;

function touchColumns(p: Prefix, t: Touch | null): PartialModelObject<Attribution> {
  const out: Record<string, string | null> = {};
  for (const f of TOUCH_FIELDS) out[col(p, f)] = t ? t[f] : null;
  out[col(p, 'at')] = t ? toDbDate(new Date(t.at)) : null;
  return out as PartialModelObject<Attribution>;
}

/**
 * Stores what the browser sent (any shape: cut, dated, never refused) and returns the row's id, or null
 * when nothing usable came (a direct visit). `now` dates the 90 days.
 */
export async function saveAttribution(db: Knex | Knex.Transaction, raw: unknown, now: Date, userAgent?: string | null): Promise<number | null> {
  const a = sanitizeAttribution(raw, now);
  if (!a) return null;
  const row = await Attribution.query(db).insert({
    ...touchColumns('first', a.first),
    ...touchColumns('last', a.last),
    userAgent: userAgent ? userAgent.slice(0, 500) : null,
    createdAt: toDbDate(now),
  });
  return Number(row.id);
}

/** An account without an attribution takes the one of what first brought it (its first paid order or sign-up). */
export async function attributeAccount(db: Knex | Knex.Transaction, userId: number, attributionId: number | null | undefined): Promise<void> {
  if (!attributionId) return;
  await User.query(db).where({ id: userId }).whereNull('attributionId').patch({ attributionId });
}

function touchOf(r: Attribution, p: Prefix): Touch | null {
  const at = toIso(r[col(p, 'at')]);
  if (!at) return null;
  const t = { at } as Touch;
  for (const f of TOUCH_FIELDS) t[f] = (r[col(p, f)] as string | null) ?? null;
  return t;
}

export function attributionView(r: Attribution | undefined | null): AttributionView | null {
  if (!r) return null;
  const first = touchOf(r, 'first');
  const last = touchOf(r, 'last');
  return { first, last, label: touchLabel(last) };
}

export async function getAttribution(db: Knex, id: number | null | undefined): Promise<AttributionView | null> {
  if (!id) return null;
  return attributionView(await Attribution.query(db).findById(id));
}
