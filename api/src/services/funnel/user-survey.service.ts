// The agent's onboarding survey, read to prefill the live-transfer order form.
import type { Db } from '../../db/index.ts';
import type { UserSurvey } from '@tm/shared/schemas/dashboard';
import type { UserRow } from '../accounts/users.service.ts';
import { OnboardingSurvey } from '../../models/index.ts';
import { numOrNull } from '../../db/numbers.ts';

/** The newest survey of the user (by account, else by the account's e-mail); nulls when none. */
export async function getUserSurvey(db: Db, user: Pick<UserRow, 'id' | 'email' | 'phone'>): Promise<UserSurvey> {
  const row =
    (await OnboardingSurvey.query(db)
      .where({ userId: user.id })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first()) ??
    (await OnboardingSurvey.query(db)
      .where({ email: user.email.toLowerCase() })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first());
  return {
    totalTransfers: numOrNull(row?.totalTransfers),
    transfersPerDay: numOrNull(row?.transfersPerDay),
    callsPerDay: numOrNull(row?.callsPerDay),
    transferHours: row?.transferHours || null,
    workingStates: row?.workingStates || null,
    phone: row?.phone || user.phone || null,
  };
}
