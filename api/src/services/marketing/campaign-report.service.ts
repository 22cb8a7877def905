// Revenue, orders and new agents by source, medium and campaign (issue 37 point 2, decision 233). Net is the
// order's amount less what was refunded of it (orders.refunded_cents, as the refunds and the receipts keep
// it), computed in paidOrders() alone: the report and the conversion exports read it from there.
import type { Knex } from 'knex';
import { safeZone } from '@tm/shared/logic/format';
import type { CampaignReport, CampaignRow, DateRangeQuery } from '@tm/shared/schemas/attribution';
import type { Db } from '../../db/index.ts';
import { toDbDate, zoneDayStart } from '../../db/dates.ts';
import { csvLine } from '../../lib/csv.ts';
import { centsToDecimal } from '@tm/shared';
import { Attribution, OnboardingSurvey, Order, User } from '../../models/index.ts';

/** The campaign's words where a touch has none (as analytics tools write them). */
export const DIRECT = { source: '(direct)', medium: '(none)', campaign: '(not set)' } as const;
export const NOT_SET = '(not set)';

/** A date range's UTC bounds: from the start of `from` to the start of the day after `to`, in the zone. */
export function rangeBounds(q: DateRangeQuery): { zone: string; start: string; end: string } {
  const zone = safeZone(q.tz);
  const next = new Date(`${q.to}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { zone, start: toDbDate(zoneDayStart(q.from, zone)), end: toDbDate(zoneDayStart(next.toISOString().slice(0, 10), zone)) };
}

/**
 * Every paid order (status paid, or refunded in full) paid within the range, one row each with its net
 * (amount less refunds) and its attribution's columns under `a`, and the buyer's e-mail and phone (the
 * account's, else the sign-up's). The one place net is computed.
 */
export function paidOrders(db: Db, q: DateRangeQuery): Knex.QueryBuilder {
  const { start, end } = rangeBounds(q);
  return Order.query(db)
    .alias('o')
    .leftJoin(`${Attribution.tableName} as a`, 'a.id', 'o.attributionId')
    .leftJoin(`${User.tableName} as u`, 'u.id', 'o.userId')
    .leftJoin(`${OnboardingSurvey.tableName} as s`, 's.id', 'o.surveyId')
    .whereIn('o.status', ['paid', 'refunded'])
    .where('o.paidAt', '>=', start)
    .where('o.paidAt', '<', end)
    .select(
      'o.id',
      'o.kind',
      'o.paidAt',
      'o.amountCents',
      'o.currency',
      db.raw('?? - ?? as ??', ['o.amount_cents', 'o.refunded_cents', 'netCents']),
      'a.lastSource',
      'a.lastMedium',
      'a.lastCampaign',
      'a.firstGclid',
      'a.firstAt',
      'a.lastGclid',
      'a.lastAt',
      'a.firstFbclid',
      'a.lastFbclid',
      'a.userAgent',
      db.raw('COALESCE(??, ??) as ??', ['u.email', 's.email', 'buyerEmail']),
      db.raw('COALESCE(??, ??) as ??', ['u.phone', 's.phone', 'buyerPhone']),
    )
    .toKnexQuery();
}

const key = (r: { source: string; medium: string; campaign: string }) => JSON.stringify([r.source, r.medium, r.campaign]);
const words = (source: unknown, medium: unknown, campaign: unknown) =>
  source || medium || campaign
    ? { source: String(source ?? NOT_SET), medium: String(medium ?? NOT_SET), campaign: String(campaign ?? NOT_SET) }
    : { ...DIRECT };

/** GET /api/admin/reports/campaigns: one row per source / medium / campaign (the last touch), most net first. */
export async function campaignReport(db: Db, q: DateRangeQuery): Promise<CampaignReport> {
  const { start, end } = rangeBounds(q);
  const byOrder = (await db
    .from(paidOrders(db, q).as('p'))
    .groupBy('p.lastSource', 'p.lastMedium', 'p.lastCampaign')
    .select('p.lastSource', 'p.lastMedium', 'p.lastCampaign')
    .count({ orders: '*' })
    .sum({ grossCents: 'p.amountCents', netCents: 'p.netCents' })) as Array<Record<string, unknown>>;
  const byAgent = (await User.query(db)
    .alias('u')
    .leftJoin(`${Attribution.tableName} as a`, 'a.id', 'u.attributionId')
    .where('u.createdAt', '>=', start)
    .where('u.createdAt', '<', end)
    .where('u.isAdmin', false)
    .groupBy('a.lastSource', 'a.lastMedium', 'a.lastCampaign')
    .select('a.lastSource', 'a.lastMedium', 'a.lastCampaign')
    .count({ newAgents: '*' })
    .toKnexQuery()) as Array<Record<string, unknown>>;
  const rows = new Map<string, CampaignRow>();
  const rowOf = (r: Record<string, unknown>) => {
    const w = words(r.lastSource, r.lastMedium, r.lastCampaign);
    const k = key(w);
    if (!rows.has(k)) rows.set(k, { ...w, orders: 0, grossCents: 0, netCents: 0, newAgents: 0 });
    return rows.get(k)!;
  };
  for (const r of byOrder) {
    const row = rowOf(r);
    row.orders += Number(r.orders ?? 0);
    row.grossCents += Number(r.grossCents ?? 0);
    row.netCents += Number(r.netCents ?? 0);
  }
  for (const r of byAgent) rowOf(r).newAgents += Number(r.newAgents ?? 0);
  return {
    rows: [...rows.values()].sort((a, b) => b.netCents - a.netCents || b.orders - a.orders || b.newAgents - a.newAgents || key(a).localeCompare(key(b))),
  };
}

export async function campaignReportCsv(db: Db, q: DateRangeQuery): Promise<string> {
  const { rows } = await campaignReport(db, q);
  let out = csvLine(['Source', 'Medium', 'Campaign', 'Orders', 'Gross (USD)', 'Net (USD)', 'New agents']);
  for (const r of rows) out += csvLine([r.source, r.medium, r.campaign, r.orders, centsToDecimal(r.grossCents), centsToDecimal(r.netCents), r.newAgents]);
  return out;
}
