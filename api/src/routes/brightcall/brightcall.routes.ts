// The voice-AI platform: GET /api/brightcall/status (admins) and the inbound webhook
// POST /api/callbacks/brightcall, authenticated by BRIGHTCALL_API_KEY (when it is unset, every call is 401).
// The webhook is idempotent on the `Idempotency-Key` header and on the body's `call_id` (decision 155).
import { Router, type Request, type Response, type NextFunction } from 'express';
import type { AppDeps } from '../../deps.ts';
import { HttpError } from '../../errors.ts';
import { requireAdmin } from '../../middleware/require-user.ts';
import { voiceWebhookLimit, WEBHOOK_RATE_LIMIT } from '../../middleware/rate-limit.ts';
import { apiKeyMatches, presentedKey } from '../../services/brightcall/api-key.ts';
import { recordWebhookCallback, type WebhookResult } from '../../services/brightcall/callbacks.service.ts';
import { idempotencyKeyOf, parseWebhookPayload } from '../../services/brightcall/webhook-payload.ts';
import { integrationStatus, WEBHOOK_PATH } from '../../services/brightcall/status.service.ts';

export { WEBHOOK_RATE_LIMIT };

export function brightcallRoutes(deps: AppDeps): Router {
  const r = Router();

  r.get('/brightcall/status', requireAdmin(deps), (_req, res) => {
    res.json(integrationStatus(deps.config));
  });

  const rate = voiceWebhookLimit();
  const authenticate = (req: Request, _res: Response, next: NextFunction) => {
    const key = presentedKey({ xApiKey: req.headers['x-api-key'], authorization: req.headers.authorization });
    if (!apiKeyMatches(deps.config.brightcall.apiKey, key)) return next(new HttpError(401, 'Unauthorized'));
    next();
  };

  r.post(WEBHOOK_PATH.replace(/^\/api/, ''), rate, authenticate, async (req, res) => {
    const idempotencyKey = idempotencyKeyOf(req.headers['idempotency-key']);
    const callback = parseWebhookPayload(req.body, deps.clock.now());
    let stored: WebhookResult;
    try {
      stored = await recordWebhookCallback(deps.db, callback, deps.clock.now(), idempotencyKey);
    } catch (err) {
      if (err instanceof HttpError) throw err; // idempotency_key_reused: the sender's mistake, not ours
      deps.logger.error({ err }, 'brightcall callback could not be stored');
      res.status(500).json({ error: 'Failed to process callback' });
      return;
    }
    // A repeat (same Idempotency-Key or call_id) answers 200 with the first callback's ids, and stores nothing.
    res.json({
      success: true,
      message: stored.duplicate ? 'Callback already received' : 'Callback received successfully',
      callback_id: stored.callbackId,
      appointment_id: stored.appointmentId,
      duplicate: stored.duplicate,
    });
  });

  return r;
}
