// The RingCloud sub-offer survey: creates the agent's account (hashed password, 409 on a taken
// e-mail or username) and stores the survey linked to it, both or neither.
import type { Db } from '../../db/index.ts';
import { RINGCLOUD_SALESPERSON, type RingcloudSurvey } from '@tm/shared/schemas/funnel';
import { createAccountWithSurvey, insertSurvey, type SurveyAnswers } from './surveys.ts';
import { HttpError } from '../../errors.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { EMAIL_TAKEN_MESSAGE } from '../accounts/users.service.ts';
import type { AppConfig } from '../../config.ts';
import { enqueueAccountCreated } from '../mail/account-mail.ts';

export interface SubmittedSurvey {
  surveyId: number;
  /** null when the e-mail already had an account: nothing was created or linked to it. */
  userId: number | null;
}

export async function submitRingcloudSurvey(db: Db, input: RingcloudSurvey, now: Date, config: AppConfig): Promise<SubmittedSurvey> {
  // Only the fields of the chosen lead type are kept: they are what the checkout prices.
  const live = input.leadType === 'Live Transfers';
  const callbacks = input.leadType === 'Call-Backs';
  const aged = input.leadType === 'Aged Leads';
  const answers: SurveyAnswers = {
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
  const account = {
    email: input.email,
    username: input.username,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    agencyName: input.agencyName,
    role: input.role,
    phone: input.phone,
  };
  try {
    return await db.transaction(async (trx) => {
      const created = await createAccountWithSurvey(trx, account, answers, now);
      // The agent chose a password: the welcome e-mail links to /login (decision 045).
      await enqueueAccountCreated(trx, config, created.userId, now, { setPassword: false });
      return { surveyId: created.surveyId, userId: created.userId };
    });
  } catch (err) {
    // The e-mail has an account: answer as for a new one (the route tells the owner by e-mail). The
    // answers are kept without an account; nothing is linked to the existing one. A hash is computed
    // as a new account's would be, so the answer takes about as long.
    if (!(err instanceof HttpError) || err.status !== 409 || err.fields?.email !== EMAIL_TAKEN_MESSAGE) throw err;
    await hashPassword(input.password);
    const surveyId = await insertSurvey(
      db,
      {
        userId: null,
        firstName: account.firstName.trim(),
        lastName: account.lastName.trim(),
        agencyName: account.agencyName.trim(),
        role: account.role,
        phone: account.phone.trim(),
        email: account.email.trim().toLowerCase(),
        username: null,
        ...answers,
      },
      now,
    );
    return { surveyId, userId: null };
  }
}
