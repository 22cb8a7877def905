// Onboarding survey rows (onboarding_surveys), written by the RingCloud survey and the agent-lab form.
import type { Knex } from 'knex';
import { toDbDate } from '../../db/dates.ts';
import { createUser, type NewUser } from '../accounts/users.service.ts';
import { OnboardingSurvey } from '../../models/index.ts';
import { attributeAccount } from '../marketing/attribution.service.ts';

export interface NewSurvey {
  /** null: kept without an account (a sign-up with an e-mail that already had one). */
  userId: number | null;
  firstName: string;
  lastName: string;
  agencyName: string;
  role: string;
  phone: string;
  email: string;
  username: string | null;
  leadType: string;
  workingStates: string;
  totalTransfers?: number | null;
  callsPerDay?: number | null;
  transfersPerDay?: number | null;
  transferHours?: string | null;
  totalCallbacks?: number | null;
  callbackPreference?: string | null;
  ageRange?: string | null;
  onboardingForm?: string | null;
  salesperson?: string | null;
  /** The ad touches that brought the sign-up (decision 232). */
  attributionId?: number | null;
}

export async function insertSurvey(db: Knex, survey: NewSurvey, now: Date): Promise<number> {
  const { id } = await OnboardingSurvey.query(db).insert({
    userId: survey.userId,
    firstName: survey.firstName,
    lastName: survey.lastName,
    agencyName: survey.agencyName,
    role: survey.role,
    phone: survey.phone,
    email: survey.email,
    username: survey.username,
    leadType: survey.leadType,
    workingStates: survey.workingStates,
    totalTransfers: survey.totalTransfers ?? null,
    callsPerDay: survey.callsPerDay ?? null,
    transfersPerDay: survey.transfersPerDay ?? null,
    transferHours: survey.transferHours ?? null,
    totalCallbacks: survey.totalCallbacks ?? null,
    callbackPreference: survey.callbackPreference ?? null,
    ageRange: survey.ageRange ?? null,
    onboardingForm: survey.onboardingForm ?? null,
    salesperson: survey.salesperson ?? null,
    attributionId: survey.attributionId ?? null,
    createdAt: toDbDate(now),
  });
  return Number(id);
}

/** A survey's answers: who answered comes from the account it is stored with. */
export type SurveyAnswers = Omit<NewSurvey, 'userId' | 'firstName' | 'lastName' | 'agencyName' | 'role' | 'phone' | 'email' | 'username'>;

export interface AccountWithSurvey {
  surveyId: number;
  userId: number;
  username: string | null;
}

/**
 * Creates the account (409 on a taken e-mail or username) and its survey row, which repeats the
 * account's details as stored (trimmed, e-mail and username lower-cased). Run it inside a
 * transaction so the two are written both or neither.
 */
export async function createAccountWithSurvey(trx: Knex, account: NewUser, answers: SurveyAnswers, now: Date): Promise<AccountWithSurvey> {
  const user = await createUser(trx, account, now);
  await attributeAccount(trx, user.id, answers.attributionId);
  const surveyId = await insertSurvey(
    trx,
    {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      agencyName: user.agencyName,
      role: user.role,
      phone: user.phone,
      email: user.email,
      username: user.username,
      ...answers,
    },
    now,
  );
  return { surveyId, userId: user.id, username: user.username };
}
