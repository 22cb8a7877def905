// The first-party onboarding survey (issue 25 item 3): /survey without an external form embed. The answers
// (working states, transfer hours, calls per day, delivery phone, best time to reach) are saved to the
// agent's account as their onboarding survey and become their Transfer Controls. The agent is the
// session's; a funnel buyer just back from paying (not logged in) is named by the paid order's intent id
// and its client secret, both in the return page's URL and known only to the payer's browser.
import crypto from 'node:crypto';
import type { OnboardingSurveyValues } from '@tm/shared/schemas/funnel';
import { ONBOARDING_WHO_MESSAGE } from '@tm/shared/schemas/funnel';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { findUserById } from '../accounts/users.service.ts';
import { insertSurvey } from './surveys.ts';
import { applyOrderPreferences } from '../transfers/settings.service.ts';
import { OnboardingSurvey, Order } from '../../models/index.ts';

const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The account a paid order's intent and client secret name, or null. */
async function buyerOfPaidIntent(deps: AppDeps, intentId: string | undefined, clientSecret: string | undefined): Promise<number | null> {
  if (!intentId || !clientSecret || !/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) return null;
  const order = await Order.query(deps.db).where({ paymentIntentId: intentId, status: 'paid' }).select('id', 'userId').first();
  if (!order?.userId) return null;
  try {
    const intent = await deps.stripe.paymentIntents.retrieve(intentId);
    return intent.client_secret && same(intent.client_secret, clientSecret) ? Number(order.userId) : null;
  } catch {
    return null;
  }
}

export async function saveOnboardingSurvey(deps: AppDeps, input: OnboardingSurveyValues, sessionUserId: number | null): Promise<void> {
  const userId = sessionUserId ?? (await buyerOfPaidIntent(deps, input.paymentIntentId, input.clientSecret));
  if (!userId) throw new HttpError(401, ONBOARDING_WHO_MESSAGE);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new HttpError(401, ONBOARDING_WHO_MESSAGE);
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const surveyId = await insertSurvey(
      trx,
      {
        userId,
        firstName: user.firstName,
        lastName: user.lastName,
        agencyName: user.agencyName,
        role: user.role,
        phone: input.deliveryPhone,
        email: user.email,
        username: user.username,
        leadType: 'Live Transfers',
        workingStates: input.workingStates,
        callsPerDay: input.callsPerDay,
        transfersPerDay: input.callsPerDay,
        transferHours: input.transferHours,
        onboardingForm: 'onboarding',
      },
      now,
    );
    await OnboardingSurvey.query(trx).findById(surveyId).patch({ bestTimeToReach: input.bestTimeToReach });
    await applyOrderPreferences(
      trx,
      userId,
      { workingStates: input.workingStates, transferHours: input.transferHours, callsPerDay: input.callsPerDay },
      null,
      now,
    );
  });
}
