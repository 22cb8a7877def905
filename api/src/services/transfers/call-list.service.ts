// The agent's own delivered calls: the paged list, one call by id, and the CSV export (every page).
import { centsToDecimal } from '@tm/shared';
import { localDateKey, nextDateKey, startOfLocalDate, zonedParts } from '@tm/shared/logic/transfer-rules';
import type { TransfersPage, TransfersQuery } from '@tm/shared/schemas/transfers';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { TransferCall, TransferDispute } from '../../models/index.ts';
import { toCallView, type CallRow, type DisputeRowLite } from './call-views.ts';
import { csvLine } from '../../lib/csv.ts';
import { readControls } from './settings.service.ts';
import { readPage, seekBatches, withItems } from '../../db/paging.ts';

function filtered(db: Db, userId: number, q: Omit<TransfersQuery, 'page' | 'pageSize'>, timeZone: string) {
  const base = TransferCall.query(db).where({ userId });
  if (q.from) base.where('startedAt', '>=', toDbDate(startOfLocalDate(q.from, timeZone)));
  if (q.to) base.where('startedAt', '<', toDbDate(startOfLocalDate(nextDateKey(q.to), timeZone)));
  if (q.state) base.where({ state: q.state });
  if (q.billing) base.where({ status: q.billing });
  return base;
}

async function disputesFor(db: Db, callIds: number[]): Promise<Map<number, DisputeRowLite>> {
  if (callIds.length === 0) return new Map();
  const rows = (await TransferDispute.query(db)
    .whereIn('callId', callIds)
    .select(
      'id',
      'callId',
      'status',
      'reasonCode',
      'reasonText',
      'decisionReason',
      'createdAt',
      'decidedAt',
      'decidedBy',
      'decidedByRules',
      'evidence',
      'reviewRequestedAt',
    )) as unknown as DisputeRowLite[];
  return new Map(rows.map((d) => [Number(d.callId), d]));
}

const ORDER = [
  { column: 'startedAt', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];

export async function listCalls(deps: AppDeps, userId: number, q: TransfersQuery): Promise<TransfersPage> {
  const { timeZone } = await readControls(deps.db, userId);
  const base = filtered(deps.db, userId, q, timeZone);
  const now = deps.clock.now();
  const page = await readPage<CallRow>(q, { rows: base.clone().orderBy(ORDER), count: base });
  const disputes = await disputesFor(
    deps.db,
    page.items.map((r) => Number(r.id)),
  );
  return {
    ...withItems(
      page,
      page.items.map((r) => toCallView(r, disputes.get(Number(r.id)), now)),
    ),
    timeZone,
  };
}

export async function findOwnCall(db: Db, userId: number, id: number): Promise<CallRow | undefined> {
  return (await TransferCall.query(db).where({ id, userId }).first()) as CallRow | undefined;
}

const CSV_BATCH = 500;
export const CALLS_CSV_HEADER = [
  'Call ID',
  'Started (local)',
  'Started (UTC)',
  'Ended (UTC)',
  'Duration (s)',
  'Caller',
  'Phone',
  'State',
  'Billable',
  'Status',
  'Charge (USD)',
  'Buffer (s)',
  'Billing note',
  'Order',
  'Recording URL',
  'Dispute',
  'Transcript',
];

function localStamp(iso: string, timeZone: string): string {
  const d = new Date(iso);
  const p = zonedParts(d, timeZone);
  return `${localDateKey(d, timeZone)} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}:${String(p.second).padStart(2, '0')}`;
}

/** The agent's calls as CSV, in batches (the same filters as the list, every page). */
export async function* callsCsv(deps: AppDeps, userId: number, q: Omit<TransfersQuery, 'page' | 'pageSize'>, batch = CSV_BATCH): AsyncGenerator<string> {
  const { timeZone } = await readControls(deps.db, userId);
  const now = deps.clock.now();
  yield csvLine(CALLS_CSV_HEADER.map((h) => (h === 'Started (local)' ? `Started (${timeZone})` : h)));
  // By keyset on (started at, id) (decision 277): a call delivered during the export neither repeats a row
  // nor pushes one out, as it did by offset.
  const query = () => filtered(deps.db, userId, q, timeZone).toKnexQuery();
  for await (const rows of seekBatches<CallRow>(query, ORDER, (r) => [r.startedAt, r.id], batch)) {
    const disputes = await disputesFor(
      deps.db,
      rows.map((r) => Number(r.id)),
    );
    let chunk = '';
    for (const r of rows) {
      const v = toCallView(r, disputes.get(Number(r.id)), now);
      chunk += csvLine([
        v.callId,
        localStamp(v.startedAt, timeZone),
        v.startedAt,
        v.endedAt,
        v.durationSeconds,
        v.callerName,
        v.callerPhone,
        v.state,
        v.billable ? 'yes' : 'no',
        v.status,
        centsToDecimal(v.chargeCents),
        v.bufferSeconds,
        v.billingNote,
        v.orderId,
        v.recordingUrl,
        v.dispute ? `${v.dispute.status}: ${v.dispute.reasonLabel}` : '',
        v.transcript,
      ]);
    }
    yield chunk;
  }
}
