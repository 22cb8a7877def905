// The agent's time zone for what the server writes for them (decision 185: e-mails, the compliance file):
// the zone they chose under Transfer Controls (their settings row), else the zone of their profile's
// state, else Eastern. Never GMT.
import type { Knex } from 'knex';
import { safeZone } from '@tm/shared/logic/format';
import { stateTimeZone } from '@tm/shared/logic/state-zones';
import { AgentTransferSetting, User } from '../../models/index.ts';

export async function recipientTimeZone(db: Knex | Knex.Transaction, userId: number): Promise<string> {
  // One statement (decision 272: Results sends it on every request): the profile's state and the settings' zone.
  const s = AgentTransferSetting.tableName;
  const row = (await User.query(db)
    .findById(userId)
    .leftJoin(s, `${s}.userId`, `${User.tableName}.id`)
    .select(`${User.tableName}.state`, `${s}.timeZone`)) as unknown as { state: string | null; timeZone: string | null } | undefined;
  if (row?.timeZone) return safeZone(row.timeZone);
  return stateTimeZone(row?.state ?? null);
}
