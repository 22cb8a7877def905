// The agent's time zone for what the server writes for them (decision 185: e-mails, the compliance file):
// the zone they chose under Transfer Controls (their settings row), else the zone of their profile's
// state, else Eastern. Never GMT.
import type { Knex } from 'knex';
import { safeZone } from '@tm/shared/logic/format';
import { stateTimeZone } from '@tm/shared/logic/state-zones';
import { AgentTransferSetting, User } from '../../models/index.ts';

export async function recipientTimeZone(db: Knex | Knex.Transaction, userId: number): Promise<string> {
  const settings = await AgentTransferSetting.query(db).where({ userId }).select('timeZone').first();
  if (settings?.timeZone) return safeZone(settings.timeZone);
  const user = await User.query(db).findById(userId).select('state');
  return stateTimeZone(user?.state ?? null);
}
