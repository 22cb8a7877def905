// The voice-AI webhook's payload (decision 035): its fields read and bounded, the phone a 10-digit US
// number, the state a US state or DC (a full name becomes its code), the callback time a real moment, and
// the Idempotency-Key header. Every refusal is 400 or 422 naming the field.
import { toUsStateCode } from '@tm/shared/us-states';
import { CALLBACK_OPTIONAL_FIELDS, CALLBACK_REQUIRED_FIELDS, CALLBACK_TRANSCRIPT_MAX_BYTES } from '@tm/shared/schemas/admin';
import { CALLBACK_CONSENT_FIELDS, certificateKindOf, consentFields, type ConsentInput } from '@tm/shared/schemas/consent';
import { z } from 'zod';
import { badRequest, HttpError, unprocessable } from '../../errors.ts';
import { appointmentTimeProblem } from '@tm/shared/schemas/appointment-care';

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
