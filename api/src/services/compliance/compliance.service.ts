// Compliance (issue 19, item 1): do-not-call / litigator lists, the checks every lead sale passes
// (never a listed number, never a consumer already sold as exclusive, an exclusive sale at most once per
// consumer: the unique phone key of exclusive_sales), and the printable compliance file of a bought item.
import type { Knex } from 'knex';
import type { Db } from '../../db/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { isUniqueViolation } from '../../middleware/error-handler.ts';
import { ItemsUnavailable } from '../orders/inventory.ts';

export const DNC_LISTS = ['dnc', 'litigator'] as const;
export type DncList = (typeof DNC_LISTS)[number];
/** A per-lead scrub older than this is re-checked against the lists before a sale. */
export const SCRUB_MAX_AGE_DAYS = 31;

/** A US number in one comparable form (its last 10 digits), or null when it is not one. */
export function phoneKey(raw: unknown): string | null {
  const digits = String(raw ?? '').replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return digits.length === 10 ? digits : null;
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

/**
 * Adds an uploaded list's numbers and takes every lead with one of them off sale at once: available ones
 * and those held in a buyer's checkout (status 'blocked'; a payment for them is refunded).
 */
export async function uploadDncList(db: Db, list: DncList, csv: string, source: string | null, adminId: number, now: Date) {
  const keys = phonesOfCsv(csv);
  const stamp = toDbDate(now);
  let added = 0;
  let blockedLeads = 0;
  for (const part of chunks(keys)) {
    const existing = new Set(
      (await db('dnc_entries').where({ list }).whereIn('phoneKey', part).select('phoneKey')).map((r: { phoneKey: string }) => r.phoneKey),
    );
    const fresh = part.filter((k) => !existing.has(k));
    if (fresh.length) {
      await db('dnc_entries')
        .insert(fresh.map((phoneKey) => ({ list, phoneKey, source, uploadedBy: adminId, createdAt: stamp })))
        .onConflict(['list', 'phoneKey'])
        .ignore();
      added += fresh.length;
    }
    blockedLeads += await db('leads')
      .whereIn('customerPhone', part)
      .whereIn('status', ['available', 'reserved'])
      .update({ status: 'blocked', dncStatus: 'listed', dncScrubbedAt: stamp, reservedUntil: null });
  }
  return { list, numbers: keys.length, added, blockedLeads };
}

export async function dncSummary(db: Db) {
  const rows = (await db('dnc_entries').groupBy('list').select('list').count({ n: '*' })) as unknown as Array<{ list: string; n: number | string }>;
  return Object.fromEntries(DNC_LISTS.map((l) => [l, Number(rows.find((r) => r.list === l)?.n ?? 0)]));
}

/** Is this number on a list? */
export async function isListed(db: Db | Knex.Transaction, key: string | null): Promise<boolean> {
  if (!key) return false;
  return Boolean(await db('dnc_entries').where({ phoneKey: key }).first('id'));
}

/**
 * The checks of a lead sale, inside its transaction (a throw rolls the sale back and the order is
 * refunded): every lead's number is re-checked against the current lists (covers a scrub older than
 * 31 days, and a number listed after the lead went into a cart); a consumer sold as exclusive is never
 * sold again; an exclusive lead claims its consumer in exclusive_sales, whose unique key lets only one
 * exclusive sale per person exist, also under concurrent buyers.
 */
export async function checkLeadSale(trx: Knex.Transaction, ids: number[], buyerId: number | null, soldAt: string): Promise<void> {
  if (ids.length === 0) return;
  const leads: Array<{ id: number; customerPhone: string | null; exclusive: number | boolean }> = await trx('leads')
    .whereIn('id', ids)
    .select('id', 'customerPhone', 'exclusive');
  const keys = leads.map((l) => phoneKey(l.customerPhone)).filter((k): k is string => k !== null);
  if (keys.length) {
    if (await trx('dnc_entries').whereIn('phoneKey', keys).first('id')) throw new ItemsUnavailable();
    if (await trx('exclusive_sales').whereIn('phoneKey', keys).first('id')) throw new ItemsUnavailable();
  }
  for (const l of leads) {
    const key = phoneKey(l.customerPhone);
    if (!l.exclusive || !key) continue;
    try {
      await trx('exclusive_sales').insert({ phoneKey: key, leadId: l.id, buyerId, createdAt: soldAt });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ItemsUnavailable();
      throw err;
    }
  }
  await trx('leads').whereIn('id', ids).update({ dncScrubbedAt: soldAt, dncStatus: 'clear' });
}

// ---------------------------------------------------------------------------------------------
// The compliance file: one printable page per bought item

const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const when = (v: unknown) => {
  if (!v) return '';
  const d = new Date(String(v).includes('T') ? String(v) : `${String(v).replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
};
const link = (url: unknown) => (url && /^https?:\/\//.test(String(url)) ? `<a href="${esc(url)}">${esc(url)}</a>` : url ? esc(url) : '');

type ItemKind = 'lead' | 'transfer' | 'appointment';

/** The row of an item the agent bought, or undefined. */
async function boughtRow(db: Db, userId: number, kind: ItemKind, id: number): Promise<Record<string, unknown> | undefined> {
  if (kind === 'lead') return db('leads').where({ id, buyerId: userId, status: 'sold' }).first();
  if (kind === 'appointment') return db('appointments').where({ id, buyerId: userId, status: 'sold' }).first();
  return db('transfer_calls').where({ id, userId }).first();
}

function rows(pairs: Array<[string, string]>): string {
  return pairs.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${v || '<span class="none">Not provided</span>'}</td></tr>`).join('');
}

export async function complianceFileHtml(db: Db, userId: number, kind: ItemKind, id: number, now: Date): Promise<string | null> {
  const r = await boughtRow(db, userId, kind, id);
  if (!r) return null;
  const name = kind === 'transfer' ? r.callerName : r.customerName;
  const phone = kind === 'transfer' ? r.callerPhone : r.customerPhone;
  const key = phoneKey(phone);
  const listed = key ? await db('dnc_entries').where({ phoneKey: key }).select('list', 'createdAt') : [];
  const expires = r.certificateClaimExpiresAt ? new Date(`${String(r.certificateClaimExpiresAt).replace(' ', 'T')}Z`) : null;
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
      listed.length ? `<strong class="warn">Listed: ${listed.map((l: { list: string }) => esc(l.list)).join(', ')}</strong>` : 'Not on any list we hold',
    ],
    ['Last scrubbed', esc(when(r.dncScrubbedAt))],
  ]);
  const sale =
    kind === 'lead'
      ? rows([
          ['Kind', esc(r.kind)],
          ['Exclusive', r.exclusive ? 'Yes: never sold again' : 'No'],
          ['Sold before this sale', `${Number(r.timesSoldBefore ?? 0)} time(s)`],
          ['Sold to you', esc(when(r.soldAt))],
        ])
      : kind === 'appointment'
        ? rows([
            ['AI-voice disclosure', r.aiDisclosure ? `<blockquote>${esc(r.aiDisclosure)}</blockquote>` : ''],
            ['Call recording', link(r.recordingUrl)],
            ['Purchased', esc(when(r.purchasedAt))],
          ])
        : rows([
            ['Call started', esc(when(r.startedAt))],
            ['Duration', `${Number(r.durationSeconds)} s`],
            ['Recording', link(r.recordingUrl)],
          ]);
  const transcript = r.transcript ? `<h2>Transcript</h2><pre>${esc(r.transcript)}</pre>` : '';
  const title = `Compliance file: ${kind} #${id}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font:14px/1.45 system-ui,sans-serif;color:#0f172a;max-width:780px;margin:1.5rem auto;padding:0 1rem}h1{font-size:1.4rem;margin:0 0 .25rem}h2{font-size:1.05rem;margin:1.2rem 0 .4rem;border-bottom:1px solid #cbd5e1}table{width:100%;border-collapse:collapse}th{text-align:left;width:34%;vertical-align:top;padding:.3rem .5rem .3rem 0;color:#475569;font-weight:600}td{padding:.3rem 0}blockquote{margin:0;padding:.3rem .6rem;border-left:3px solid #94a3b8;background:#f8fafc}pre{white-space:pre-wrap;font:12px/1.4 ui-monospace,monospace;background:#f8fafc;padding:.5rem}.none{color:#94a3b8}.warn{color:#b91c1c}.bar{display:flex;justify-content:space-between;align-items:center}@media print{.noprint{display:none}body{margin:0}}</style></head>
<body><div class="bar"><div><h1>${esc(title)}</h1><div>${esc(name)} · ${esc(phone)} · ${esc(kind === 'transfer' ? r.state : r.customerState)}</div></div><span class="noprint" style="color:#475569">Print or save as PDF: Ctrl/Cmd + P</span></div>
<p style="color:#475569">Generated ${esc(when(now.toISOString()))} by TransferLine for the buyer of this item.</p>
<h2>Consent record</h2><table>${consent}</table>
<h2>Do-not-call status</h2><table>${dnc}</table>
<h2>${kind === 'lead' ? 'Sale history' : kind === 'appointment' ? 'AI call' : 'Call'}</h2><table>${sale}</table>
${transcript}</body></html>`;
}
