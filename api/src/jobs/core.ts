// The jobs the API defines, registered on every app's runner: the reservation sweep, the payment check
// and the session purge (repeatable, once per period for the fleet) and lead-import runs. Refund retries and the e-mail outbox register theirs
// the same way, by name, next to their services.
import type { AppDeps } from '../deps.ts';
import { JOBS } from './index.ts';
import { checkPendingPayments } from '../services/orders/payment-check.service.ts';
import { expireStaleOrders } from '../services/orders/stale-orders.service.ts';
import { releaseExpiredReservations } from '../services/orders/reservations.service.ts';
import { chargeStaleQueued } from '../services/payments/auto-rebill.service.ts';
import { runClaimedImport, type ImportRunJob } from '../services/lead-import/imports.service.ts';
import { purgeEndedSessions } from '../services/accounts/sessions.service.ts';
import { SESSION_LIFETIME_MS } from '../middleware/session.ts';
import { deliveryDeps, sendDueDeliveries, WEBHOOK_JOB } from '../services/webhooks/webhooks.service.ts';

/** How often ended sessions (portal and training admin) are deleted. */
export const SESSION_PURGE_EVERY_MS = 15 * 60 * 1000;

export function registerCoreJobs(deps: AppDeps): void {
  deps.jobs.register(JOBS.reservationSweep, async () => {
    const expired = await releaseExpiredReservations(deps);
    deps.logger.info({ job: JOBS.reservationSweep, expired }, 'reservation sweep ran');
    return expired;
  });
  deps.jobs.repeat(JOBS.reservationSweep, deps.config.reservationSweepMs);
  // Orders paid at the provider whose webhook is slow or lost (the return page only reads).
  deps.jobs.register(JOBS.paymentCheck, async () => {
    const paid = await checkPendingPayments(deps);
    if (paid > 0) deps.logger.info({ job: JOBS.paymentCheck, paid }, 'payment check paid orders');
    return paid;
  });
  deps.jobs.repeat(JOBS.paymentCheck, deps.config.paymentCheckMs);
  // Pending orders nobody paid within PENDING_ORDER_TTL_MINUTES: expired, their held items given back.
  deps.jobs.register(JOBS.staleOrders, async () => {
    const expired = await expireStaleOrders(deps);
    if (expired > 0) deps.logger.info({ job: JOBS.staleOrders, expired }, 'stale pending orders expired');
    return expired;
  });
  deps.jobs.repeat(JOBS.staleOrders, deps.config.reservationSweepMs);
  // Sessions that can never open again (revoked, or past their lifetime): deleted, so logins do not pile up rows.
  deps.jobs.register(JOBS.sessionPurge, async () => {
    const purged = await purgeEndedSessions(deps.db, deps.clock.now(), SESSION_LIFETIME_MS);
    if (purged.sessions + purged.trainingAdminSessions > 0) deps.logger.info({ job: JOBS.sessionPurge, ...purged }, 'ended sessions purged');
    return purged;
  });
  deps.jobs.repeat(JOBS.sessionPurge, SESSION_PURGE_EVERY_MS);
  // Auto-rebill crossings recorded but not charged (the process stopped between the commit and the charge).
  deps.jobs.register(JOBS.autoRebillSweep, async () => {
    const charged = await chargeStaleQueued(deps);
    if (charged > 0) deps.logger.info({ job: JOBS.autoRebillSweep, charged }, 'auto-rebill sweep charged crossings');
    return charged;
  });
  deps.jobs.repeat(JOBS.autoRebillSweep, deps.config.paymentCheckMs);
  deps.jobs.register<ImportRunJob>(JOBS.leadImport, async (job) => {
    const summary = await runClaimedImport({ db: deps.db, storage: deps.storage, clock: deps.clock }, job);
    deps.logger.info({ job: JOBS.leadImport, importId: job.id, status: summary.status }, 'lead import job ran');
    return summary;
  });
  // CRM webhooks (decision 196): what is due in the delivery outbox is sent, once per period for the fleet.
  deps.jobs.register(WEBHOOK_JOB, async () => sendDueDeliveries(deliveryDeps(deps)));
  deps.jobs.repeat(WEBHOOK_JOB, deps.config.webhooks.everyMs);
}
