// The mail outbox (decision 045). enqueueMail writes a message in the caller's transaction, so it
// exists exactly when the event that causes it does; sendDueMessages (a plain function, run by the
// in-process loop of startOutboxWorker, or by a job queue) sends what is due:
//   1. claim a row: status 'sending' with a lease (a conditional UPDATE: one worker wins);
//   2. send it with the row's own Message-ID (its idempotency key);
//   3. record 'sent'; or, when the send failed, back off exponentially (30 s, 1 min, 2 min, ... 1 h)
//      and after MAX_ATTEMPTS mark it 'failed' with the error for an admin to resend.
// A worker that dies between 2 and 3 leaves the row 'sending'; when its lease runs out the row is sent
// again with the SAME Message-ID, so the recipient's mail system sees one message (see the decision).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { raw, type QueryBuilder } from 'objection';
import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../clock.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import {
  PASSWORD_RESET_LINK_TTL_MS,
  isOptionalMailKind,
  type MailKind,
  type OutboxItem,
  type OutboxMessage,
  type OutboxPage,
  type OutboxStatus,
} from '@tm/shared/schemas/mail';
import type { MailTransport, OutgoingMail } from './transport.ts';
import { conflict, notFound } from '../../errors.ts';
import { OutboxMail, User } from '../../models/index.ts';
import { adminById, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { EmailMatch } from '@tm/shared/schemas/email-match';
import { whereEmail } from '../../db/like.ts';
import { readPage, withItems } from '../../db/paging.ts';
import { maskLink, openLink, sealLink, swapLink } from './sealed-links.ts';
import { createSetPasswordLink } from '../accounts/set-password-links.ts';
import { SET_PASSWORD_LINK_TTL_MS } from '@tm/shared/schemas/auth';

export const LEASE_MS = 2 * 60 * 1000;
export const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 60 * 60 * 1000;
/** Messages per run unless the deployment says otherwise (MAIL_OUTBOX_BATCH). */
export const DEFAULT_BATCH = 20;

/**
 * Mail someone is waiting for goes before everything else (issue 27 M1, issue 35 A1): password resets and
 * changes, e-mail changes, receipts, refunds and failed payments are priority 0; account-created,
 * sign-up attempts, staff alerts and notices are 1. A flood of sign-ups (each an account-created mail and
 * a staff alert) never delays a reset: the sender takes priority 0 first, whichever process runs it.
 */
export const URGENT_MAIL_KINDS: readonly MailKind[] = [
  'password-reset',
  'password-changed',
  'welcome',
  'email-change',
  'order-receipt',
  'order-refund',
  'payment-failed',
];
export const priorityOf = (kind: MailKind): number => (URGENT_MAIL_KINDS.includes(kind) ? 0 : 1);

/** Delay before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
}

export interface NewMail {
  kind: MailKind;
  to: string;
  userId?: number | null;
  subject: string;
  text: string;
  html: string;
  attachments?: OutgoingMail['attachments'];
  icalEvent?: OutgoingMail['icalEvent'];
  /** Makes the message unique: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /** The message's live link, sealed (sealed-links.ts); text and html hold it masked. */
  linkSealed?: string;
}

/** The optional kinds the user turned off (users.mail_opt_out, comma-separated). */
export function parseOptOut(v: unknown): string[] {
  return typeof v === 'string' && v ? v.split(',').filter(Boolean) : [];
}

/**
 * Writes the message to the outbox in `trx` (the event's own transaction). A message of an optional
 * kind the user turned off is not written. Returns the outbox id, or null when nothing was written.
 */
export async function enqueueMail(trx: Knex | Knex.Transaction, now: Date, mail: NewMail, opts: { dueAt?: Date } = {}): Promise<number | null> {
  if (mail.userId && isOptionalMailKind(mail.kind)) {
    const u = await User.query(trx).findById(mail.userId).select('mailOptOut');
    if (parseOptOut(u?.mailOptOut).includes(mail.kind)) return null;
  }
  const row = {
    messageKey: crypto.randomBytes(16).toString('hex'),
    dedupeKey: mail.dedupeKey ?? null,
    kind: mail.kind,
    userId: mail.userId ?? null,
    toEmail: mail.to,
    subject: mail.subject.slice(0, 300),
    textBody: mail.text,
    htmlBody: mail.html,
    attachments: mail.attachments || mail.icalEvent ? JSON.stringify({ attachments: mail.attachments ?? [], icalEvent: mail.icalEvent ?? null }) : null,
    linkSealed: mail.linkSealed ?? null,
    status: 'pending',
    priority: priorityOf(mail.kind),
    attempts: 0,
    nextAttemptAt: toDbDate(opts.dueAt ?? now),
    createdAt: toDbDate(now),
  };
  if (mail.dedupeKey) {
    await OutboxMail.query(trx).insert(row).onConflict('dedupeKey').ignore();
  } else {
    await OutboxMail.query(trx).insert(row);
  }
  const saved = await OutboxMail.query(trx).where({ messageKey: row.messageKey }).select('id').first();
  return saved ? Number(saved.id) : null;
}

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  transport: MailTransport;
  /** The From header (MAIL_FROM). */
  from: string;
  /** The domain of Message-IDs (the public origin's host). */
  messageIdDomain: string;
  /** Messages per run (MAIL_OUTBOX_BATCH); the run's period is the job's (MAIL_OUTBOX_EVERY_MS). */
  batch?: number;
  /** Opens sealed links (SESSION_SECRET): the live link goes back into the message only as it is sent. */
  linkSecret?: string;
  /**
   * Test-only fault injection at the one point where a crash matters: after the server accepted the
   * message and before the outbox records it. Whatever it throws leaves sendDueMessages at once,
   * recording nothing, as a killed process would.
   */
  faults?: { afterSend?: (outboxId: number) => void };
}

export function messageIdOf(messageKey: string, domain: string): string {
  return `<${messageKey}@${domain}>`;
}

/** Rows that are due: pending ones whose time has come, and 'sending' ones whose lease ran out (a dead worker). */
function due<Q extends QueryBuilder<OutboxMail, unknown>>(q: Q, now: string): Q {
  return q.where((w) => {
    w.where((a) => a.where('status', 'pending').where('nextAttemptAt', '<=', now)).orWhere((b) => b.where('status', 'sending').where('leaseUntil', '<=', now));
  });
}

/** Sends what is due now, one batch. Never throws for a failed send (that is recorded on the row). */
export async function sendDueMessages(deps: OutboxDeps): Promise<{ sent: number; failed: number; retrying: number }> {
  const result = { sent: 0, failed: 0, retrying: 0 };
  const now = deps.clock.now();
  const nowDb = toDbDate(now);
  const candidates = await due(OutboxMail.query(deps.db), nowDb)
    .orderBy('priority')
    .orderBy('id')
    .limit(deps.batch ?? DEFAULT_BATCH)
    .select('id');
  for (const { id } of candidates) {
    const claimedAt = deps.clock.now();
    const claimed = await due(OutboxMail.query(deps.db).where({ id }), toDbDate(claimedAt)).patch({
      status: 'sending',
      leaseUntil: toDbDate(new Date(claimedAt.getTime() + LEASE_MS)),
      attempts: raw('?? + 1', ['attempts']),
    });
    if (claimed !== 1) continue; // another worker has it
    const row = await OutboxMail.query(deps.db).findById(id);
    if (!row) continue;
    const extra = row.attachments ? (JSON.parse(row.attachments) as Pick<OutgoingMail, 'attachments' | 'icalEvent'>) : {};
    let body = { text: row.textBody, html: row.htmlBody };
    const live = row.linkSealed && deps.linkSecret ? openLink(deps.linkSecret, row.linkSealed) : null;
    if (live) body = swapLink(body, maskLink(live), live);
    try {
      await deps.transport.send({
        from: deps.from,
        to: row.toEmail,
        subject: row.subject,
        text: body.text,
        html: body.html,
        messageId: messageIdOf(row.messageKey, deps.messageIdDomain),
        ...(extra.attachments?.length ? { attachments: extra.attachments } : {}),
        ...(extra.icalEvent ? { icalEvent: extra.icalEvent } : {}),
      });
    } catch (err) {
      const attempts = Number(row.attempts);
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = attempts >= MAX_ATTEMPTS;
      const at = deps.clock.now();
      await OutboxMail.query(deps.db)
        .where({ id, status: 'sending' })
        .patch({
          status: giveUp ? 'failed' : 'pending',
          leaseUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: toDbDate(new Date(at.getTime() + backoffMs(attempts))),
        });
      deps.logger.warn({ outboxId: id, attempts, err: message }, giveUp ? 'mail failed for good' : 'mail send failed; will retry');
      if (giveUp) result.failed += 1;
      else result.retrying += 1;
      continue;
    }
    deps.faults?.afterSend?.(id);
    await OutboxMail.query(deps.db)
      .where({ id })
      .patch({ status: 'sent', sentAt: toDbDate(deps.clock.now()), leaseUntil: null, lastError: null, linkSealed: null });
    result.sent += 1;
  }
  return result;
}

/**
 * The in-process loop: sendDueMessages every `everyMs` (never two runs at once); kick() runs it soon
 * (after an enqueue). stop() ends it. A job queue may call sendDueMessages instead.
 */
/** The outbox sender's job name and period (server.ts registers it on the job runner). */
export const OUTBOX_JOB = 'email-outbox';
/** The default period (MAIL_OUTBOX_EVERY_MS sets it). */
export const OUTBOX_EVERY_MS = 2000;

export function startOutboxWorker(deps: OutboxDeps, everyMs = 2000): { stop: () => void; kick: () => void; idle: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sendDueMessages(deps)
      .then(
        () => undefined,
        (err: unknown) => deps.logger.error({ err }, 'outbox worker run failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
    kick: () => setTimeout(run, 0).unref(),
    idle: async () => {
      await running;
    },
  };
}

type OutboxListed = Pick<OutboxMail, 'id' | 'kind' | 'toEmail' | 'subject' | 'status' | 'attempts' | 'lastError' | 'createdAt' | 'sentAt' | 'nextAttemptAt'>;

function toItem(r: OutboxListed): OutboxItem {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    to: String(r.toEmail),
    subject: String(r.subject),
    status: r.status as OutboxStatus,
    attempts: Number(r.attempts),
    lastError: r.lastError ?? null,
    createdAt: toIso(r.createdAt)!,
    sentAt: toIso(r.sentAt),
    nextAttemptAt: r.status === 'pending' ? toIso(r.nextAttemptAt) : null,
  };
}

export const OUTBOX_PAGE_SIZE = 50;

export async function listOutbox(db: Db, q: { status: OutboxStatus | 'all'; page: number; to?: string; emailMatch?: EmailMatch }): Promise<OutboxPage> {
  const base = q.status === 'all' ? OutboxMail.query(db) : OutboxMail.query(db).where('status', q.status);
  if (q.to) whereEmail(base, ['toEmail'], q.to, q.emailMatch ?? 'exact');
  const rows = base
    .clone()
    .orderBy('id', 'desc')
    .select('id', 'kind', 'toEmail', 'subject', 'status', 'attempts', 'lastError', 'createdAt', 'sentAt', 'nextAttemptAt');
  const page = await readPage<OutboxMail>({ page: q.page, pageSize: OUTBOX_PAGE_SIZE }, { rows, count: base });
  return withItems(page, page.items.map(toItem));
}

/**
 * One message with its text, for the admin's preview: its link masked (sealed-links.ts). Reading
 * another person's mail is audited, naming the admin (issue 35 A5).
 */
export async function outboxMessage(db: Db, id: number, now: Date, actor: AuditActor = adminById(null)): Promise<OutboxMessage> {
  const row = await OutboxMail.query(db).findById(id);
  if (!row) throw notFound('Message not found');
  await recordAudit(db, {
    actor,
    action: 'mail.viewed',
    entity: 'mail',
    entityId: id,
    userId: row.userId === null ? null : Number(row.userId),
    after: { toEmail: row.toEmail, subject: row.subject },
    at: now,
  });
  return { ...toItem(row), text: String(row.textBody) };
}

export const RESEND_WAITING_MESSAGE = 'This message is already waiting to be sent';
export const RESEND_ONE_TIME_LINK_MESSAGE = 'This message carried a one-time e-mail change link: the user asks for a new one.';

/** Kinds whose masked link a resend replaces by a fresh set-password link (for the same user), with its lifetime. */
const FRESH_LINK_TTL_MS: Partial<Record<MailKind, number>> = { 'password-reset': PASSWORD_RESET_LINK_TTL_MS, 'account-created': SET_PASSWORD_LINK_TTL_MS };

/**
 * An admin's resend. A failed message is sent again as it was (due now, attempts from zero, the same
 * Message-ID); a sent one is copied to a new message, due now (the first stays as the record of what went
 * out). A message still waiting or being sent: 409. Audited in the same transaction.
 */
export async function resendMessage(
  db: Db,
  id: number,
  now: Date,
  actor: AuditActor = adminById(null),
  links: { secret: string; origin: string } | null = null,
): Promise<OutboxItem> {
  return db.transaction(async (trx) => {
    const row = await OutboxMail.query(trx).findById(id);
    if (!row) throw notFound('Message not found');
    let result: OutboxMail;
    if (row.status === 'failed') {
      const n = await OutboxMail.query(trx)
        .where({ id, status: 'failed' })
        .patch({ status: 'pending', attempts: 0, nextAttemptAt: toDbDate(now), leaseUntil: null });
      if (n !== 1) throw conflict(RESEND_WAITING_MESSAGE);
      result = (await OutboxMail.query(trx).findById(id))!;
    } else if (row.status === 'sent') {
      // A sent message's link was cleared when it went out: a resend carries a fresh one (issue 35 A5),
      // never a copy of a live link an admin could have read.
      let linkSealed: string | null = null;
      const masked = /[?&][^=&#\s]+=hidden\b/.test(String(row.textBody));
      if (masked) {
        const ttl = FRESH_LINK_TTL_MS[row.kind as MailKind];
        if (!ttl || row.userId === null || !links) throw conflict(RESEND_ONE_TIME_LINK_MESSAGE);
        const fresh = await createSetPasswordLink(trx, links.secret, links.origin, Number(row.userId), now, ttl);
        linkSealed = sealLink(links.secret, fresh.url);
      }
      const copy = {
        messageKey: crypto.randomBytes(16).toString('hex'),
        dedupeKey: null,
        kind: row.kind,
        userId: row.userId,
        toEmail: row.toEmail,
        subject: row.subject,
        textBody: row.textBody,
        htmlBody: row.htmlBody,
        attachments: row.attachments,
        linkSealed,
        status: 'pending',
        priority: priorityOf(row.kind as MailKind),
        attempts: 0,
        nextAttemptAt: toDbDate(now),
        createdAt: toDbDate(now),
      };
      await OutboxMail.query(trx).insert(copy);
      result = (await OutboxMail.query(trx).where({ messageKey: copy.messageKey }).first())!;
    } else {
      throw conflict(RESEND_WAITING_MESSAGE);
    }
    await recordAudit(trx, {
      actor,
      action: 'mail.resent',
      entity: 'mail',
      entityId: id,
      userId: row.userId === null ? null : Number(row.userId),
      after: { toEmail: row.toEmail, subject: row.subject, ...(Number(result.id) !== id ? { copyId: Number(result.id) } : {}) },
      at: now,
    });
    return toItem(result);
  });
}

/** The outbox's dependencies taken from the app's. */
export function outboxDeps(
  deps: { db: Db; clock: Clock; logger: Logger; config: { mail: { from: string; outboxBatch?: number }; publicOrigin: string; sessionSecret: string } },
  transport: MailTransport,
): OutboxDeps {
  return {
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    transport,
    from: deps.config.mail.from,
    messageIdDomain: new URL(deps.config.publicOrigin).hostname,
    batch: deps.config.mail.outboxBatch,
    linkSecret: deps.config.sessionSecret,
  };
}
