// Voice-AI callbacks ("Brightcall appointments"): recorded from the webhook or entered by an admin,
// listed and searched (paginated) for the admin panel's Appointments tab.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { APPOINTMENT_PRICE_CENTS } from '@tm/shared';
import { toUsStateCode } from '@tm/shared/us-states';
import type { Db } from '../../db/index.ts';
import {
  CALLBACK_OPTIONAL_FIELDS,
  CALLBACK_REQUIRED_FIELDS,
  CALLBACK_TRANSCRIPT_MAX_BYTES,
  type BrightcallAppointment,
  type CreateAppointmentValues,
  type ListQuery,
  type Page,
} from '@tm/shared/schemas/admin';
import { CALLBACK_CONSENT_FIELDS, certificateKindOf, consentFields, type ConsentInput } from '@tm/shared/schemas/consent';
import { z } from 'zod';
import { badRequest, HttpError, unprocessable } from '../../errors.ts';
import { appointmentTimeProblem } from '@tm/shared/schemas/appointment-care';
import { isUniqueViolation } from '../../db/errors.ts';
import { Appointment, BrightcallCallback, User } from '../../models/index.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { consentColumns } from '../compliance/consent-columns.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { whereAnyContains } from '../../db/like.ts';
import { phoneSearchDigits } from '@tm/shared/logic/phone-search';
import { adminById, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { emitWebhookEvents } from '../webhooks/webhooks.service.ts';
import { callbackAtOf } from '../appointments/appointments.service.ts';
import { refuseDeactivated } from '../accounts/users.service.ts';

/** A brightcall_callbacks row has the answer's columns (dates in database form); createdAt is never empty. */
type CallbackRow = Omit<BrightcallAppointment, 'createdAt'> & { createdAt: string };

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

/** The longest Idempotency-Key header and `call_id` value taken (the columns' sizes). */
export const IDEMPOTENCY_KEY_MAX = 255;
export const CALL_ID_MAX = 128;

/** Column limits of brightcall_callbacks for the webhook's fields. */
const MAX: Record<string, number> = {
  first_name: 100,
  last_name: 100,
  phone_number: 32,
  email: 254,
  state: 64,
  call_outcome: 100,
  callback_time: 100,
  agent_id: 100,
  call_id: CALL_ID_MAX,
  lead_quality: 50,
  interest_level: 50,
};

export interface WebhookCallback {
  firstName: string;
  lastName: string;
  phone: string;
  transcript: string;
  email?: string;
  state?: string;
  callOutcome?: string;
  callbackTime?: string;
  externalAgentId?: string;
  leadQuality?: string;
  interestLevel?: string;
  /** The consumer's consent record (issue 19), stored on the appointment for the compliance file. */
  consent?: ConsentInput;
  aiDisclosure?: string;
  recordingUrl?: string;
  /** The platform's own id of the call (`call_id`): a repeat of it is the same callback. */
  callId?: string;
}

/**
 * The request's Idempotency-Key header: printable ASCII, at most IDEMPOTENCY_KEY_MAX characters;
 * undefined when absent or blank. A bad one is a 400 naming the header.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const v = (Array.isArray(header) ? header.join(',') : header).trim();
  if (!v) return undefined;
  if (v.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(v)) {
    const message = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} printable characters without spaces`;
    throw badRequest(message, { 'Idempotency-Key': message });
  }
  return v;
}

// The webhook's consent fields (snake_case) and their column names live with the consent schema (the API document reads them too).
export { CALLBACK_CONSENT_FIELDS };
const callbackExtrasSchema = z.object({
  ...consentFields,
  aiDisclosure: z.string({ error: 'aiDisclosure must be text' }).trim().max(5000, 'aiDisclosure is at most 5000 characters').optional(),
  recordingUrl: z
    .string({ error: 'recordingUrl must be text' })
    .trim()
    .max(1000, 'recordingUrl is too long')
    .pipe(z.url({ protocol: /^https?$/, error: 'recordingUrl must be an http(s) URL' }))
    .optional(),
});
const EXTRA_NAMES: Record<string, string> = { ...CALLBACK_CONSENT_FIELDS, ai_disclosure: 'aiDisclosure', recording_url: 'recordingUrl' };

/**
 * The consent record, AI-voice disclosure and recording of a webhook payload, checked with the shared
 * consent schema; errors name the payload's own (snake_case) fields. A certificate id without its kind
 * gets the kind its shape shows (TrustedForm URL or token, Jornaya LeadiD), else it must be said.
 */
function parseCallbackExtras(b: Record<string, unknown>, fields: Record<string, string>): Pick<WebhookCallback, 'consent' | 'aiDisclosure' | 'recordingUrl'> {
  const camel: Record<string, unknown> = {};
  for (const [snake, name] of Object.entries(EXTRA_NAMES)) {
    const v = b[snake];
    if (v !== undefined && v !== null && v !== '') camel[name] = v;
  }
  const parsed = callbackExtrasSchema.safeParse(camel);
  const snakeOf = (name: string) => Object.entries(EXTRA_NAMES).find(([, n]) => n === name)?.[0] ?? name;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      fields[snakeOf(name)] ??= issue.message.replace(name, snakeOf(name));
    }
    return {};
  }
  const { aiDisclosure, recordingUrl, ...consent } = parsed.data;
  if (consent.certificateId && !consent.certificateKind) {
    const kind = certificateKindOf(consent.certificateId);
    if (kind) consent.certificateKind = kind;
    else fields.certificate_kind = 'certificate_kind (trustedform or jornaya) is required with this certificate_id';
  }
  return { consent, aiDisclosure, recordingUrl };
}

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/**
 * `local@domain.tld` with no whitespace and exactly one `@`, a dot inside the domain: the shape the old
 * pattern /^[^\s@]+@[^\s@]+\.[^\s@]+$/ accepted, checked in one pass (that pattern backtracks
 * quadratically: a 99 kB value blocked the event loop for seconds).
 */
export function isPlausibleEmail(s: string): boolean {
  let at = -1;
  let dotInside = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 64 /* @ */) {
      if (at !== -1) return false;
      at = i;
    } else if (
      c <= 32 ||
      c === 0x85 ||
      c === 0xa0 ||
      c === 0x1680 ||
      (c >= 0x2000 && c <= 0x200a) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x3000 ||
      c === 0xfeff
    ) {
      return false;
    } else if (c === 46 /* . */ && at !== -1 && i > at + 1 && i < s.length - 1) {
      dotInside = true;
    }
  }
  return at > 0 && dotInside;
}

export const PHONE_NUMBER_MESSAGE = 'phone_number must be a 10-digit US phone number';
export const STATE_MESSAGE = 'state must be a US state or DC (a code such as TX or a name such as Texas)';
export const IDEMPOTENCY_KEY_REUSED = 'idempotency_key_reused';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request body';

/**
 * A US number's 10 digits (a leading country code 1 and any punctuation dropped), or null when it is not
 * one: 10 digits whose area code does not start with 0 or 1 (no area code does).
 */
export function usPhoneDigits(raw: string): string | null {
  const d = raw.replace(/\D/g, '');
  const ten = d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  return /^[2-9]\d{9}$/.test(ten) ? ten : null;
}

/**
 * Checks the documented payload: the four required fields (a 400 naming every missing one),
 * then types and column lengths of what was sent.
 */
/** An admin's appointment time (create and edit): 422 naming callbackTime unless appointmentTimeProblem passes it. */
export function checkCallbackTime(text: string, now: Date): void {
  const problem = appointmentTimeProblem(text, now);
  if (problem) throw unprocessable(problem, { callbackTime: problem });
}

export function parseWebhookPayload(body: unknown, now: Date): WebhookCallback {
  const b = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const missing = CALLBACK_REQUIRED_FIELDS.filter((f) => text(b[f]) === undefined);
  if (missing.length) {
    throw badRequest(`Missing required fields: ${missing.join(', ')}`, Object.fromEntries(missing.map((f) => [f, `${f} is required`])));
  }
  const fields: Record<string, string> = {};
  for (const f of [...CALLBACK_OPTIONAL_FIELDS, 'email'] as const) {
    const v = b[f];
    if (v !== undefined && v !== null && typeof v !== 'string' && typeof v !== 'number') fields[f] = `${f} must be text`;
  }
  for (const [f, max] of Object.entries(MAX)) {
    const v = text(b[f]);
    if (v !== undefined && v.length > max) fields[f] = `${f} must be at most ${max} characters`;
  }
  const transcript = text(b.transcript)!;
  if (Buffer.byteLength(transcript, 'utf8') > CALLBACK_TRANSCRIPT_MAX_BYTES)
    fields.transcript = `transcript must be at most ${CALLBACK_TRANSCRIPT_MAX_BYTES} bytes`;
  const email = text(b.email);
  // The length is checked above; the shape only within it, and by one linear pass (no regex).
  if (email !== undefined && !fields.email && !isPlausibleEmail(email)) fields.email = 'email must be a valid email address';
  const extras = parseCallbackExtras(b, fields);
  const bad = Object.entries(fields);
  if (bad.length) throw badRequest(`Invalid fields: ${bad.map(([f]) => f).join(', ')}`, fields);
  // A date that is not a real one, or far off, would reach calendars (issue 35 A4): 422 naming the field.
  const when = text(b.callback_time);
  const problem = when === undefined ? null : appointmentTimeProblem(when, now);
  if (problem) throw unprocessable(`callback_time: ${problem}`, { callback_time: problem });
  // Well-formed but not deliverable (decision 215): an appointment no agent can call, or in no state an agent
  // can be licensed in, is refused (422) rather than put on sale.
  const phone = text(b.phone_number)!;
  const rawState = text(b.state);
  const state = rawState === undefined ? undefined : toUsStateCode(rawState);
  const unusable: Record<string, string> = {};
  if (usPhoneDigits(phone) === null) unusable.phone_number = PHONE_NUMBER_MESSAGE;
  if (state === null) unusable.state = STATE_MESSAGE;
  if (Object.keys(unusable).length) throw new HttpError(422, `Invalid fields: ${Object.keys(unusable).join(', ')}`, unusable);
  return {
    ...extras,
    firstName: text(b.first_name)!,
    lastName: text(b.last_name)!,
    phone,
    transcript,
    email: email?.toLowerCase(),
    state: state ?? undefined,
    callOutcome: text(b.call_outcome),
    callbackTime: text(b.callback_time),
    externalAgentId: text(b.agent_id),
    leadQuality: text(b.lead_quality),
    interestLevel: text(b.interest_level),
    callId: text(b.call_id),
  };
}

/**
 * The appointment agents see for a callback (issue 13 item 5): for sale in Buy Appointments at the
 * catalogue's price, or, when `agentId` is given, assigned straight to that agent (My Appointments).
 */
async function appointmentForCallback(
  trx: Knex.Transaction,
  callbackId: number,
  cb: {
    firstName: string;
    lastName: string;
    phone: string;
    email?: string | null;
    state?: string | null;
    transcript?: string | null;
    callbackTime?: string | null;
    leadQuality?: string | null;
    callOutcome?: string | null;
    interestLevel?: string | null;
    consent?: ConsentInput;
    aiDisclosure?: string;
    recordingUrl?: string;
  },
  source: 'webhook' | 'admin',
  now: Date,
  agentId?: number,
): Promise<number> {
  const stamp = toDbDate(now);
  const notes = [cb.callOutcome ? `Call outcome: ${cb.callOutcome}` : null, cb.interestLevel ? `Interest level: ${cb.interestLevel}` : null]
    .filter(Boolean)
    .join('\n');
  const appointment = await Appointment.query(trx).insert({
    customerName: `${cb.firstName} ${cb.lastName}`.trim().slice(0, 200),
    customerPhone: cb.phone.slice(0, 32),
    customerEmail: cb.email ?? null,
    customerState: cb.state ?? null,
    callStatus: 'completed',
    callDate: stamp,
    extractedAppointmentDateTime: cb.callbackTime ? cb.callbackTime.slice(0, 64) : null,
    hasExtractedAppointment: Boolean(cb.callbackTime),
    callbackAt: callbackAtOf(cb.callbackTime),
    leadQuality: cb.leadQuality ? cb.leadQuality.slice(0, 32) : null,
    transcript: cb.transcript ?? null,
    notes: notes || null,
    priceCents: APPOINTMENT_PRICE_CENTS,
    status: agentId ? 'sold' : 'available',
    buyerId: agentId ?? null,
    purchasedAt: agentId ? stamp : null,
    // Given by the admin, not bought: "Assigned by TransferLine", free for the agent (decision 156).
    assignedAt: agentId ? stamp : null,
    brightcallCallbackId: callbackId,
    source,
    createdAt: stamp,
    ...consentColumns(cb.consent),
    aiDisclosure: cb.aiDisclosure ?? null,
    ...(cb.recordingUrl ? { recordingUrl: cb.recordingUrl } : {}),
  });
  if (agentId) await emitWebhookEvents(trx, now, agentId, 'appointment.assigned', [Number(appointment.id)]);
  return appointment.id;
}

export interface WebhookResult {
  callbackId: number;
  appointmentId: number | null;
  /** A repeat of a call stored before (same Idempotency-Key or call_id): nothing was stored. */
  duplicate: boolean;
}

/** The fingerprint of a checked payload: the same body (in any key order or spacing) gives the same hash. */
export function requestHashOf(cb: WebhookCallback): string {
  return crypto.createHash('sha256').update(JSON.stringify(cb)).digest('hex');
}

/**
 * The callback stored for this Idempotency-Key or call_id, with its appointment, if any. The same
 * Idempotency-Key with a different body is a 422 idempotency_key_reused (the IETF Idempotency-Key draft):
 * answering the first result would silently drop the sender's correction.
 */
async function storedFor(db: Db, keys: { idempotencyKey?: string; callId?: string; requestHash: string }): Promise<WebhookResult | null> {
  if (!keys.idempotencyKey && !keys.callId) return null;
  const row = await BrightcallCallback.query(db)
    .where((w) => {
      if (keys.idempotencyKey) w.orWhere({ idempotencyKey: keys.idempotencyKey });
      if (keys.callId) w.orWhere({ callId: keys.callId });
    })
    .orderBy('id')
    .select('id', 'idempotencyKey', 'requestHash')
    .first();
  if (!row) return null;
  if (keys.idempotencyKey && row.idempotencyKey === keys.idempotencyKey && row.requestHash && row.requestHash !== keys.requestHash) {
    throw new HttpError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE, { 'Idempotency-Key': IDEMPOTENCY_KEY_REUSED_MESSAGE }, IDEMPOTENCY_KEY_REUSED);
  }
  const appointment = await Appointment.query(db).where({ brightcallCallbackId: row.id }).orderBy('id').select('id').first();
  return { callbackId: Number(row.id), appointmentId: appointment ? Number(appointment.id) : null, duplicate: true };
}

/**
 * Stores a webhook callback and its appointment for sale. Idempotent: a repeat with the same
 * Idempotency-Key header or the same call_id answers the first callback (duplicate) and stores nothing;
 * two identical requests at once meet on the columns' unique indexes, and the loser answers the winner's.
 */
export async function recordWebhookCallback(db: Db, cb: WebhookCallback, now: Date, idempotencyKey?: string): Promise<WebhookResult> {
  const requestHash = requestHashOf(cb);
  const keys = { idempotencyKey, callId: cb.callId, requestHash };
  const seen = await storedFor(db, keys);
  if (seen) return seen;
  try {
    return await db.transaction(async (trx) => {
      const callback = await BrightcallCallback.query(trx).insert({
        firstName: cb.firstName,
        lastName: cb.lastName,
        phone: cb.phone,
        email: cb.email ?? null,
        state: cb.state ?? null,
        transcript: cb.transcript,
        callOutcome: cb.callOutcome ?? null,
        callbackTime: cb.callbackTime ?? null,
        externalAgentId: cb.externalAgentId ?? null,
        leadQuality: cb.leadQuality ?? null,
        interestLevel: cb.interestLevel ?? null,
        idempotencyKey: idempotencyKey ?? null,
        callId: cb.callId ?? null,
        requestHash,
        source: 'webhook',
        createdAt: toDbDate(now),
      });
      const appointmentId = await appointmentForCallback(trx, callback.id, cb, 'webhook', now);
      return { callbackId: Number(callback.id), appointmentId: Number(appointmentId), duplicate: false };
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const first = await storedFor(db, keys);
      if (first) return first;
    }
    throw err;
  }
}

export const UNKNOWN_AGENT_MESSAGE = 'Agent not found';

export async function createAdminAppointment(
  db: Db,
  input: CreateAppointmentValues,
  now: Date,
  actor: AuditActor = adminById(null),
): Promise<BrightcallAppointment> {
  if (input.callbackTime) checkCallbackTime(input.callbackTime, now);
  if (input.agentId !== undefined) {
    const agent = await User.query(db).findById(input.agentId).select('id', 'deactivatedAt');
    if (!agent) throw badRequest(UNKNOWN_AGENT_MESSAGE, { agentId: UNKNOWN_AGENT_MESSAGE });
    refuseDeactivated(agent);
  }
  const id = await db.transaction(async (trx) => {
    const callback = await BrightcallCallback.query(trx).insert({
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      email: input.email ?? null,
      state: input.state ?? null,
      callbackTime: input.callbackTime ?? null,
      transcript: null,
      source: 'admin',
      createdAt: toDbDate(now),
    });
    const appointmentId = await appointmentForCallback(trx, callback.id, { ...input, callbackTime: input.callbackTime ?? null }, 'admin', now, input.agentId);
    await recordAudit(trx, {
      actor,
      action: 'appointment.created',
      entity: 'appointment',
      entityId: appointmentId,
      userId: input.agentId ?? null,
      after: {
        customerName: `${input.firstName} ${input.lastName}`.trim(),
        customerPhone: input.phone,
        customerEmail: input.email ?? null,
        customerState: input.state ?? null,
        extractedAppointmentDateTime: input.callbackTime ?? null,
        buyerId: input.agentId ?? null,
      },
      at: now,
    });
    return callback.id;
  });
  const row = (await listBase(db).where('c.id', id).first()) as CallbackRow;
  return toAppointment(row);
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
function listBase(db: Db): Knex.QueryBuilder {
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
