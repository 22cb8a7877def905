// The public side of set-password links: GET /api/set-password/check?token= (is the link good, and
// for which e-mail) and POST /api/set-password { token, password }. Rate limited per address like the
// account forms (refused requests count). Setting the password never logs anyone in; it ends the user's older sessions.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { setPasswordSchema, type SetPasswordCheck } from '@tm/shared/schemas/auth';
import { parseWith } from '../../errors.ts';
import { setPasswordLimit, SET_PASSWORD_RATE_MESSAGE } from '../../middleware/rate-limit.ts';
import { readSetPasswordToken, spendSetPasswordLink, verifySetPasswordToken } from '../../services/accounts/set-password-links.ts';
import { sessionUser } from '../../middleware/require-user.ts';
import { adminActor, recordAudit } from '../../services/audit/audit.service.ts';
import { isFirstPassword, notifyPasswordChanged, notifyWelcome } from '../../services/accounts/password-reset.service.ts';

export { SET_PASSWORD_RATE_MESSAGE };

export function setPasswordRoutes(deps: AppDeps): Router {
  const r = Router();
  // Refusals only (a good link is opened and used once): a stranger trying tokens is slowed down.
  const perIp = setPasswordLimit();

  r.get('/set-password/check', perIp, async (req, res) => {
    const user = await verifySetPasswordToken(deps.db, deps.config.sessionSecret, readSetPasswordToken(req.query), deps.clock.now());
    const body: SetPasswordCheck = { valid: true, email: user.email };
    res.json(body);
  });

  r.post('/set-password', perIp, async (req, res) => {
    // A dead link is what to say first: no point fixing a password the link will not take.
    const user = await verifySetPasswordToken(deps.db, deps.config.sessionSecret, readSetPasswordToken(req.body), deps.clock.now());
    const { password } = parseWith(setPasswordSchema, req.body);
    const first = await isFirstPassword(deps, user);
    await spendSetPasswordLink(deps.db, user, password, deps.clock.now());
    // A link used from a browser logged in as someone else (an admin who read it somewhere) is audited,
    // naming that person (issue 35 A5).
    const other = req.session?.userId !== undefined && req.session.userId !== user.id ? await sessionUser(deps, req.session) : null;
    if (other)
      await recordAudit(deps.db, {
        actor: { ...adminActor(other), type: other.isAdmin ? 'admin' : 'agent' },
        action: 'user.password_set_by_other',
        entity: 'user',
        entityId: user.id,
        userId: user.id,
        at: deps.clock.now(),
      });
    await (first ? notifyWelcome(deps, user) : notifyPasswordChanged(deps, user));
    res.json({ success: true });
  });

  return r;
}
