// The agent's onboarding survey, read to prefill the live-transfer order form.
import type { Db } from '../../db/index.ts';
import type { UserSurvey } from '@tm/shared/schemas/dashboard';
import type { UserRow } from '../accounts/users.service.ts';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The newest survey of the user (by account, else by the account's e-mail); nulls when none. */
export async function getUserSurvey(db: Db, user: Pick<UserRow, 'id' | 'email' | 'phone'>): Promise<UserSurvey> {
  const row =
    (await db('onboardingSurveys')
      .where({ userId: user.id })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first()) ??
    (await db('onboardingSurveys')
      .where({ email: user.email.toLowerCase() })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first());
  const r = (row ?? {}) as Record<string, unknown>;
  return {
    totalTransfers: num(r.totalTransfers),
    transfersPerDay: num(r.transfersPerDay),
    callsPerDay: num(r.callsPerDay),
    transferHours: (r.transferHours as string | null | undefined) || null,
    workingStates: (r.workingStates as string | null | undefined) || null,
    phone: (r.phone as string | null | undefined) || user.phone || null,
  };
}
