// E-mail and self-service (decision 045): POST /api/forgot-password (public, same 202 for every e-mail),
// and the admin outbox: GET /api/admin/outbox (sent, pending, failed with the error) and
// POST /api/admin/outbox/:id/resend (a failed message, with its own Message-ID).
import { Router, type Request } from 'express';
import type { AppDeps } from '../../deps.ts';
import { FORGOT_PASSWORD_ANSWER, FORGOT_PASSWORD_RATE_MESSAGE, forgotPasswordSchema, outboxQuerySchema } from '@tm/shared/schemas/mail';
import { parseWith } from '../../errors.ts';
import { accountKey, clientIp, limiter } from '../../middleware/rate-limit.ts';
import { currentUser, requireAdmin } from '../../middleware/require-user.ts';
import { sendPasswordReset } from '../../services/accounts/password-reset.service.ts';
import { listOutbox, outboxMessage, resendMessage } from '../../services/mail/outbox.ts';
import { adminActor } from '../../services/audit/audit.service.ts';
import { FORM_WINDOW_MS } from '../../services/funnel/limits.ts';
import { idParam } from '../../http/params.ts';

/** Per address: 10 requests a quarter hour; per e-mail: 3 (a mailbox is not flooded with links). */
export const FORGOT_PER_IP = 10;
export const FORGOT_PER_EMAIL = 3;

const messageId = (req: Request) => idParam(req.params.id, 'Message not found');

export function mailRoutes(deps: AppDeps): Router {
  const r = Router();
  const perIp = limiter({ windowMs: FORM_WINDOW_MS, limit: FORGOT_PER_IP, message: FORGOT_PASSWORD_RATE_MESSAGE, key: clientIp });
  const perEmail = limiter({ windowMs: FORM_WINDOW_MS, limit: FORGOT_PER_EMAIL, message: FORGOT_PASSWORD_RATE_MESSAGE, key: accountKey('forgot', 'email') });

  r.post('/forgot-password', perIp, perEmail, (req, res) => {
    const { email } = parseWith(forgotPasswordSchema, req.body);
    // The answer goes first and is the same for every address; the lookup runs after it.
    res.status(202).json({ message: FORGOT_PASSWORD_ANSWER });
    setImmediate(() => {
      sendPasswordReset(deps, email).catch((err: unknown) => deps.logger.error({ err }, 'forgot-password mail not written'));
    });
  });

  const admin = requireAdmin(deps);
  r.get('/admin/outbox', admin, async (req, res) => {
    const q = parseWith(outboxQuerySchema, req.query, 'query');
    res.json(await listOutbox(deps.db, q));
  });
  r.get('/admin/outbox/:id', admin, async (req, res) => {
    res.json({ message: await outboxMessage(deps.db, messageId(req), deps.clock.now(), adminActor(currentUser(req))) });
  });
  r.post('/admin/outbox/:id/resend', admin, async (req, res) => {
    const links = { secret: deps.config.sessionSecret, origin: deps.config.publicOrigin };
    res.json({ message: await resendMessage(deps.db, messageId(req), deps.clock.now(), adminActor(currentUser(req)), links) });
  });
  return r;
}
