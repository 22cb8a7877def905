// The first-party onboarding survey (issue 25 item 3): /survey without an external form embed. The answers
// (working states, transfer hours, calls per day, delivery phone, best time to reach) are saved to the
// agent's account as their onboarding survey and become their Transfer Controls (the delivery phone too,
// decision 245). The agent is the session's; a funnel buyer just back from paying (no password yet) is
// named by the signed survey link of the paid order's return page (survey-links.ts).
import type { OnboardingSurveyValues } from '@tm/shared/schemas/funnel';
import { ONBOARDING_WHO_MESSAGE } from '@tm/shared/schemas/funnel';
import type { AppDeps } from '../../deps.ts';
import { HttpError, notFound } from '../../errors.ts';
import type { SettingsOfferView } from '@tm/shared/schemas/dashboard';
import { orderSettingsChanges } from '@tm/shared/logic/order-settings';
import { applyOrderPreferences, readControls } from '../transfers/settings.service.ts';
import { findUserById } from '../accounts/users.service.ts';
import { insertSurvey } from './surveys.ts';
import { verifySurveyLink, type SurveyLinkBuyer } from './survey-links.ts';
import { OnboardingSurvey } from '../../models/index.ts';

/** Whether the answers were applied to Transfer Controls or kept for the agent to accept at login. */
export type OnboardingOutcome = 'applied' | 'offered';

/**
 * Saves the answers. They change Transfer Controls only when the sender owns the account: its session, or
 * the payer of the order that created it (decision 217). A payer of an existing account's order (anyone may
 * pay with any e-mail) has them kept with the order and offered to the agent at login. A bad or expired
 * survey link is a 400 naming `token`.
 */
export async function saveOnboardingSurvey(deps: AppDeps, input: OnboardingSurveyValues, sessionUserId: number | null): Promise<OnboardingOutcome> {
  const paid: SurveyLinkBuyer | null = sessionUserId || !input.token ? null : await verifySurveyLink(deps, input.token);
  const userId = sessionUserId ?? paid?.userId ?? null;
  if (!userId) throw new HttpError(401, ONBOARDING_WHO_MESSAGE);
  const owner = sessionUserId !== null || paid?.accountCreated === true;
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
    await OnboardingSurvey.query(trx)
      .findById(surveyId)
      .patch({ bestTimeToReach: input.bestTimeToReach, ...(owner ? {} : { settingsOffer: 'pending', offerOrderId: paid?.orderId ?? null }) });
    if (!owner) return;
    await applyOrderPreferences(
      trx,
      userId,
      { workingStates: input.workingStates, transferHours: input.transferHours, callsPerDay: input.callsPerDay, deliveryPhone: input.deliveryPhone },
      null,
      now,
    );
  });
  return owner ? 'applied' : 'offered';
}

/** The newest answers waiting for the agent's yes, with what applying them would change. */
export async function readSettingsOffer(deps: AppDeps, userId: number): Promise<SettingsOfferView> {
  const row = await OnboardingSurvey.query(deps.db).where({ userId, settingsOffer: 'pending' }).orderBy('id', 'desc').first();
  if (!row) return { offer: null };
  const current = await readControls(deps.db, userId);
  const changes = orderSettingsChanges(current, {
    callsPerDay: Number(row.callsPerDay ?? 0),
    transferHours: row.transferHours ?? '',
    workingStates: row.workingStates,
    deliveryPhone: row.phone || null,
  });
  return {
    offer: {
      id: Number(row.id),
      workingStates: row.workingStates,
      transferHours: row.transferHours,
      callsPerDay: row.callsPerDay === null ? null : Number(row.callsPerDay),
      changes,
    },
  };
}

/** The agent's answer: apply the kept answers to Transfer Controls (audited with their order), or dismiss them. */
export async function answerSettingsOffer(deps: AppDeps, userId: number, id: number, apply: boolean): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (trx) => {
    const row = await OnboardingSurvey.query(trx).where({ id, userId, settingsOffer: 'pending' }).first();
    if (!row) throw notFound('Settings offer not found');
    const n = await OnboardingSurvey.query(trx)
      .where({ id, settingsOffer: 'pending' })
      .patch({ settingsOffer: apply ? 'applied' : 'dismissed' });
    if (Number(n) !== 1) throw notFound('Settings offer not found');
    if (apply) {
      await applyOrderPreferences(
        trx,
        userId,
        { workingStates: row.workingStates, transferHours: row.transferHours, callsPerDay: row.callsPerDay, deliveryPhone: row.phone || null },
        row.offerOrderId === null ? null : Number(row.offerOrderId),
        now,
      );
    }
    // Older answers still waiting are settled by this one: the agent is asked once.
    await OnboardingSurvey.query(trx).where({ userId, settingsOffer: 'pending' }).patch({ settingsOffer: 'dismissed' });
  });
}
