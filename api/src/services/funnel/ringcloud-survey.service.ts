// The RingCloud sub-offer survey: creates the agent's account (hashed password, 409 on a taken
// e-mail or username) and stores the survey linked to it, both or neither.
import type { Db } from '../../db/index.ts';
import { RINGCLOUD_SALESPERSON, type RingcloudSurvey } from '@tm/shared/schemas/funnel';
import { createAccountWithSurvey } from './surveys.ts';
import type { AppConfig } from '../../config.ts';
import { enqueueAccountCreated } from '../mail/account-mail.ts';

export interface SubmittedSurvey {
  surveyId: number;
  userId: number;
}

export async function submitRingcloudSurvey(db: Db, input: RingcloudSurvey, now: Date, config: AppConfig): Promise<SubmittedSurvey> {
  // Only the fields of the chosen lead type are kept: they are what the checkout prices.
  const live = input.leadType === 'Live Transfers';
  const callbacks = input.leadType === 'Call-Backs';
  const aged = input.leadType === 'Aged Leads';
  return db.transaction(async (trx) => {
    const created = await createAccountWithSurvey(
      trx,
      {
        email: input.email,
        username: input.username,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        agencyName: input.agencyName,
        role: input.role,
        phone: input.phone,
      },
      {
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
      },
      now,
    );
    // The agent chose a password: the welcome e-mail links to /login (decision 045).
    await enqueueAccountCreated(trx, config, created.userId, now, { setPassword: false });
    return { surveyId: created.surveyId, userId: created.userId };
  });
}
