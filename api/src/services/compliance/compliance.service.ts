// Compliance (issue 19, item 1): do-not-call / litigator lists and per-lead scrub results, the checks
// every lead sale passes (never a listed number, never a consumer already sold as exclusive) and the sale
// record the database enforces exclusivity with (lead_sales over consumer_claims, decision 110), and the
// printable compliance file of a bought item.
import type { Knex } from 'knex';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/index.ts';
import { fromDbDate, toCalendarDateOrIso, toDbDate } from '../../db/dates.ts';
import { formatDate, formatLongDateTime, isCalendarDate } from '@tm/shared/logic/format';
import { recipientTimeZone } from '../accounts/agent-time-zone.ts';
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { ConsumerClaim, DncEntry, ExclusiveSale, Lead, LeadAssignment, LeadSale, TransferCall, Appointment } from '../../models/index.ts';
import { ItemsUnavailable } from '../orders/items-unavailable.ts';
import { badRequest } from '../../errors.ts';
import type { DncUploadResult, ScrubRowError, ScrubUploadResult } from '@tm/shared/schemas/consent';

export const DNC_LISTS = ['dnc', 'litigator'] as const;
export type DncList = (typeof DNC_LISTS)[number];
/**
 * A per-lead scrub older than this is re-checked against the lists before a sale (the federal 31-day
 * rule). Every sale re-checks every lead against the lists held, whatever its scrub date, and stamps the
 * sale time as its new scrub date; a per-lead result of "listed" is never sold.
 */
export const SCRUB_MAX_AGE_DAYS = 31;

/** A US number in one comparable form (its last 10 digits), or null when it is not one. */
export function phoneKey(raw: unknown): string | null {
  const digits = String(raw ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/** The consumer a lead is about: its phone key, or the lead itself when it has no usable phone. */
export function consumerKeyOf(lead: Pick<Lead, 'id' | 'customerPhone'>): string {
  return phoneKey(lead.customerPhone) ?? `L${lead.id}`;
}

/** The phone numbers of a CSV (any column; a header row and other cells are skipped). */
export function phonesOfCsv(text: string): string[] {
  const keys = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    for (const cell of line.split(/[,;\t]/)) {
      const k = phoneKey(cell.replace(/^"|"$/g, ''));
      if (k) keys.add(k);
    }
  }
  return [...keys];
}

const CHUNK = 500;
const chunks = <T>(a: T[]) => Array.from({ length: Math.ceil(a.length / CHUNK) }, (_, i) => a.slice(i * CHUNK, (i + 1) * CHUNK));
/** Leads still on sale or held in a checkout: a listing takes them off sale at once. */
const ON_SALE = ['available', 'reserved'];

/**
 * Adds an uploaded list's numbers and takes every lead with one of them off sale at once: available ones
 * and those held in a buyer's checkout (status 'blocked'; a payment for them is refunded).
 */
export async function uploadDncList(db: Db, list: DncList, csv: string, source: string | null, adminId: number, now: Date): Promise<DncUploadResult> {
  const keys = phonesOfCsv(csv);
  const stamp = toDbDate(now);
  let added = 0;
  let blockedLeads = 0;
  for (const part of chunks(keys)) {
    const existing = new Set((await DncEntry.query(db).where({ list }).whereIn('phoneKey', part).select('phoneKey')).map((r) => r.phoneKey));
    const fresh = part.filter((k) => !existing.has(k));
    if (fresh.length) {
      // One statement per chunk (Objection's batch insert is PostgreSQL only); the table name is the model's.
      await db
        .insert(fresh.map((phoneKey) => ({ list, phoneKey, source, uploadedBy: adminId, createdAt: stamp })))
        .into(DncEntry.tableName)
        .onConflict(['list', 'phoneKey'])
        .ignore();
      added += fresh.length;
    }
    blockedLeads += await Lead.query(db)
      .whereIn('customerPhone', part)
      .whereIn('status', ON_SALE)
      .patch({ status: 'blocked', dncStatus: 'listed', dncScrubbedAt: stamp, reservedUntil: null });
  }
  return { list, numbers: keys.length, added, blockedLeads };
}

export async function dncSummary(db: Db): Promise<Record<DncList, number>> {
  const rows = (await DncEntry.query(db).groupBy('list').select('list').count('* as n')) as unknown as Array<{ list: string; n: number | string }>;
  return Object.fromEntries(DNC_LISTS.map((l) => [l, Number(rows.find((r) => r.list === l)?.n ?? 0)])) as Record<DncList, number>;
}

// ---------------------------------------------------------------------------------------------
// Per-lead scrub results (a scrub vendor's answer per number, with the date it was scrubbed)

export const SCRUB_RESULTS = ['clear', 'listed'] as const;
const RESULT_WORDS: Record<string, (typeof SCRUB_RESULTS)[number]> = {
  clear: 'clear',
  clean: 'clear',
  ok: 'clear',
  listed: 'listed',
  dnc: 'listed',
  litigator: 'listed',
  blocked: 'listed',
};

/** A scrub date: YYYY-MM-DD (midnight UTC) or an ISO date-time; never in the future. */
function scrubDate(raw: string, now: Date): Date | null {
  const s = raw.trim();
  const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00.000Z`) : /^\d{4}-\d{2}-\d{2}T/.test(s) ? new Date(s) : null;
  if (!d || Number.isNaN(d.getTime()) || d.getTime() > now.getTime()) return null;
  return d;
}

/**
 * Applies per-lead scrub results: a CSV of phone, result (clear | listed; dnc and litigator read as
 * listed) and scrubbed_at (YYYY-MM-DD or ISO), with or without a header row. Each lead with the number
 * gets the result and its date; a listed one leaves sale at once. Bad rows are reported by line and
 * field and skipped; the good ones apply.
 */
export async function uploadScrubResults(db: Db, csv: string, now: Date): Promise<ScrubUploadResult> {
  // Line by line, so a bad row is named by its line and skipped (relax_column_count: short rows are errors).
  let records: string[][];
  try {
    records = parse(csv, { relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch (err) {
    const message = `csv could not be read: ${(err as Error).message}`;
    throw badRequest(message, { csv: message });
  }
  const errors: ScrubRowError[] = [];
  const good: Array<{ key: string; result: (typeof SCRUB_RESULTS)[number]; at: string }> = [];
  let rows = 0;
  records.forEach((cells, i) => {
    if (cells.every((c) => !c)) return;
    const line = i + 1;
    if (i === 0 && /phone/i.test(cells[0] ?? '') && !phoneKey(cells[0])) return; // the header
    rows += 1;
    const key = phoneKey(cells[0]);
    const result = RESULT_WORDS[(cells[1] ?? '').toLowerCase()];
    const at = scrubDate(cells[2] ?? '', now);
    if (!key) errors.push({ line, field: 'phone', message: 'phone must be a 10-digit US number' });
    else if (!result) errors.push({ line, field: 'result', message: 'result must be clear or listed' });
    else if (!at) errors.push({ line, field: 'scrubbedAt', message: 'scrubbed_at must be a date (YYYY-MM-DD), not in the future' });
    else good.push({ key, result, at: toDbDate(at) });
  });
  let updatedLeads = 0;
  let blockedLeads = 0;
  for (const g of good) {
    if (g.result === 'listed') {
      blockedLeads += await Lead.query(db)
        .where({ customerPhone: g.key })
        .whereIn('status', ON_SALE)
        .patch({ status: 'blocked', dncStatus: 'listed', dncScrubbedAt: g.at, reservedUntil: null });
    }
    updatedLeads += await Lead.query(db).where({ customerPhone: g.key }).patch({ dncStatus: g.result, dncScrubbedAt: g.at });
  }
  return { rows, applied: good.length, updatedLeads, blockedLeads, errors };
}

/** Is this number on a list? */
export async function isListed(db: Db | Knex.Transaction, key: string | null): Promise<boolean> {
  if (!key) return false;
  return Boolean(await DncEntry.query(db).where({ phoneKey: key }).first());
}

// ---------------------------------------------------------------------------------------------
// The sale

/**
 * Records the sale of these leads as the database's own rule: each sale takes its consumer's claim with
 * its mode (the first sale sets it) and a lead_sales row referencing it. A shared sale of an exclusive
 * consumer, an exclusive sale of a consumer sold before and a second exclusive sale all break a key the
 * database holds: ItemsUnavailable (the transaction rolls back). Callers check first; this is the floor.
 */
export async function recordLeadSales(trx: Knex.Transaction, ids: number[], buyerId: number | null, orderId: number | null, soldAt: string): Promise<void> {
  const leads = await Lead.query(trx).whereIn('id', ids).orderBy('id').select('id', 'customerPhone', 'exclusive');
  try {
    for (const l of leads) {
      const consumerKey = consumerKeyOf(l);
      const mode = l.exclusive ? 'exclusive' : 'shared';
      if (mode === 'exclusive') await ConsumerClaim.query(trx).insert({ consumerKey, mode, createdAt: soldAt });
      else await ConsumerClaim.query(trx).insert({ consumerKey, mode, createdAt: soldAt }).onConflict('consumerKey').ignore();
      await LeadSale.query(trx).insert({
        leadId: l.id,
        consumerKey,
        mode,
        exclusiveKey: mode === 'exclusive' ? consumerKey : null,
        buyerId,
        orderId,
        soldAt,
      });
    }
  } catch (err) {
    if (isUniqueViolation(err) || isForeignKeyViolation(err) || isCheckViolation(err)) throw new ItemsUnavailable();
    throw err;
  }
}

/**
 * The checks of a lead sale, inside its transaction (a throw rolls the sale back and the order is
 * refunded): every lead's number is re-checked against the current lists (covers a scrub older than
 * 31 days, and a number listed after the lead went into a cart) and its per-lead scrub must not be
 * "listed"; a consumer sold as exclusive is never sold again; an exclusive lead claims its consumer in
 * exclusive_sales; then the sale is recorded in lead_sales, whose keys refuse what the checks missed
 * (concurrent buyers included).
 */
export async function checkLeadSale(
  trx: Knex.Transaction,
  ids: number[],
  buyerId: number | null,
  soldAt: string,
  orderId: number | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  const leads = await Lead.query(trx).whereIn('id', ids).select('id', 'customerPhone', 'exclusive', 'dncStatus');
  if (leads.some((l) => l.dncStatus === 'listed')) throw new ItemsUnavailable();
  const keys = leads.map((l) => phoneKey(l.customerPhone)).filter((k): k is string => k !== null);
  if (keys.length) {
    if (await DncEntry.query(trx).whereIn('phoneKey', keys).first()) throw new ItemsUnavailable();
    if (await ExclusiveSale.query(trx).whereIn('phoneKey', keys).first()) throw new ItemsUnavailable();
  }
  for (const l of leads) {
    const key = phoneKey(l.customerPhone);
    if (!l.exclusive || !key) continue;
    try {
      await ExclusiveSale.query(trx).insert({ phoneKey: key, leadId: l.id, buyerId, createdAt: soldAt });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ItemsUnavailable();
      throw err;
    }
  }
  await recordLeadSales(trx, ids, buyerId, orderId, soldAt);
  await Lead.query(trx).whereIn('id', ids).patch({ dncScrubbedAt: soldAt, dncStatus: 'clear' });
}

/**
 * Of these candidate leads (sold from stock, not chosen by the buyer), those that may be sold now: not
 * listed, not scrubbed "listed", not of a consumer claimed exclusively, and (exclusive ones) of a consumer
 * never sold. The others leave sale ('blocked'), so they are not picked again.
 */
export async function saleableLeadIds(trx: Knex.Transaction, ids: number[], stamp: string): Promise<number[]> {
  if (ids.length === 0) return [];
  const leads = await Lead.query(trx).whereIn('id', ids).select('id', 'customerPhone', 'exclusive', 'dncStatus');
  const phoneKeys = leads.map((l) => phoneKey(l.customerPhone)).filter((k): k is string => k !== null);
  const listed = new Set(phoneKeys.length ? (await DncEntry.query(trx).whereIn('phoneKey', phoneKeys).select('phoneKey')).map((r) => r.phoneKey) : []);
  const claims = new Map(
    (await ConsumerClaim.query(trx).whereIn('consumerKey', leads.map(consumerKeyOf)).select('consumerKey', 'mode')).map((c) => [c.consumerKey, c.mode]),
  );
  const ok: number[] = [];
  const off: number[] = [];
  for (const l of leads) {
    const claim = claims.get(consumerKeyOf(l));
    const isListed = l.dncStatus === 'listed' || listed.has(phoneKey(l.customerPhone) ?? '');
    if (isListed || claim === 'exclusive' || (l.exclusive && claim)) off.push(l.id);
    else ok.push(l.id);
  }
  if (off.length) {
    await Lead.query(trx).whereIn('id', off).where({ status: 'available' }).patch({ status: 'blocked', reservedUntil: null });
    await Lead.query(trx)
      .whereIn('id', off)
      .whereIn('customerPhone', [...listed])
      .patch({ dncStatus: 'listed', dncScrubbedAt: stamp });
  }
  return ok;
}

// ---------------------------------------------------------------------------------------------
// The compliance file: one printable page per bought item

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** An instant on the agent's clock with its zone named ("Tue, Dec 1, 2026, 1:00 PM EST"); a stored text as given. */
const whenIn = (timeZone: string) => (v: unknown) => {
  if (!v) return '';
  const d = v instanceof Date ? v : fromDbDate(String(v));
  return d && !Number.isNaN(d.getTime()) ? formatLongDateTime(d, timeZone) : String(v);
};
/** A web address or a path on this site (a recording under /api/media/) as a link; anything else as text. */
const link = (url: unknown, label?: string) =>
  url && /^(https?:\/\/|\/(?!\/))/.test(String(url)) ? `<a href="${esc(url)}" class="wrap">${esc(label ?? url)}</a>` : url ? esc(url) : '';

/** A form-fill date without a time stays that calendar day (decision 185); an instant is on the agent's clock. */
function calendarOrWhen(v: unknown, when: (v: unknown) => string): string {
  const day = toCalendarDateOrIso(v);
  return day && isCalendarDate(day) ? formatDate(day) : when(v);
}

type ItemKind = 'lead' | 'transfer' | 'appointment' | 'assignment';

/** The row of an item the agent bought, or undefined. */
async function boughtRow(db: Db, userId: number, kind: ItemKind, id: number): Promise<Record<string, unknown> | undefined> {
  if (kind === 'assignment') {
    // A lead our team assigned (My Leads, "Assigned"): the import carries contact details and its form-fill
    // date, no consent record; the page says so rather than leaving the agent without a file.
    const a = await LeadAssignment.query(db).where({ id, agentId: userId }).first();
    return a ? { ...a, customerName: a.name, customerPhone: a.phone, customerState: a.state } : undefined;
  }
  const row =
    kind === 'lead'
      ? await Lead.query(db).where({ id, buyerId: userId, status: 'sold' }).first()
      : kind === 'appointment'
        ? await Appointment.query(db).where({ id, buyerId: userId, status: 'sold' }).first()
        : await TransferCall.query(db).where({ id, userId }).first();
  // The page reads the fields of the three kinds by name (the consent columns are the same on each).
  return row ? { ...row } : undefined;
}

function rows(pairs: Array<[string, string]>): string {
  return pairs.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${v || '<span class="none">Not provided</span>'}</td></tr>`).join('');
}

export async function complianceFileHtml(db: Db, userId: number, kind: ItemKind, id: number, now: Date): Promise<string | null> {
  const r = await boughtRow(db, userId, kind, id);
  if (!r) return null;
  const zone = await recipientTimeZone(db, userId);
  const when = whenIn(zone);
  const name = kind === 'transfer' ? r.callerName : r.customerName;
  const phone = kind === 'transfer' ? r.callerPhone : r.customerPhone;
  const key = phoneKey(phone);
  const listed = key ? await DncEntry.query(db).where({ phoneKey: key }).select('list', 'createdAt') : [];
  const expires = fromDbDate(r.certificateClaimExpiresAt);
  const consent = rows([
    ['Source page', link(r.consentSourceUrl)],
    ['Consent given', esc(when(r.consentAt))],
    ['IP address', esc(r.consentIp)],
    ['Consent text shown', r.consentText ? `<blockquote>${esc(r.consentText)}</blockquote>` : ''],
    ['Certificate', r.certificateId ? `${esc(r.certificateKind === 'jornaya' ? 'Jornaya LeadiD' : 'TrustedForm')}: ${esc(r.certificateId)}` : ''],
    [
      'Certificate claim expires',
      expires ? `${esc(when(r.certificateClaimExpiresAt))}${expires.getTime() < now.getTime() ? ' <strong class="warn">(expired)</strong>' : ''}` : '',
    ],
  ]);
  const dnc = rows([
    [
      'Do-not-call / litigator lists',
      listed.length ? `<strong class="warn">Listed: ${listed.map((l) => esc(l.list)).join(', ')}</strong>` : 'Not on any list we hold',
    ],
    ['Last scrubbed', esc(when(r.dncScrubbedAt))],
  ]);
  const sale =
    kind === 'assignment'
      ? rows([
          ['Assigned to you', esc(when(r.assignedAt))],
          ['Form filled', esc(calendarOrWhen(r.formFillTime, when))],
          ['Consent record', 'The lead file we assigned did not include one; ask your account manager for the source.'],
        ])
      : kind === 'lead'
        ? rows([
            ['Kind', esc(r.kind)],
            ['Exclusive', r.exclusive ? 'Yes: never sold again' : 'No'],
            ['Sold before this sale', `${Number(r.timesSoldBefore ?? 0)} time(s)`],
            ['Form filled', esc(calendarOrWhen(r.formFillTime, when))],
            ['Sold to you', esc(when(r.soldAt))],
          ])
        : kind === 'appointment'
          ? rows([
              ['AI-voice disclosure', r.aiDisclosure ? `<blockquote>${esc(r.aiDisclosure)}</blockquote>` : ''],
              ['Call recording', link(r.recordingUrl, 'Listen to the recording')],
              ['Purchased', esc(when(r.purchasedAt))],
            ])
          : rows([
              ['Call started', esc(when(r.startedAt))],
              ['Duration', `${Number(r.durationSeconds)} s`],
              ['Recording', link(r.recordingUrl, 'Listen to the recording')],
            ]);
  const transcript = r.transcript ? `<h2>Transcript</h2><pre>${esc(r.transcript)}</pre>` : '';
  const title = `Compliance file: ${kind} #${id}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font:14px/1.45 system-ui,sans-serif;color:#0f172a;max-width:780px;margin:1.5rem auto;padding:0 1rem}h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1.05rem;margin:1.2rem 0 .4rem;border-bottom:1px solid #cbd5e1}table{width:100%;border-collapse:collapse}th{text-align:left;width:34%;vertical-align:top;padding:.3rem .5rem .3rem 0;color:#475569;font-weight:600}td{padding:.3rem 0;overflow-wrap:anywhere}blockquote{margin:0;padding:.3rem .6rem;border-left:3px solid #94a3b8;background:#f8fafc}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:12px/1.4 ui-monospace,monospace;background:#f8fafc;padding:.5rem}.none{color:#94a3b8}.warn{color:#b91c1c}.bar{display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between;align-items:center}.bar>*{min-width:0;overflow-wrap:anywhere}@media print{.noprint{display:none}body{margin:0}}</style></head>
<body><div class="bar"><div><h1>${esc(title)}</h1><div>${esc(name)} · ${esc(phone)} · ${esc(kind === 'transfer' ? r.state : r.customerState)}</div></div><span class="noprint" style="color:#475569">Print or save as PDF: Ctrl/Cmd + P</span></div>
<p style="color:#475569">Generated ${esc(when(now))} by TransferLine for the buyer of this item. Times are in ${esc(zone)}.</p>
<h2>Consent record</h2><table>${consent}</table>
<h2>Do-not-call status</h2><table>${dnc}</table>
<h2>${kind === 'assignment' ? 'Assignment' : kind === 'lead' ? 'Sale history' : kind === 'appointment' ? 'AI call' : 'Call'}</h2><table>${sale}</table>
${transcript}</body></html>`;
}
