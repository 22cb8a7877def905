// The agent's own account (decision 045): profile details, an e-mail change confirmed by a link sent to
// the new address, which optional e-mails they receive, and a password change that needs the current
// password and ends every other session (this one stays).
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { passwordSchema } from '@tm/shared/schemas/auth';
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_SENT,
  OPTIONAL_MAIL_KINDS,
  emailChangeSchema,
  mailPreferencesSchema,
  profileSchema,
} from '@tm/shared/schemas/mail';
import { confirmEmailChange, requestEmailChange } from '../services/accounts/email-change.service.ts';
import { findUserById, toCurrentUser } from '../services/accounts/users.service.ts';
import { mailOptOut, setMailOptOut, updateProfile } from '../services/accounts/account.service.ts';
import { badRequest, parseWith } from '../errors.ts';
import { currentUser, requireAgent } from '../middleware/require-user.ts';
import { clientIp, limiter } from '../middleware/rate-limit.ts';
import { verifyPassword } from '../services/accounts/passwords.ts';
import { setUserPassword } from '../services/admin/users.admin.service.ts';
import { startSession } from '../middleware/session.ts';
import { notifyPasswordChanged } from '../services/accounts/password-reset.service.ts';

const changeOwnPasswordSchema = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200, CURRENT_PASSWORD_WRONG),
  newPassword: passwordSchema,
});

export function accountRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);
  // Wrong current passwords only: someone at an unlocked screen cannot guess on for ever.
  const perIp = limiter({
    windowMs: 15 * 60 * 1000,
    limit: 10,
    message: 'Too many attempts. Please wait 15 minutes and try again.',
    key: clientIp,
    skipSuccessfulRequests: true,
  });

  r.get('/account/mail-preferences', agent, async (req, res) => {
    res.json({ optOut: await mailOptOut(deps.db, currentUser(req).id), options: OPTIONAL_MAIL_KINDS });
  });

  r.put('/account/mail-preferences', agent, async (req, res) => {
    const { optOut } = parseWith(mailPreferencesSchema, req.body);
    res.json({ optOut: await setMailOptOut(deps.db, currentUser(req).id, optOut, deps.clock.now()), options: OPTIONAL_MAIL_KINDS });
  });

  r.put('/account/password', perIp, agent, async (req, res) => {
    const user = currentUser(req);
    const input = parseWith(changeOwnPasswordSchema, req.body);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
    const now = deps.clock.now();
    await setUserPassword(deps.db, user.id, input.newPassword, now);
    // Every session of the user ends (setUserPassword revokes them); this browser gets a new one and stays.
    await startSession(deps, req, user.id);
    await notifyPasswordChanged(deps, user);
    res.json({ success: true });
  });

  r.put('/account/profile', agent, async (req, res) => {
    const input = parseWith(profileSchema, req.body);
    const id = currentUser(req).id;
    await updateProfile(deps.db, id, input, deps.clock.now());
    res.json({ user: toCurrentUser((await findUserById(deps.db, id))!) });
  });

  r.post('/account/email', agent, async (req, res) => {
    const { email } = parseWith(emailChangeSchema, req.body);
    await requestEmailChange(deps, currentUser(req), email);
    res.status(202).json({ message: EMAIL_CHANGE_SENT });
  });

  // The link's token is the capability (it may be opened in another browser): no session needed.
  r.post('/account/email/confirm', perIp, async (req, res) => {
    res.json(await confirmEmailChange(deps, (req.body as { token?: unknown } | undefined)?.token));
  });

  return r;
}
