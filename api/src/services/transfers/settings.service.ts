// The agent's transfer controls (calls per day, working states, hours in their own time zone, pause
// with an optional resume date). One row per agent, created on first use with open defaults.
import type { Knex } from 'knex';
import { DEFAULT_CONTROLS, localDateKey, localDayBounds, pauseInForce, type AgentControls, type PauseReason } from '@tm/shared/logic/transfer-rules';
import type { TransferSettingsValues, TransferSettingsView } from '@tm/shared/schemas/transfers';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { enqueueUserMail } from '../mail/account-mail.ts';
import { controlsChangedMail } from '../mail/delivery-messages.ts';
import { toDbDate, toIso } from '../../db/dates.ts';
import { transferLots } from './lots.service.ts';
import { withRetry } from '../../db/retry.ts';
import { statesNamedIn } from '@tm/shared/us-states';
import { parseTransferHours } from '@tm/shared/logic/transfer-hours';
import { AgentTransferSetting, TransferCall, User } from '../../models/index.ts';

type SettingsRow = Pick<
  AgentTransferSetting,
  'userId' | 'callsPerDay' | 'workingStates' | 'hoursStart' | 'hoursEnd' | 'timeZone' | 'paused' | 'pausedReason' | 'pausedAt' | 'resumeDate'
> &
  Partial<Pick<AgentTransferSetting, 'deliveryPhone'>>;

export function toControls(row: SettingsRow | undefined): AgentControls {
  if (!row) return { ...DEFAULT_CONTROLS };
  return {
    callsPerDay: row.callsPerDay === null ? null : Number(row.callsPerDay),
    workingStates: row.workingStates ? row.workingStates.split(',').filter(Boolean) : [],
    hoursStart: row.hoursStart,
    hoursEnd: row.hoursEnd,
    timeZone: row.timeZone,
    paused: Boolean(row.paused),
    pausedReason: (row.pausedReason as PauseReason | null) ?? null,
    pausedAt: toIso(row.pausedAt),
    resumeDate: row.resumeDate,
    deliveryPhone: row.deliveryPhone ?? null,
  };
}

/** Creates the agent's settings row if missing (outside any transaction: it takes no lasting lock). */
export async function ensureSettingsRow(db: Db, userId: number): Promise<void> {
  await AgentTransferSetting.query(db).insert({ userId }).onConflict('userId').ignore();
}

export async function readControls(db: Db | Knex.Transaction, userId: number, opts: { lock?: boolean } = {}): Promise<AgentControls> {
  const q = AgentTransferSetting.query(db).where({ userId });
  if (opts.lock) q.forUpdate();
  return toControls(await q.first());
}

/** Calls recorded for the agent on the local date of an instant (every call counts toward the cap). */
export async function callsOnLocalDay(db: Db | Knex.Transaction, userId: number, at: Date, timeZone: string): Promise<number> {
  const { start, end } = localDayBounds(at, timeZone);
  const row = (await TransferCall.query(db)
    .where({ userId })
    .where('startedAt', '>=', toDbDate(start))
    .where('startedAt', '<', toDbDate(end))
    .count({ n: '*' })
    .first()) as { n?: number | string } | undefined;
  return Number(row?.n ?? 0);
}

export async function settingsView(deps: AppDeps, userId: number): Promise<TransferSettingsView> {
  const c = await readControls(deps.db, userId);
  const now = deps.clock.now();
  const balance = (await transferLots(deps.db, userId)).reduce((s, l) => s + l.remaining, 0);
  return {
    ...c,
    pausedNow: pauseInForce(c, now, balance),
    callsToday: await callsOnLocalDay(deps.db, userId, now, c.timeZone),
  };
}

const controlsForAudit = (c: AgentControls) => ({ ...c, workingStates: c.workingStates.join(',') });

/** Writes the agent's delivery settings and audits the change (every path that changes them goes here). */
async function saveControls(
  trx: Knex.Transaction,
  userId: number,
  change: { before: AgentControls; after: AgentControls; action: string; at: Date; extra?: Record<string, unknown>; actor?: AuditActor },
): Promise<void> {
  const { before, after, action, at } = change;
  await AgentTransferSetting.query(trx)
    .where({ userId })
    .patch({
      callsPerDay: after.callsPerDay,
      workingStates: after.workingStates.join(','),
      hoursStart: after.hoursStart,
      hoursEnd: after.hoursEnd,
      timeZone: after.timeZone,
      paused: after.paused,
      pausedReason: after.pausedReason,
      pausedAt: after.pausedAt ? toDbDate(new Date(after.pausedAt)) : null,
      resumeDate: after.resumeDate,
      deliveryPhone: after.deliveryPhone,
      updatedAt: toDbDate(at),
    });
  await recordAudit(trx, {
    actor: change.actor ?? { type: 'agent', id: userId },
    action,
    entity: 'settings',
    entityId: userId,
    userId,
    before: controlsForAudit(before),
    after: { ...controlsForAudit(after), ...change.extra },
    at,
  });
}

export async function updateSettings(deps: AppDeps, userId: number, input: TransferSettingsValues): Promise<TransferSettingsView> {
  const now = deps.clock.now();
  if (input.resumeDate !== null && input.resumeDate <= localDateKey(now, input.timeZone)) {
    throw badRequest('The resume date must be after today', { resumeDate: 'The resume date must be after today' });
  }
  await ensureSettingsRow(deps.db, userId);
  await withRetry(() =>
    deps.db.transaction(async (trx) => {
      const before = await readControls(trx, userId, { lock: true });
      // A pause the agent keeps keeps its start; a new one starts now. Switching it off clears it.
      const keepStart = input.paused && before.paused && before.pausedReason === 'agent';
      // An admin's pause (issue 36) stays whatever the agent sends: only an admin lifts it.
      const adminPause = before.paused && before.pausedReason === 'admin';
      const after: AgentControls = {
        callsPerDay: input.callsPerDay,
        workingStates: input.workingStates,
        hoursStart: input.hoursStart,
        hoursEnd: input.hoursEnd,
        timeZone: input.timeZone,
        // Absent from the body: kept (decision 245).
        deliveryPhone: input.deliveryPhone === undefined ? before.deliveryPhone : input.deliveryPhone,
        ...(adminPause
          ? { paused: true, pausedReason: 'admin', pausedAt: before.pausedAt, resumeDate: before.resumeDate }
          : {
              paused: input.paused,
              pausedReason: input.paused ? 'agent' : null,
              pausedAt: input.paused ? (keepStart ? before.pausedAt : now.toISOString()) : null,
              resumeDate: input.paused ? input.resumeDate : null,
            }),
      };
      await saveControls(trx, userId, { before, after, action: 'settings.updated', at: now });
    }),
  );
  return settingsView(deps, userId);
}

/** The controls' fields an admin change names to the agent, in the words of the Transfer Controls screen. */
function describeControlChanges(before: AgentControls, after: AgentControls): string[] {
  const hours = (c: AgentControls) => (c.hoursStart && c.hoursEnd ? `${c.hoursStart}-${c.hoursEnd}` : 'any time');
  const states = (c: AgentControls) => (c.workingStates.length ? c.workingStates.join(', ') : 'every state');
  const cap = (c: AgentControls) => (c.callsPerDay === null ? 'no limit' : String(c.callsPerDay));
  const pause = (c: AgentControls) => (c.paused ? `paused${c.resumeDate ? ` until ${c.resumeDate}` : ''}` : 'on');
  const out: string[] = [];
  const row = (label: string, f: (c: AgentControls) => string) => {
    if (f(before) !== f(after)) out.push(`${label}: ${f(before)} → ${f(after)}`);
  };
  row('Deliveries (transfers and assigned leads and appointments)', pause);
  row('Calls per day', cap);
  row('Working states', states);
  row('Transfer hours', hours);
  row('Time zone', (c) => c.timeZone);
  row('Delivery phone', (c) => c.deliveryPhone ?? 'the account phone');
  return out;
}

/** Only an admin's own pause blocks assignments: an agent's pause and an empty balance are about transfers. */
export const ADMIN_PAUSED_MESSAGE = "This agent's deliveries are paused by an admin: resume them under Buyer controls first";

/** 409 when an admin paused the agent (assigning leads or appointments to them is refused). */
export async function refuseAdminPaused(db: Db | Knex.Transaction, agentId: number, now: Date): Promise<void> {
  const c = await readControls(db, agentId);
  if (c.pausedReason === 'admin' && pauseInForce(c, now, 1)) throw conflict(ADMIN_PAUSED_MESSAGE, { agentId: ADMIN_PAUSED_MESSAGE });
}

/** The buyer's controls for the admin (404 for no such user). */
export async function adminControlsView(deps: AppDeps, userId: number): Promise<TransferSettingsView> {
  if (!(await User.query(deps.db).findById(userId).select('id'))) throw notFound('User not found');
  return settingsView(deps, userId);
}

/**
 * An admin sets a buyer's Transfer Controls (issue 36 point 1): the agent's own body, where `paused` is the
 * admin's pause (reason 'admin', covering transfers and assignments, lifted only by an admin). Audited with
 * the admin as actor; the agent is e-mailed what changed (nothing changed: no mail).
 */
export async function adminUpdateControls(deps: AppDeps, actor: AuditActor, userId: number, input: TransferSettingsValues): Promise<TransferSettingsView> {
  if (!(await User.query(deps.db).findById(userId).select('id'))) throw notFound('User not found');
  const now = deps.clock.now();
  if (input.resumeDate !== null && input.resumeDate <= localDateKey(now, input.timeZone)) {
    throw badRequest('The resume date must be after today', { resumeDate: 'The resume date must be after today' });
  }
  await ensureSettingsRow(deps.db, userId);
  await withRetry(() =>
    deps.db.transaction(async (trx) => {
      const before = await readControls(trx, userId, { lock: true });
      const keepStart = input.paused && before.paused && before.pausedReason === 'admin';
      const after: AgentControls = {
        callsPerDay: input.callsPerDay,
        workingStates: input.workingStates,
        hoursStart: input.hoursStart,
        hoursEnd: input.hoursEnd,
        timeZone: input.timeZone,
        deliveryPhone: input.deliveryPhone === undefined ? before.deliveryPhone : input.deliveryPhone,
        // Unpausing lifts any pause (the admin's, the agent's, or an empty balance's until the next call finds balance).
        ...(input.paused
          ? { paused: true, pausedReason: 'admin' as const, pausedAt: keepStart ? before.pausedAt : now.toISOString(), resumeDate: input.resumeDate }
          : before.paused && before.pausedReason === 'no_balance'
            ? { paused: before.paused, pausedReason: before.pausedReason, pausedAt: before.pausedAt, resumeDate: before.resumeDate }
            : { paused: false, pausedReason: null, pausedAt: null, resumeDate: null }),
      };
      const changes = describeControlChanges(before, after);
      if (!changes.length) return;
      await saveControls(trx, userId, { before, after, action: 'settings.updated', at: now, actor });
      await enqueueUserMail(trx, deps.config, userId, now, (to) => controlsChangedMail(deps.config, to, changes));
    }),
  );
  return settingsView(deps, userId);
}

/**
 * A paid transfer order's preferences (or the onboarding survey's answers) become the agent's delivery settings (issue 25 items 2 and 3): its working
 * states, hours (and the zone its hours name) and calls per day, and the survey's delivery phone (decision 245), in the transaction that marks it paid.
 * A pause stays as it is. Audited like an agent's own change ('settings.from_order').
 */
export async function applyOrderPreferences(
  trx: Knex.Transaction,
  userId: number,
  prefs: { workingStates?: string | null; transferHours?: string | null; callsPerDay?: number | null; deliveryPhone?: string | null },
  /** The paid order they came with; null: the agent's onboarding survey. */
  orderId: number | null,
  now: Date,
): Promise<void> {
  await AgentTransferSetting.query(trx).insert({ userId }).onConflict('userId').ignore();
  const before = await readControls(trx, userId, { lock: true });
  const states = statesNamedIn(prefs.workingStates ?? '');
  const hours = parseTransferHours(prefs.transferHours);
  const cap = typeof prefs.callsPerDay === 'number' && Number.isInteger(prefs.callsPerDay) && prefs.callsPerDay > 0 ? prefs.callsPerDay : null;
  const after: AgentControls = {
    ...before,
    ...(states.length ? { workingStates: states } : {}),
    ...(hours ? { hoursStart: hours.start, hoursEnd: hours.end, ...(hours.timeZone ? { timeZone: hours.timeZone } : {}) } : {}),
    ...(cap ? { callsPerDay: cap } : {}),
    ...(prefs.deliveryPhone ? { deliveryPhone: prefs.deliveryPhone } : {}),
  };
  await saveControls(trx, userId, {
    before,
    after,
    action: orderId === null ? 'settings.from_survey' : 'settings.from_order',
    at: now,
    extra: { orderId },
  });
}
