// The agent's own account (decision 045): profile details, an e-mail change (current password asked)
// confirmed by a link sent to the new address and undoable for 7 days from the old one (decision 171), which optional e-mails they receive, and a password change that needs the current
// password and ends every other session (this one stays).
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { passwordSchema } from '@tm/shared/schemas/auth';
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_RATE_MESSAGE,
  EMAIL_CHANGE_SENT,
  emailChangeSchema,
  optionalMailKindsFor,
  mailPreferencesSchema,
  profileSchema,
} from '@tm/shared/schemas/mail';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from '../../services/accounts/email-change.service.ts';
import { findUserById, toCurrentUser } from '../../services/accounts/users.service.ts';
import { mailOptOut, setMailOptOut, updateProfile } from '../../services/accounts/account.service.ts';
import { badRequest, parseWith } from '../../errors.ts';
import { currentUser, requireAgent } from '../../middleware/require-user.ts';
import { accountKey, clientIp, limiter } from '../../middleware/rate-limit.ts';
import { verifyPassword } from '../../services/accounts/passwords.ts';
import { setUserPassword } from '../../services/accounts/users.admin.service.ts';
import { startSession } from '../../middleware/session.ts';
import { notifyPasswordChanged } from '../../services/accounts/password-reset.service.ts';

const HOUR = 60 * 60 * 1000;
/** E-mail change requests per hour: per account, per address, per recipient (issue 27 M1). */
export const EMAIL_CHANGES_PER_USER = 5;
export const EMAIL_CHANGES_PER_ADDRESS = 20;
export const EMAIL_CHANGES_PER_RECIPIENT = 3;

const changeOwnPasswordSchema = z.object({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200, CURRENT_PASSWORD_WRONG),
  newPassword: passwordSchema,
});

export function accountRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);
  const emailChangeLimits = [
    limiter({ windowMs: HOUR, limit: EMAIL_CHANGES_PER_USER, message: EMAIL_CHANGE_RATE_MESSAGE, key: (req) => `email-change-user:${currentUser(req).id}` }),
    limiter({ windowMs: HOUR, limit: EMAIL_CHANGES_PER_ADDRESS, message: EMAIL_CHANGE_RATE_MESSAGE, key: (req) => `email-change-ip:${clientIp(req)}` }),
    limiter({ windowMs: HOUR, limit: EMAIL_CHANGES_PER_RECIPIENT, message: EMAIL_CHANGE_RATE_MESSAGE, key: accountKey('email-change-to', 'email') }),
  ];
  // Each change mails a notice: a bounded number per account.
  const passwordChangesPerUser = limiter({
    windowMs: HOUR,
    limit: 10,
    message: 'Too many password changes. Please wait an hour and try again.',
    key: (req) => `password-change-user:${req.session?.userId ?? 'none'}`,
  });
  // Wrong current passwords and bad link tokens only: someone at an unlocked screen, or guessing
  // tokens, cannot go on for ever. One count per form, so a mistyped password does not spend the links'.
  const perIpOf = (form: string) =>
    limiter({
      windowMs: 15 * 60 * 1000,
      limit: 10,
      message: 'Too many attempts. Please wait 15 minutes and try again.',
      key: (req) => `${form}:${clientIp(req)}`,
      skipSuccessfulRequests: true,
    });
  const passwordTries = perIpOf('account-password');
  const emailTries = perIpOf('account-email');
  const confirmTries = perIpOf('account-email-confirm');
  const undoTries = perIpOf('account-email-undo');

  // The optional e-mails the user is offered (admins also choose their staff alerts) and those turned off.
  r.get('/account/mail-preferences', agent, async (req, res) => {
    const user = currentUser(req);
    res.json({ optOut: await mailOptOut(deps.db, user.id), options: optionalMailKindsFor(user.isAdmin) });
  });

  r.put('/account/mail-preferences', agent, async (req, res) => {
    const user = currentUser(req);
    const { optOut } = parseWith(mailPreferencesSchema, req.body);
    res.json({ optOut: await setMailOptOut(deps.db, user.id, optOut, deps.clock.now()), options: optionalMailKindsFor(user.isAdmin) });
  });

  r.put('/account/password', passwordTries, agent, passwordChangesPerUser, async (req, res) => {
    const user = currentUser(req);
    const input = parseWith(changeOwnPasswordSchema, req.body);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
    const now = deps.clock.now();
    await setUserPassword(deps.db, user.id, input.newPassword, now, { field: 'newPassword' });
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

  // Asks the current password (a stolen cookie alone cannot move the account), and is limited per
  // account, per address and per recipient: the form sends mail to an address it is given (issue 27 M1).
  r.post('/account/email', emailTries, agent, ...emailChangeLimits, async (req, res) => {
    const user = currentUser(req);
    const { email, currentPassword } = parseWith(emailChangeSchema, req.body);
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
    await requestEmailChange(deps, user, email);
    res.status(202).json({ message: EMAIL_CHANGE_SENT });
  });

  // The link's token is the capability (it may be opened in another browser): no session needed.
  r.post('/account/email/confirm', confirmTries, async (req, res) => {
    res.json(await confirmEmailChange(deps, (req.body as { token?: unknown } | undefined)?.token, req.session?.sid));
  });

  // The undo link sent to the old address (7 days): back to it, every session ended, a set-password link sent.
  r.post('/account/email/undo', undoTries, async (req, res) => {
    res.json(await undoEmailChange(deps, (req.body as { token?: unknown } | undefined)?.token));
  });

  return r;
}
