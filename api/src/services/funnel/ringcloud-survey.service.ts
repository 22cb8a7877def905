// The RingCloud sub-offer survey (issue 25 item 4, issue 27 M5). No account is made here: the survey is
// stored with the chosen password's hash, and the account is made (or the order linked to the account that
// already has the e-mail) only when the payment succeeds (accounts/funnel-buyers.service.ts). The answer is
// the same whether the e-mail has an account or not, and nothing is sent to anyone before a payment.
import type { Knex } from 'knex';
import type { Db } from '../../db/index.ts';
import { RINGCLOUD_SALESPERSON, type RingcloudSurvey } from '@tm/shared/schemas/funnel';
import { saveAttribution } from '../marketing/attribution.service.ts';
import { insertSurvey, type SurveyAnswers } from './surveys.ts';
import { enqueueStaffAlert, signupAlert } from '../mail/staff-alerts.ts';
import type { AppConfig } from '../../config.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { OnboardingSurvey, Order, User } from '../../models/index.ts';
import { badRequest, conflict } from '../../errors.ts';
import { isPublishedPassword, PUBLISHED_PASSWORD_MESSAGE } from '../../db/demo-accounts.ts';
import { toDbDate } from '../../db/dates.ts';
import { releaseOrderItems } from '../orders/reservations.service.ts';
import { REPLACED_MESSAGE } from '../orders/orders.service.ts';

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';

export interface SubmittedSurvey {
  surveyId: number;
  /** PaymentIntents of pending orders canceled because the choice changed (the caller cancels them at the provider). */
  canceledIntents: string[];
}

/** A buyer's sign-ups within this long make one staff alert (a second browser, a second try). */
export const SIGNUP_ALERT_WINDOW_MS = 24 * 60 * 60 * 1000;

const CHOICE = ['leadType', 'workingStates', 'totalTransfers', 'callsPerDay', 'transferHours', 'totalCallbacks', 'callbackPreference', 'ageRange'] as const;

/**
 * The survey a repeated "Continue" updates instead of adding a row (decision 216): the one this browser's
 * session answered (anonymous, not yet paid, same e-mail), or a logged-in agent's latest RingCloud survey
 * that no order has paid for. An e-mail alone never names it: anyone can type an e-mail.
 */
async function surveyToReuse(db: Db, email: string, sessionUserId: number | null, sessionSurveyId: number | null): Promise<OnboardingSurvey | undefined> {
  const q = OnboardingSurvey.query(db).where({ onboardingForm: 'ringcloud' });
  const row = sessionUserId
    ? await q.where({ userId: sessionUserId }).orderBy('id', 'desc').first()
    : sessionSurveyId
      ? await q.where({ id: sessionSurveyId, email }).whereNull('userId').first()
      : undefined;
  if (!row) return undefined;
  const paid = await Order.query(db).where({ surveyId: row.id }).whereIn('status', ['paid', 'refunded', 'partially_refunded']).select('id').first();
  return paid ? undefined : row;
}

/** The survey's answers kept for the chosen lead type: they are what the checkout prices. */
function answersOf(input: RingcloudSurvey): SurveyAnswers {
  const live = input.leadType === 'Live Transfers';
  const callbacks = input.leadType === 'Call-Backs';
  const aged = input.leadType === 'Aged Leads';
  return {
    leadType: input.leadType,
    workingStates: input.workingStates,
    totalTransfers: live ? input.totalTransfers : null,
    callsPerDay: live ? input.callsPerDay : null,
    transferHours: live ? input.transferHours : null,
    totalCallbacks: callbacks ? input.totalCallbacks : null,
    callbackPreference: callbacks ? input.callbackPreference : null,
    ageRange: aged ? input.ageRange : null,
    onboardingForm: 'ringcloud',
    salesperson: RINGCLOUD_SALESPERSON,
  };
}

/**
 * Stores the survey. A logged-in agent's survey is theirs (sessionUserId); an anonymous one belongs to no
 * account until its payment succeeds. The password is hashed now (the same work whatever the e-mail).
 */
export async function submitRingcloudSurvey(
  db: Db,
  config: AppConfig,
  input: RingcloudSurvey,
  now: Date,
  sessionUserId: number | null,
  sessionSurveyId: number | null = null,
): Promise<SubmittedSurvey> {
  // A taken username is refused as the form always did (usernames are public handles, not addresses).
  const username = input.username.trim().toLowerCase();
  if (await User.query(db).where({ username }).select('id').first()) throw conflict(USERNAME_TAKEN_MESSAGE, { username: USERNAME_TAKEN_MESSAGE });
  if (!sessionUserId && isPublishedPassword(input.password)) throw badRequest(PUBLISHED_PASSWORD_MESSAGE, { password: PUBLISHED_PASSWORD_MESSAGE });
  const passwordHash = sessionUserId ? null : await hashPassword(input.password);
  const survey = {
    userId: sessionUserId,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    agencyName: input.agencyName.trim(),
    role: input.role,
    phone: input.phone.trim(),
    email: input.email.trim().toLowerCase(),
    username,
    ...answersOf(input),
  };
  const reuse = await surveyToReuse(db, survey.email, sessionUserId, sessionSurveyId);
  return db.transaction(async (trx) => {
    if (reuse) {
      // The same buyer pressed "Continue" again: one sign-up row, one staff alert. A changed choice gives
      // back what the survey's unpaid order held (its price and stock were for the old choice).
      const changed = CHOICE.some((k) => (reuse[k] ?? null) !== (survey[k] ?? null));
      const { userId: _u, ...fields } = survey;
      await OnboardingSurvey.query(trx)
        .findById(reuse.id)
        .patch({ ...fields, ...(passwordHash ? { passwordHash } : {}) });
      const canceledIntents = changed ? await cancelSurveyOrders(trx, reuse.id, now) : [];
      return { surveyId: Number(reuse.id), canceledIntents };
    }
    const id = await insertSurvey(trx, { ...survey, attributionId: await saveAttribution(trx, input.attribution, now) }, now);
    if (passwordHash) await OnboardingSurvey.query(trx).findById(id).patch({ passwordHash });
    // The admins who chose it are told a sign-up arrived (issue 26 staff alerts): once per buyer's e-mail a day.
    const recent = await OnboardingSurvey.query(trx)
      .where({ email: survey.email, onboardingForm: 'ringcloud' })
      .whereNot({ id })
      .where('createdAt', '>', toDbDate(new Date(now.getTime() - SIGNUP_ALERT_WINDOW_MS)))
      .select('id')
      .first();
    if (!recent) await enqueueStaffAlert(trx, config, now, signupAlert(id, survey));
    return { surveyId: id, canceledIntents: [] };
  });
}

/** Cancels the survey's pending orders and gives back what they held; returns their intents. */
async function cancelSurveyOrders(trx: Knex.Transaction, surveyId: number, now: Date): Promise<string[]> {
  const stamp = toDbDate(now);
  const pending = await Order.query(trx).where({ surveyId, status: 'pending' }).select('id', 'kind', 'paymentIntentId');
  for (const o of pending) {
    await Order.query(trx).where({ id: o.id, status: 'pending' }).patch({ status: 'canceled', failureMessage: REPLACED_MESSAGE, updatedAt: stamp });
    await releaseOrderItems(trx, o.kind as 'ringcloud', Number(o.id));
  }
  return pending.flatMap((o) => (o.paymentIntentId ? [o.paymentIntentId] : []));
}
