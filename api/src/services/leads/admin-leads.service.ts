// The admin's tools for the shop's leads (issue 26, Leads): find them (unsold, sold), delete unsold ones
// (a bad import row, a duplicate; never a sold one, one held by an order being paid or one sold before),
// and the for-sale inventory counted by state and by the aged-lead shop's age bands with the price the
// shop charges (the catalogue's pricing code, never a copy). Counts come from the count table the
// triggers on `leads` keep (decision 115), so the view never counts the leads themselves.
import type { Knex } from 'knex';
import type { z } from 'zod';
import { formatDate } from '@tm/shared/logic/format';
import { AGED_LEAD_AGE_RANGES, quoteRingCloud } from '@tm/shared/logic/pricing';
import type { AdminSaleLead, LeadInventory, Page, adminSaleLeadsQuerySchema } from '@tm/shared/schemas/admin';
import { isMysql, type Db } from '../../db/index.ts';
import { toIso } from '../../db/dates.ts';
import { conflict, notFound } from '../../errors.ts';
import { ExclusiveSale, Lead, LeadSale, LeadsForSaleCount, User } from '../../models/index.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { whereAnyContains } from '../../db/like.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { agedLeadBand } from './aged-stock.service.ts';
import { leadPriceCents } from './leads.service.ts';

type SaleRow = Pick<
  Lead,
  | 'id'
  | 'kind'
  | 'customerName'
  | 'customerPhone'
  | 'customerState'
  | 'zipCode'
  | 'ageDays'
  | 'priceCents'
  | 'status'
  | 'timesSoldBefore'
  | 'soldAt'
  | 'createdAt'
> & { buyerEmail: string | null };

function toSaleLead(r: SaleRow): AdminSaleLead {
  return {
    id: Number(r.id),
    kind: r.kind === 'fresh' ? 'fresh' : 'aged',
    name: r.customerName ?? '',
    phone: r.customerPhone ?? null,
    state: r.customerState,
    zipCode: r.zipCode,
    ageDays: Number(r.ageDays),
    priceCents: leadPriceCents(r),
    status: r.status,
    timesSoldBefore: Number(r.timesSoldBefore ?? 0),
    soldAt: toIso(r.soldAt),
    buyerEmail: r.buyerEmail ?? null,
    createdAt: toIso(r.createdAt),
  };
}

/** The shop's leads, newest first: unsold (for sale, held, blocked), sold or all; searched by name, phone, e-mail, state, ZIP. */
export async function listSaleLeads(db: Db, query: z.output<typeof adminSaleLeadsQuerySchema>): Promise<Page<AdminSaleLead>> {
  // A plain Knex builder: its rows carry the buyer's e-mail too (SaleRow).
  let base: Knex.QueryBuilder = Lead.query(db)
    .alias('l')
    .leftJoin(`${User.tableName} as u`, 'u.id', 'l.buyerId')
    .select(
      'l.id',
      'l.kind',
      'l.customerName',
      'l.customerPhone',
      'l.customerState',
      'l.zipCode',
      'l.ageDays',
      'l.priceCents',
      'l.status',
      'l.timesSoldBefore',
      'l.soldAt',
      'l.createdAt',
      'u.email as buyerEmail',
    )
    .toKnexQuery();
  if (query.status === 'unsold') base = base.whereNot('l.status', 'sold');
  if (query.status === 'sold') base = base.where('l.status', 'sold');
  for (const term of query.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
    const t = /^[\d().+-]+$/.test(term) && /\d/.test(term) ? term.replace(/\D/g, '') : term;
    base = whereAnyContains(base, ['l.customerName', 'l.customerPhone', 'l.customerEmail', 'l.customerState', 'l.zipCode'], t);
  }
  // Newest first by id, read by keyset on it (decision 236): any depth costs what page 1 does.
  const page = await readPage<SaleRow>(query, { rows: base.clone(), count: base, keyset: { order: [{ column: 'l.id', order: 'desc' }] } });
  return withItems(page, page.items.map(toSaleLead));
}

/** Why a lead of the shop may not be deleted, or null when it may. */
function whyKept(l: SaleRow & { reservedOrderId: number | null }, soldBefore: Set<number>): string | null {
  const who = `Lead #${Number(l.id)} (${l.customerName ?? 'no name'})`;
  if (l.status === 'sold') return `${who} was sold${l.buyerEmail ? ` to ${l.buyerEmail}` : ''}${l.soldAt ? ` on ${formatDate(toIso(l.soldAt)!)}` : ''}`;
  if (l.status === 'reserved') return `${who} is held by order #${Number(l.reservedOrderId)} while it is paid`;
  if (Number(l.timesSoldBefore) > 0 || soldBefore.has(Number(l.id))) return `${who} was sold before (its sale records are kept)`;
  return null;
}

/**
 * Deletes unsold leads of the shop. All or nothing: if any is sold, held by an order or was sold before,
 * nothing is deleted and the 409 names each one and why. One audit entry with the leads' last values.
 */
export async function deleteSaleLeads(db: Db, actor: AuditActor, leadIds: number[], now: Date): Promise<{ deleted: number }> {
  const ids = [...new Set(leadIds)];
  return db.transaction(async (trx) => {
    const rows = (await Lead.query(trx)
      .alias('l')
      .leftJoin(`${User.tableName} as u`, 'u.id', 'l.buyerId')
      .whereIn('l.id', ids)
      .modify((q) => {
        if (isMysql(trx)) q.forUpdate();
      })
      .select(
        'l.id',
        'l.kind',
        'l.customerName',
        'l.customerState',
        'l.zipCode',
        'l.ageDays',
        'l.priceCents',
        'l.status',
        'l.timesSoldBefore',
        'l.soldAt',
        'l.reservedOrderId',
        'u.email as buyerEmail',
      )) as unknown as Array<SaleRow & { reservedOrderId: number | null }>;
    const missing = ids.filter((id) => !rows.some((r) => Number(r.id) === id));
    if (missing.length) throw notFound(`Lead #${missing[0]} no longer exists. Refresh the list and try again.`);
    const soldBefore = new Set<number>([
      ...(await LeadSale.query(trx).whereIn('leadId', ids).select('leadId')).map((r) => Number(r.leadId)),
      ...(await ExclusiveSale.query(trx).whereIn('leadId', ids).select('leadId')).map((r) => Number(r.leadId)),
    ]);
    const reasons = rows.map((r) => whyKept(r, soldBefore)).filter((x): x is string => x !== null);
    if (reasons.length) {
      const shown = reasons.slice(0, 5).join('; ');
      throw conflict(`Nothing was deleted. ${shown}${reasons.length > 5 ? ` (and ${reasons.length - 5} more)` : ''}. Only unsold leads can be deleted.`);
    }
    const n = await Lead.query(trx).whereIn('id', ids).whereNotIn('status', ['sold', 'reserved']).delete();
    if (Number(n) !== ids.length) throw conflict('Some of the selected leads changed meanwhile. Refresh the list and try again.');
    await recordAudit(trx, {
      actor,
      action: 'lead.deleted',
      entity: 'lead',
      entityId: ids.length === 1 ? ids[0]! : null,
      before: {
        count: ids.length,
        leadIds: ids.slice(0, 100),
        from: 'sale',
        leads: rows.slice(0, 20).map((r) => ({ id: Number(r.id), name: r.customerName, state: r.customerState, status: r.status })),
      },
      at: now,
    });
    return { deleted: ids.length };
  });
}

/**
 * The for-sale inventory: available leads by kind and state, and by the aged-lead shop's age bands
 * (AGED_LEAD_AGE_RANGES, both ends included as the shop counts them) with the price per lead the shop
 * quotes for each band (quoteRingCloud), then the ages below and above the bands.
 */
export async function leadInventory(db: Db): Promise<LeadInventory> {
  const counts = () => db.from(LeadsForSaleCount.tableName).sum({ n: 'n' }).where('n', '>', 0);
  const [states, ages] = (await Promise.all([
    counts().select('kind', 'customerState').groupBy('kind', 'customerState'),
    counts().select('kind', 'ageDays').groupBy('kind', 'ageDays'),
  ])) as [Array<{ kind: string; customerState: string; n: number | string }>, Array<{ kind: string; ageDays: number | string; n: number | string }>];

  const totals = { aged: 0, fresh: 0 };
  const byStateMap = new Map<string, { state: string; aged: number; fresh: number }>();
  for (const r of states) {
    const kind = r.kind === 'fresh' ? 'fresh' : 'aged';
    const row = byStateMap.get(r.customerState) ?? { state: r.customerState, aged: 0, fresh: 0 };
    row[kind] += Number(r.n);
    totals[kind] += Number(r.n);
    byStateMap.set(r.customerState, row);
  }
  const bands = AGED_LEAD_AGE_RANGES.map((range) => {
    const [min, max] = agedLeadBand(range)!;
    const quote = quoteRingCloud({ leadType: 'Aged Leads', ageRange: range, count: 1 });
    return { key: range, label: `${range} days`, min, max, priceCents: quote.ok ? quote.unitPriceCents : null };
  });
  const lowest = Math.min(...bands.map((b) => b.min));
  const highest = Math.max(...bands.map((b) => b.max));
  const byAge = [
    { key: 'under', label: `Under ${lowest} days`, min: 0, max: lowest - 1, priceCents: null },
    ...bands,
    { key: 'over', label: `Over ${highest} days`, min: highest + 1, max: Number.POSITIVE_INFINITY, priceCents: null },
  ].map((b) => {
    const out = { key: b.key, label: b.label, aged: 0, fresh: 0, priceCents: b.priceCents };
    for (const r of ages) {
      const age = Number(r.ageDays);
      if (age >= b.min && age <= b.max) out[r.kind === 'fresh' ? 'fresh' : 'aged'] += Number(r.n);
    }
    return out;
  });
  return {
    totals,
    byState: [...byStateMap.values()].sort((a, b) => b.aged + b.fresh - (a.aged + a.fresh) || a.state.localeCompare(b.state)),
    byAge,
    defaultLeadPriceCents: leadPriceCents({ priceCents: null }),
  };
}
