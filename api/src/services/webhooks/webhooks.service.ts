// CRM delivery webhooks (issue 29 item 4, decision 196). An agent registers endpoints and the events
// each receives; a purchase writes its events to webhook_deliveries in the purchase's own transaction
// (an outbox, like mail: an event exists exactly when the purchase does); the webhook-deliveries job
// (sendDueDeliveries, on the job runner) sends what is due: claim a row with a lease, POST it signed,
// log the try, and on failure back off exponentially (30 s, 1 min, 2 min, ... at most 4 h) until 24
// hours after the event, then mark it failed. The agent reads the log, replays a delivery, and sends a
// test event.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw, type QueryBuilder } from 'objection';
import type { Logger } from 'pino';
import {
  MAX_WEBHOOKS_PER_AGENT,
  TEST_EVENT,
  WEBHOOK_EVENTS,
  type DeliveryPage,
  type DeliveryStatus,
  type DeliveryView,
  type WebhookEventType,
  type WebhookInput,
  type WebhookSecretView,
  type WebhookView,
} from '@tm/shared/schemas/webhooks';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import { fromDbDate, toDbDate, toIso } from '../../db/dates.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { Appointment, Lead, TransferCall, Webhook, WebhookAttempt, WebhookDelivery, WebhookSecret } from '../../models/index.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { refusedTarget } from './ssrf.ts';
import { postOnce, signatureHeader, SIGNATURE_HEADER, type TryResult } from './sender.ts';

export const WEBHOOK_JOB = 'webhook-deliveries';
/** Retries stop this long after the event (or after a replay). */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 4 * 3600 * 1000;
export const DELIVERY_PAGE_SIZE = 25;
export const NOT_FOUND_MESSAGE = 'No such webhook.';
export const DELIVERY_NOT_FOUND = 'No such delivery.';
export const SENDING_NOW_MESSAGE = 'This delivery is being sent right now. Try again in a minute.';
export const tooManyMessage = () => `You can have at most ${MAX_WEBHOOKS_PER_AGENT} webhooks. Delete one first.`;

/** Delay before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most 4 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

// ---------------------------------------------------------------------------------------------
// Endpoints and the signing secret

const eventsOf = (v: string): WebhookEventType[] => v.split(',').filter((e): e is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(e));

const view = (r: Webhook): WebhookView => ({
  id: Number(r.id),
  url: r.url,
  events: eventsOf(r.events),
  enabled: Boolean(r.enabled),
  createdAt: toIso(r.createdAt) ?? '',
});

function checkTarget(config: Pick<AppConfig, 'webhooks'>, url: string): void {
  if (!config.webhooks.guard) return;
  const why = refusedTarget(url);
  if (why) throw badRequest(`url: ${why}`, { url: why });
}

export async function listWebhooks(db: Db, userId: number): Promise<WebhookView[]> {
  return (await Webhook.query(db).where({ userId }).orderBy('id')).map(view);
}

const newSecret = () => `whsec_${crypto.randomBytes(24).toString('hex')}`;
const secretView = (row: WebhookSecret | undefined, shown = false): WebhookSecretView => ({
  secret: shown && row ? row.secret : null,
  hint: row ? `…${row.secret.slice(-4)}` : null,
  createdAt: row ? toIso(row.createdAt) : null,
});

export async function secretOf(db: Db, userId: number): Promise<WebhookSecretView> {
  return secretView(await WebhookSecret.query(db).findById(userId));
}

/** A new signing secret (the first, or one replacing the old at once): returned in full this once. */
export async function rollSecret(db: Db | Knex.Transaction, userId: number, now: Date): Promise<WebhookSecretView> {
  const row = { userId, secret: newSecret(), createdAt: toDbDate(now) };
  await WebhookSecret.query(db).insert(row).onConflict('userId').merge(['secret', 'createdAt']);
  return secretView(Object.assign(new WebhookSecret(), row), true);
}

/** Registers an endpoint. The agent's first one makes their signing secret, shown in the answer once. */
export async function createWebhook(
  db: Db,
  config: Pick<AppConfig, 'webhooks'>,
  userId: number,
  input: WebhookInput,
  now: Date,
): Promise<{ webhook: WebhookView; secret: WebhookSecretView }> {
  checkTarget(config, input.url);
  return db.transaction(async (trx) => {
    const count = await Webhook.query(trx).where({ userId }).resultSize();
    if (count >= MAX_WEBHOOKS_PER_AGENT) throw conflict(tooManyMessage());
    const stamp = toDbDate(now);
    const inserted = await Webhook.query(trx).insert({
      userId,
      url: input.url,
      events: [...new Set(input.events)].join(','),
      enabled: input.enabled ?? true,
      createdAt: stamp,
      updatedAt: stamp,
    });
    const existing = await WebhookSecret.query(trx).findById(userId);
    const secret = existing ? secretView(existing) : await rollSecret(trx, userId, now);
    return { webhook: view((await Webhook.query(trx).findById(inserted.id))!), secret };
  });
}

export async function updateWebhook(
  db: Db,
  config: Pick<AppConfig, 'webhooks'>,
  userId: number,
  id: number,
  input: WebhookInput,
  now: Date,
): Promise<WebhookView> {
  checkTarget(config, input.url);
  const n = await Webhook.query(db)
    .where({ id, userId })
    .patch({
      url: input.url,
      events: [...new Set(input.events)].join(','),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      updatedAt: toDbDate(now),
    });
  if (!n) throw notFound(NOT_FOUND_MESSAGE);
  return view((await Webhook.query(db).findById(id))!);
}

/** Deletes the endpoint with its delivery log (nothing more is sent to it). */
export async function deleteWebhook(db: Db, userId: number, id: number): Promise<void> {
  const n = await Webhook.query(db).where({ id, userId }).delete();
  if (!n) throw notFound(NOT_FOUND_MESSAGE);
}

// ---------------------------------------------------------------------------------------------
// Events

type EventData = Record<string, unknown>;

const newEventId = () => `evt_${crypto.randomBytes(12).toString('hex')}`;

/** What each kind of event says about each item (read in the purchase's transaction). */
async function eventData(trx: Knex | Knex.Transaction, type: WebhookEventType, ids: number[]): Promise<EventData[]> {
  if (type === 'lead.bought') {
    const rows = await Lead.query(trx).whereIn('id', ids).orderBy('id');
    return rows.map((r) => ({
      lead: {
        id: Number(r.id),
        kind: r.kind,
        name: r.customerName,
        phone: r.customerPhone,
        email: r.customerEmail,
        state: r.customerState,
        zipCode: r.zipCode,
        ageRange: r.currentAgeRange,
        formFillTime: toIso(r.formFillTime) ?? r.formFillTime,
        boughtAt: toIso(r.soldAt),
        orderId: r.reservedOrderId === null ? null : Number(r.reservedOrderId),
      },
    }));
  }
  if (type === 'transfer.delivered') {
    const rows = await TransferCall.query(trx).whereIn('id', ids).orderBy('id');
    return rows.map((r) => ({
      transfer: {
        id: Number(r.id),
        callId: r.externalCallId,
        callerName: r.callerName,
        callerPhone: r.callerPhone,
        state: r.state,
        startedAt: toIso(r.startedAt),
        endedAt: toIso(r.endedAt),
        durationSeconds: Number(r.durationSeconds),
        billable: Boolean(r.billable),
        chargeCents: Number(r.chargeCents),
        recordingUrl: r.recordingUrl,
      },
    }));
  }
  const rows = await Appointment.query(trx).whereIn('id', ids).orderBy('id');
  return rows.map((r) => ({
    appointment: {
      id: Number(r.id),
      name: r.customerName,
      phone: r.customerPhone,
      email: r.customerEmail,
      state: r.customerState,
      appointmentAt: r.extractedAppointmentDateTime,
      leadQuality: r.leadQuality,
      notes: r.notes,
      boughtAt: toIso(r.purchasedAt),
      assigned: Boolean(r.assignedAt) || type === 'appointment.assigned',
      orderId: r.reservedOrderId === null ? null : Number(r.reservedOrderId),
    },
  }));
}

function envelope(eventId: string, type: string, now: Date, agentId: number, data: EventData): string {
  return JSON.stringify({ id: eventId, type, createdAt: now.toISOString(), agentId, data });
}

function deliveryRow(webhookId: number, userId: number, eventId: string, type: string, payload: string, now: Date) {
  return {
    webhookId,
    userId,
    eventId,
    eventType: type,
    payload,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: toDbDate(now),
    giveUpAt: toDbDate(new Date(now.getTime() + RETRY_WINDOW_MS)),
    createdAt: toDbDate(now),
  };
}

/**
 * Writes one event per item to the outbox of each of the agent's enabled endpoints that subscribe to
 * `type`, in `trx` (the purchase's transaction): nothing is sent for a purchase that rolls back. An
 * agent without such an endpoint costs one indexed read.
 */
export async function emitWebhookEvents(
  trx: Knex | Knex.Transaction,
  now: Date,
  userId: number | null,
  type: WebhookEventType,
  ids: number[],
): Promise<number> {
  if (!userId || !ids.length) return 0;
  const hooks = (await Webhook.query(trx).where({ userId, enabled: true }).select('id', 'events')).filter((h) => eventsOf(h.events).includes(type));
  if (!hooks.length) return 0;
  const rows = [];
  for (const data of await eventData(trx, type, ids)) {
    const eventId = newEventId();
    const payload = envelope(eventId, type, now, userId, data);
    for (const h of hooks) rows.push(deliveryRow(Number(h.id), userId, eventId, type, payload, now));
  }
  for (const row of rows) await WebhookDelivery.query(trx).insert(row);
  return rows.length;
}

/** "Send test event": a test.ping to this endpoint only, due now. */
export async function sendTestEvent(db: Db, userId: number, webhookId: number, now: Date): Promise<DeliveryView> {
  const hook = await Webhook.query(db).findOne({ id: webhookId, userId });
  if (!hook) throw notFound(NOT_FOUND_MESSAGE);
  const eventId = newEventId();
  const payload = envelope(eventId, TEST_EVENT, now, userId, {
    message: 'A test event from TransferLine: your endpoint is reachable and the signature can be checked.',
    webhookId,
  });
  const inserted = await WebhookDelivery.query(db).insert(deliveryRow(webhookId, userId, eventId, TEST_EVENT, payload, now));
  return deliveryView(db, userId, Number(inserted.id));
}

// ---------------------------------------------------------------------------------------------
// The delivery log

async function deliveryViews(db: Db, rows: WebhookDelivery[]): Promise<DeliveryView[]> {
  const ids = rows.map((r) => Number(r.id));
  const attempts = ids.length ? await WebhookAttempt.query(db).whereIn('deliveryId', ids).orderBy('deliveryId').orderBy('attempt', 'desc') : [];
  return rows.map((r) => ({
    id: Number(r.id),
    webhookId: Number(r.webhookId),
    eventId: r.eventId,
    eventType: r.eventType,
    status: r.status as DeliveryStatus,
    attempts: Number(r.attempts),
    createdAt: toIso(r.createdAt) ?? '',
    deliveredAt: toIso(r.deliveredAt),
    nextAttemptAt: r.status === 'pending' ? toIso(r.nextAttemptAt) : null,
    lastStatusCode: r.lastStatusCode === null ? null : Number(r.lastStatusCode),
    lastError: r.lastError,
    payload: r.payload,
    log: attempts
      .filter((a) => Number(a.deliveryId) === Number(r.id))
      .map((a) => ({
        attempt: Number(a.attempt),
        at: toIso(a.at) ?? '',
        statusCode: a.statusCode === null ? null : Number(a.statusCode),
        durationMs: Number(a.durationMs),
        error: a.error,
        responseExcerpt: a.responseExcerpt,
      })),
  }));
}

export async function deliveryView(db: Db, userId: number, id: number): Promise<DeliveryView> {
  const row = await WebhookDelivery.query(db).findOne({ id, userId });
  if (!row) throw notFound(DELIVERY_NOT_FOUND);
  return (await deliveryViews(db, [row]))[0]!;
}

/** The agent's deliveries, newest first, each with its tries (newest first). */
export async function listDeliveries(db: Db, userId: number, page: number): Promise<DeliveryPage> {
  const mine = WebhookDelivery.query(db).where({ userId });
  const found = await readPage<WebhookDelivery>({ page, pageSize: DELIVERY_PAGE_SIZE }, { rows: mine.clone().orderBy('id', 'desc'), count: mine });
  return withItems(found, await deliveryViews(db, found.items));
}

/**
 * Replays a delivery: the same event (same id and body, newly signed) is due now, retried for another
 * 24 hours; its tries keep counting in the same log. One being sent right now: 409.
 */
export async function replayDelivery(db: Db, userId: number, id: number, now: Date): Promise<DeliveryView> {
  const row = await WebhookDelivery.query(db).findOne({ id, userId });
  if (!row) throw notFound(DELIVERY_NOT_FOUND);
  const n = await WebhookDelivery.query(db)
    .where({ id, userId })
    .whereNot('status', 'sending')
    .patch({ status: 'pending', nextAttemptAt: toDbDate(now), giveUpAt: toDbDate(new Date(now.getTime() + RETRY_WINDOW_MS)), leaseUntil: null });
  if (!n) throw conflict(SENDING_NOW_MESSAGE);
  return deliveryView(db, userId, id);
}

// ---------------------------------------------------------------------------------------------
// Sending (the webhook-deliveries job)

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  logger: Pick<Logger, 'warn' | 'error'>;
  guard: boolean;
  timeoutMs: number;
  batch: number;
}

export const deliveryDeps = (deps: { db: Db; clock: Clock; logger: Logger; config: Pick<AppConfig, 'webhooks'> }): DeliveryDeps => ({
  db: deps.db,
  clock: deps.clock,
  logger: deps.logger,
  guard: deps.config.webhooks.guard,
  timeoutMs: deps.config.webhooks.timeoutMs,
  batch: deps.config.webhooks.batch,
});

function due<Q extends QueryBuilder<WebhookDelivery, unknown>>(q: Q, now: string): Q {
  return q.where((w) => {
    w.where((a) => a.where('status', 'pending').where('nextAttemptAt', '<=', now)).orWhere((b) => b.where('status', 'sending').where('leaseUntil', '<=', now));
  });
}

const USER_AGENT = 'TransferLine-Webhooks/1.0';

async function deliverOne(deps: DeliveryDeps, id: number): Promise<'delivered' | 'failed' | 'retrying' | 'skipped'> {
  const claimedAt = deps.clock.now();
  const claimed = await due(WebhookDelivery.query(deps.db).where({ id }), toDbDate(claimedAt)).patch({
    status: 'sending',
    leaseUntil: toDbDate(new Date(claimedAt.getTime() + deps.timeoutMs + 60_000)),
    attempts: raw('?? + 1', ['attempts']),
  });
  if (claimed !== 1) return 'skipped'; // another worker has it
  const row = (await WebhookDelivery.query(deps.db).findById(id))!;
  const hook = await Webhook.query(deps.db).findById(row.webhookId);
  const secret = await WebhookSecret.query(deps.db).findById(row.userId);
  const attempt = Number(row.attempts);
  const at = deps.clock.now();
  let result: TryResult;
  if (!hook || !secret) {
    result = { statusCode: null, durationMs: 0, error: 'The webhook or its signing secret is gone', responseExcerpt: null };
  } else {
    result = await postOnce(hook.url, row.payload, {
      timeoutMs: deps.timeoutMs,
      guard: deps.guard,
      headers: {
        'User-Agent': USER_AGENT,
        [SIGNATURE_HEADER]: signatureHeader(secret.secret, row.payload, at),
        'TransferLine-Event-Id': row.eventId,
        'TransferLine-Event-Type': row.eventType,
        'TransferLine-Attempt': String(attempt),
      },
    });
  }
  await WebhookAttempt.query(deps.db).insert({
    deliveryId: id,
    attempt,
    at: toDbDate(at),
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    error: result.error?.slice(0, 1000) ?? null,
    responseExcerpt: result.responseExcerpt?.slice(0, 1000) ?? null,
  });
  const after = deps.clock.now();
  if (result.error === null) {
    await WebhookDelivery.query(deps.db)
      .where({ id, status: 'sending' })
      .patch({ status: 'delivered', deliveredAt: toDbDate(after), leaseUntil: null, lastStatusCode: result.statusCode, lastError: null });
    return 'delivered';
  }
  const giveUpAt = fromDbDate(row.giveUpAt) ?? after;
  const giveUp = !hook || !secret || after.getTime() >= giveUpAt.getTime();
  const next = new Date(Math.min(after.getTime() + backoffMs(attempt), giveUpAt.getTime()));
  await WebhookDelivery.query(deps.db)
    .where({ id, status: 'sending' })
    .patch({
      status: giveUp ? 'failed' : 'pending',
      leaseUntil: null,
      nextAttemptAt: toDbDate(next),
      lastStatusCode: result.statusCode,
      lastError: result.error.slice(0, 1000),
    });
  deps.logger.warn(
    { deliveryId: id, attempt, status: result.statusCode, err: result.error },
    giveUp ? 'webhook delivery failed for good' : 'webhook delivery failed; will retry',
  );
  return giveUp ? 'failed' : 'retrying';
}

/** Sends what is due now, one batch at once. Never throws for a failed try (that is logged on the row). */
export async function sendDueDeliveries(deps: DeliveryDeps): Promise<{ delivered: number; failed: number; retrying: number }> {
  const result = { delivered: 0, failed: 0, retrying: 0 };
  const candidates = await due(WebhookDelivery.query(deps.db), toDbDate(deps.clock.now())).orderBy('id').limit(deps.batch).select('id');
  const outcomes = await Promise.all(candidates.map(({ id }) => deliverOne(deps, Number(id))));
  for (const o of outcomes) if (o !== 'skipped') result[o] += 1;
  return result;
}
