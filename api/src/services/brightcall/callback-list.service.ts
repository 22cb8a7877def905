// The admin panel's Appointments tab: voice-AI and admin-entered callbacks with their appointment and its
// buyer, newest first, searched by name, e-mail or a phone in any form, read by keyset (decision 236).
import type { Knex } from 'knex';
import type { Db } from '../../db/index.ts';
import { type BrightcallAppointment, type ListQuery, type Page } from '@tm/shared/schemas/admin';
import { Appointment, BrightcallCallback, User } from '../../models/index.ts';
import { toIso } from '../../db/dates.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { whereAnyContains } from '../../db/like.ts';
import { phoneSearchDigits } from '@tm/shared/logic/phone-search';

/** A brightcall_callbacks row has the answer's columns (dates in database form); createdAt is never empty. */
export type CallbackRow = Omit<BrightcallAppointment, 'createdAt'> & { createdAt: string };

export function toAppointment(r: CallbackRow): BrightcallAppointment {
  return {
    id: Number(r.id),
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone,
    email: r.email ?? null,
    state: r.state ?? null,
    callOutcome: r.callOutcome ?? null,
    callbackTime: r.callbackTime ?? null,
    leadQuality: r.leadQuality ?? null,
    interestLevel: r.interestLevel ?? null,
    source: r.source,
    createdAt: toIso(r.createdAt),
    appointmentId: r.appointmentId === null || r.appointmentId === undefined ? null : Number(r.appointmentId),
    appointmentStatus: r.appointmentStatus ?? null,
    agentEmail: r.agentEmail ?? null,
  };
}

const LIST_COLUMNS = [
  'c.id',
  'c.firstName',
  'c.lastName',
  'c.phone',
  'c.email',
  'c.state',
  'c.callOutcome',
  'c.callbackTime',
  'c.leadQuality',
  'c.interestLevel',
  'c.source',
  'c.createdAt',
  'a.id as appointmentId',
  'a.status as appointmentStatus',
  'u.email as agentEmail',
];

/** The callbacks with their appointment and its buyer, as a Knex builder for the shared paging helper. */
export function listBase(db: Db): Knex.QueryBuilder {
  return BrightcallCallback.query(db)
    .alias('c')
    .leftJoin(`${Appointment.tableName} as a`, 'a.brightcallCallbackId', 'c.id')
    .leftJoin(`${User.tableName} as u`, 'u.id', 'a.buyerId')
    .select(LIST_COLUMNS)
    .toKnexQuery();
}

/** Newest first; each word of `q` must appear in the first or last name, e-mail or phone. */
export async function listAppointments(db: Db, query: ListQuery & { after?: number; before?: number }): Promise<Page<BrightcallAppointment>> {
  let base = listBase(db);
  // A phone in any form is looked up by its digits on the indexed column (issue 36 point 5).
  const phone = phoneSearchDigits(query.q);
  if (phone) base = base.where('c.phoneDigits', phone);
  for (const term of phone ? [] : query.q.split(/\s+/).filter(Boolean).slice(0, 5)) {
    base = whereAnyContains(base, ['c.firstName', 'c.lastName', 'c.email', 'c.phone'], term);
  }
  // Read by keyset on (created, id) (decision 236): the cursor's place is its callback's creation time.
  const page = await readPage<CallbackRow>(query, {
    rows: base.clone(),
    count: base,
    keyset: {
      order: [
        { column: 'c.createdAt', order: 'desc' },
        { column: 'c.id', order: 'desc' },
      ],
      cursorRow: { table: BrightcallCallback.tableName, columns: ['createdAt'] },
    },
  });
  return withItems(page, page.items.map(toAppointment));
}
