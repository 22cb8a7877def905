// POST /api/stripe/webhook: raw body (mounted in app.ts), signature checked by the SDK, exempt from the
// cross-site check. Answers 200 once the event is recorded (a repeat too), 400 on a bad signature.
import { Router } from 'express';
import type { AppDeps } from '../../deps.ts';
import { handleEvent, verifyEvent } from '../../services/payments/webhook.service.ts';

export function stripeWebhookRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post('/stripe/webhook', async (req, res) => {
    const event = verifyEvent(deps, req.body, req.get('stripe-signature'));
    const outcome = await handleEvent(deps, event);
    res.json({ received: true, outcome });
  });
  return r;
}
