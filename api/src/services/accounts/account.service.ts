// The agent's own account settings (decision 045): which optional e-mails they receive, and the
// profile details they edit themselves (the e-mail changes through email-change.service.ts).
import type { z } from 'zod';
import type { profileSchema } from '@tm/shared/schemas/mail';
import type { Db } from '../../db/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { User } from '../../models/index.ts';
import { parseOptOut } from '../mail/outbox.ts';

/** The optional mail kinds the user turned off. */
export async function mailOptOut(db: Db, userId: number): Promise<string[]> {
  const row = await User.query(db).findById(userId).select('mailOptOut');
  return parseOptOut(row?.mailOptOut);
}

/** Replaces the user's opt-outs (duplicates dropped); returns them as stored. */
export async function setMailOptOut(db: Db, userId: number, optOut: readonly string[], now: Date): Promise<string[]> {
  const unique = [...new Set(optOut)];
  await User.query(db)
    .findById(userId)
    .patch({ mailOptOut: unique.join(',') || null, updatedAt: toDbDate(now) });
  return unique;
}

export async function updateProfile(db: Db, userId: number, input: z.output<typeof profileSchema>, now: Date): Promise<void> {
  await User.query(db)
    .findById(userId)
    .patch({ ...input, updatedAt: toDbDate(now) });
}
