// The first admin of an install (`npm run admin:create -- --email ...`, issue 36): makes an admin
// account for the e-mail, or promotes (and reactivates) the account that already has it, and returns a
// one-time set-password link (24 hours, spent by the first password set). A new account's password is
// random and never shown: the link is the only way in. One audit entry, actor "system", says which.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { User } from '../../models/index.ts';
import { toDbDate } from '../../db/dates.ts';
import { createUser, findUserByIdentifier } from './users.service.ts';
import { createSetPasswordLink } from './set-password-links.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SetPasswordLink } from '@tm/shared/schemas/auth';

export const firstAdminSchema = z.object({
  email: z.email({ error: 'A valid e-mail is required (--email you@company.com)' }).max(255),
  firstName: z.string().trim().min(1).max(100).default('Admin'),
  lastName: z.string().trim().max(100).default(''),
});
export type FirstAdminInput = z.input<typeof firstAdminSchema>;

export interface FirstAdminResult {
  userId: number;
  email: string;
  /** created: a new account; promoted: an agent made admin; already: it was an admin (a new link only). */
  outcome: 'created' | 'promoted' | 'already';
  reactivated: boolean;
  link: SetPasswordLink;
}

export const ADMIN_CREATE_ACTOR = { type: 'system' as const, id: null, label: 'admin:create (command line)' };

export async function createOrPromoteAdmin(db: Db, secret: string, origin: string, input: FirstAdminInput, now: Date): Promise<FirstAdminResult> {
  const values = firstAdminSchema.parse(input);
  const email = values.email.trim().toLowerCase();
  return db.transaction(async (trx) => {
    const existing = await findUserByIdentifier(trx, email);
    let userId: number;
    let outcome: FirstAdminResult['outcome'];
    let reactivated = false;
    if (!existing) {
      const user = await createUser(
        trx,
        { email, password: crypto.randomBytes(24).toString('base64url'), firstName: values.firstName, lastName: values.lastName, role: 'Admin', isAdmin: true },
        now,
      );
      userId = user.id;
      outcome = 'created';
    } else {
      userId = existing.id;
      outcome = existing.isAdmin ? 'already' : 'promoted';
      reactivated = Boolean(existing.deactivatedAt);
      if (outcome === 'promoted' || reactivated)
        await User.query(trx)
          .findById(userId)
          .patch({ isAdmin: true, deactivatedAt: null, updatedAt: toDbDate(now) });
    }
    const link = await createSetPasswordLink(trx, secret, origin, userId, now);
    await recordAudit(trx, {
      actor: ADMIN_CREATE_ACTOR,
      action: outcome === 'created' ? 'user.admin_created' : 'user.admin_promoted',
      entity: 'user',
      entityId: userId,
      userId,
      before: existing ? { isAdmin: Boolean(existing.isAdmin), deactivated: reactivated } : undefined,
      after: { email, isAdmin: true, deactivated: false, setPasswordLinkExpiresAt: link.expiresAt },
      at: now,
    });
    return { userId, email, outcome, reactivated, link };
  });
}
