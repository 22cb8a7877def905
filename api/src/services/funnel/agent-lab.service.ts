// Agent lab registration: an account with a unique username derived from the names and a random
// temporary password (hashed, never shown; a set-password link follows later, docs/product/rules.md#accounts-and-sessions),
// plus the onboarding survey row of docs/product/funnel.md#agent-lab-registration.
import crypto from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { AGENT_LAB, deriveUsername, type AgentLabSurvey } from '@tm/shared/schemas/funnel';
import { HttpError } from '../../errors.ts';
import { saveAttribution } from '../marketing/attribution.service.ts';
import { createAccountWithSurvey, insertSurvey, type SurveyAnswers } from './surveys.ts';
import { enqueueStaffAlert, signupAlert } from '../mail/staff-alerts.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { EMAIL_TAKEN_MESSAGE } from '../accounts/users.service.ts';
import type { AppConfig } from '../../config.ts';
import { enqueueAccountCreated } from '../mail/account-mail.ts';
import { User } from '../../models/index.ts';

export interface RegisteredAgent {
  surveyId: number;
  /** null when the e-mail already had an account: the survey is kept without one, nothing is linked. */
  userId: number | null;
  username: string | null;
}

/** 24 random bytes, base64url: about 190 bits; nobody is meant to type it. */
export function temporaryPassword(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** `base`, else base2, base3, ... whichever is free now. */
export async function uniqueUsername(db: Db, base: string): Promise<string> {
  const rows = await User.query(db).where('username', 'like', `${base}%`).select('username');
  const taken = new Set(rows.map((r) => r.username));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function agentLabAnswers(input: AgentLabSurvey): SurveyAnswers {
  return {
    leadType: AGENT_LAB.leadType,
    workingStates: AGENT_LAB.workingStates,
    totalTransfers: input.totalTransfers,
    transfersPerDay: input.transfersPerDay,
    callsPerDay: input.transfersPerDay,
    transferHours: AGENT_LAB.transferHours,
    callbackPreference: input.callbackPreference,
    onboardingForm: AGENT_LAB.onboardingForm,
    salesperson: AGENT_LAB.salesperson,
  };
}

export async function registerAgentLab(db: Db, input: AgentLabSurvey, now: Date, config: AppConfig): Promise<RegisteredAgent> {
  const base = deriveUsername(input.firstName, input.lastName);
  // A racing registration may take the same name between the lookup and the insert: try again.
  for (let attempt = 0; ; attempt += 1) {
    const username = await uniqueUsername(db, base);
    try {
      return await db.transaction(async (trx) => {
        const attributionId = await saveAttribution(trx, input.attribution, now);
        const created = await createAccountWithSurvey(
          trx,
          {
            email: input.email,
            username,
            password: temporaryPassword(),
            firstName: input.firstName,
            lastName: input.lastName,
            agencyName: input.agencyName,
            role: AGENT_LAB.role,
            phone: input.phone,
          },
          { ...agentLabAnswers(input), attributionId },
          now,
        );
        // The e-mail with the set-password link is written with the account (decision 045).
        await enqueueAccountCreated(trx, config, created.userId, now, { setPassword: true });
        await enqueueStaffAlert(trx, config, now, signupAlert(created.surveyId, { ...input, leadType: AGENT_LAB.leadType }));
        return { surveyId: created.surveyId, userId: created.userId, username };
      });
    } catch (err) {
      const usernameTaken = err instanceof HttpError && err.status === 409 && err.fields && 'username' in err.fields;
      if (usernameTaken && attempt < 5) continue;
      // The e-mail has an account (issue 27 M5): answered as a new one by the route; the answers are kept
      // without an account, and a hash is computed as a new account's would be, so it takes as long.
      if (err instanceof HttpError && err.status === 409 && err.fields?.email === EMAIL_TAKEN_MESSAGE) {
        await hashPassword(temporaryPassword());
        const surveyId = await insertSurvey(
          db,
          {
            userId: null,
            firstName: input.firstName.trim(),
            lastName: input.lastName.trim(),
            agencyName: input.agencyName.trim(),
            role: AGENT_LAB.role,
            phone: input.phone.trim(),
            email: input.email.trim().toLowerCase(),
            username: null,
            ...agentLabAnswers(input),
            attributionId: await saveAttribution(db, input.attribution, now),
          },
          now,
        );
        // Staff are told of it as of any sign-up (the answer does not say the e-mail had an account).
        await enqueueStaffAlert(db, config, now, signupAlert(surveyId, { ...input, leadType: AGENT_LAB.leadType }));
        return { surveyId, userId: null, username: null };
      }
      throw err;
    }
  }
}
