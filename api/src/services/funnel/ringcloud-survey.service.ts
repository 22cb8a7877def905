// The RingCloud sub-offer survey (issue 25 item 4, issue 27 M5). No account is made here: the survey is
// stored with the chosen password's hash, and the account is made (or the order linked to the account that
// already has the e-mail) only when the payment succeeds (accounts/funnel-buyers.service.ts). The answer is
// the same whether the e-mail has an account or not, and nothing is sent to anyone before a payment.
import type { Db } from '../../db/index.ts';
import { RINGCLOUD_SALESPERSON, type RingcloudSurvey } from '@tm/shared/schemas/funnel';
import { saveAttribution } from '../marketing/attribution.service.ts';
import { insertSurvey, type SurveyAnswers } from './surveys.ts';
import { enqueueStaffAlert, signupAlert } from '../mail/staff-alerts.ts';
import type { AppConfig } from '../../config.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { OnboardingSurvey, User } from '../../models/index.ts';
import { badRequest, conflict } from '../../errors.ts';
import { isPublishedPassword, PUBLISHED_PASSWORD_MESSAGE } from '../../db/demo-accounts.ts';

export const USERNAME_TAKEN_MESSAGE = 'This username is already taken';

export interface SubmittedSurvey {
  surveyId: number;
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
  const surveyId = await db.transaction(async (trx) => {
    const id = await insertSurvey(trx, { ...survey, attributionId: await saveAttribution(trx, input.attribution, now) }, now);
    if (passwordHash) await OnboardingSurvey.query(trx).findById(id).patch({ passwordHash });
    // The admins who chose it are told a sign-up arrived (issue 26 staff alerts).
    await enqueueStaffAlert(trx, config, now, signupAlert(id, survey));
    return id;
  });
  return { surveyId };
}
