// An admin's set-password link for a user: copied from the dialog, or e-mailed to the user as the
// welcome e-mail ("Your account is ready", with the link). Either way the audit log says who made it.
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { SetPasswordLink } from '@tm/shared/schemas/auth';
import { createSetPasswordLink } from './set-password-links.ts';
import { findUserById } from './users.service.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { accountCreatedMail } from '../mail/account-messages.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { notFound } from '../../errors.ts';

export async function adminSetPasswordLink(
  db: Db,
  config: AppConfig,
  origin: string,
  userId: number,
  now: Date,
  actor: AuditActor,
  opts: { email: boolean },
): Promise<SetPasswordLink & { emailedTo?: string }> {
  return db.transaction(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound('User not found');
    const link = await createSetPasswordLink(trx, config.sessionSecret, origin, userId, now);
    if (opts.email) await enqueueMail(trx, now, accountCreatedMail(config, user, link));
    await recordAudit(trx, {
      actor,
      action: 'user.set_password_link',
      entity: 'user',
      entityId: userId,
      userId,
      after: { emailed: opts.email, expiresAt: link.expiresAt },
      at: now,
    });
    // The answer of a copied link stays { url, expiresAt }; an e-mailed one also says to whom.
    return opts.email ? { ...link, emailedTo: user.email } : link;
  });
}
