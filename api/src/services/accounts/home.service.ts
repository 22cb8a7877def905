// The portal home: balance and spend, transfers today and this week on the agent's clock, disputes
// awaiting a decision, recent purchases, upcoming purchased appointments and alerts, in one answer.
import {
  HOME_RECENT_PURCHASES,
  HOME_UPCOMING_APPOINTMENTS,
  LOW_BALANCE_MESSAGE,
  NO_BALANCE_MESSAGE,
  PAUSED_MESSAGE,
  pausedUntilMessage,
  type DashboardHomeView,
  type HomeAlert,
  type HomeAppointment,
} from '@tm/shared/schemas/home';
import { localDateKey, startOfLocalDate } from '@tm/shared/logic/transfer-rules';
import { weekStartKey, toDate } from '@tm/shared/logic/format';
import type { AppDeps } from '../../deps.ts';
import { toDbDate } from '../../db/dates.ts';
import { settingsView } from '../transfers/settings.service.ts';
import { balanceView } from '../transfers/lots.service.ts';
import { recentPurchases } from '../transfers/ledger.service.ts';
import { Appointment, TransferCall, TransferDispute } from '../../models/index.ts';
import { lowBalanceThresholdOf } from '../transfers/balance-alerts.ts';

const count = (row: unknown) => Number((row as { n?: number | string } | undefined)?.n ?? 0);

/** The agent's purchased appointments whose extracted time is still ahead, soonest first. */
async function upcomingAppointments(deps: AppDeps, userId: number, now: Date): Promise<HomeAppointment[]> {
  // The appointment time is the voice AI's text (an ISO instant when it could read one), so it is
  // compared here, over the agent's newest purchases, not in SQL.
  // Only texts that can be an instant still ahead: an ISO text (it begins with a digit, below ':') whose
  // local time is at most a day behind now (no zone is more than 14 hours off UTC); a range of the index
  // on (buyer, status, text), not every appointment the agent bought (decision 265).
  const rows = await Appointment.query(deps.db)
    .where({ buyerId: userId, status: 'sold' })
    .whereNull('buyerDeletedAt')
    .where('extractedAppointmentDateTime', '>=', new Date(now.getTime() - 86_400_000).toISOString())
    .where('extractedAppointmentDateTime', '<', ':')
    .orderBy([
      { column: 'purchasedAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(500)
    .select('id', 'customerName', 'customerPhone', 'customerState', 'extractedAppointmentDateTime');
  const out: HomeAppointment[] = [];
  for (const r of rows) {
    const text = String(r.extractedAppointmentDateTime ?? '');
    const at = /^\d{4}-\d{2}-\d{2}T/.test(text) ? toDate(text) : null;
    if (!at || at.getTime() < now.getTime()) continue;
    out.push({
      id: Number(r.id),
      customerName: r.customerName ? String(r.customerName) : 'Unknown Customer',
      customerPhone: r.customerPhone ? String(r.customerPhone) : '',
      customerState: r.customerState ? String(r.customerState) : null,
      at: at.toISOString(),
    });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id).slice(0, HOME_UPCOMING_APPOINTMENTS);
}

export async function dashboardHome(deps: AppDeps, userId: number): Promise<DashboardHomeView> {
  const now = deps.clock.now();
  const settings = await settingsView(deps, userId);
  const tz = settings.timeZone;
  const weekStart = startOfLocalDate(weekStartKey(localDateKey(now, tz)), tz);
  const [balance, week, awaiting, purchases, upcoming] = await Promise.all([
    balanceView(deps.db, userId, { pausedNow: settings.pausedNow, pausedReason: settings.pausedReason, resumeDate: settings.resumeDate }),
    TransferCall.query(deps.db).where({ userId }).where('startedAt', '>=', toDbDate(weekStart)).count({ n: '*' }).first(),
    TransferDispute.query(deps.db).where({ userId, status: 'pending' }).count({ n: '*' }).first(),
    recentPurchases(deps.db, userId, HOME_RECENT_PURCHASES),
    upcomingAppointments(deps, userId, now),
  ]);

  const alerts: HomeAlert[] = [];
  if (balance.remaining === 0 && balance.purchased > 0) alerts.push({ kind: 'no_balance', message: NO_BALANCE_MESSAGE });
  else if (balance.remaining > 0 && balance.remaining <= (await lowBalanceThresholdOf(deps.db, userId)))
    alerts.push({ kind: 'low_balance', message: LOW_BALANCE_MESSAGE(balance.remaining) });
  if (settings.pausedNow && settings.pausedReason !== 'no_balance') {
    alerts.push({ kind: 'paused', message: settings.resumeDate ? pausedUntilMessage(settings.resumeDate) : PAUSED_MESSAGE });
  }

  return {
    timeZone: tz,
    transfersRemaining: balance.remaining,
    transfersPurchased: balance.purchased,
    spentCents: balance.spentCents,
    transfersToday: settings.callsToday,
    transfersThisWeek: count(week),
    disputesAwaitingDecision: count(awaiting),
    paused: settings.pausedNow,
    recentPurchases: purchases,
    upcomingAppointments: upcoming,
    alerts,
  };
}
