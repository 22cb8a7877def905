// CRM delivery webhooks (issue 29 item 4, decision 196). Agent session only (same-origin like every
// portal route); an id that is not the agent's is 404.
//
// GET    /api/webhooks                          { webhooks: WebhookView[], secret: WebhookSecretView (hint only) }
// POST   /api/webhooks                          { url, events[], enabled? } -> 201 { webhook, secret } (the secret in
//                                                 full when this first endpoint made it, else the hint only)
// PUT    /api/webhooks/:id                      { url, events[], enabled? } -> the webhook
// DELETE /api/webhooks/:id                      204 (with its delivery log)
// POST   /api/webhooks/secret                   a new signing secret, shown in full this once (the old one stops at once)
// POST   /api/webhooks/:id/test                 201: a test.ping for that endpoint, due now (the delivery)
// GET    /api/webhooks/deliveries?page=         the delivery log, newest first, each with its tries
// POST   /api/webhooks/deliveries/:id/replay    the same event due again now (409 while it is being sent)
import { Router } from 'express';
import { deliveryLogQuerySchema, webhookInputSchema } from '@tm/shared/schemas/webhooks';
import type { AppDeps } from '../../deps.ts';
import { parseWith } from '../../errors.ts';
import { currentUser, requireAgent } from '../../middleware/require-user.ts';
import { idParam } from '../../http/params.ts';
import {
  DELIVERY_NOT_FOUND,
  NOT_FOUND_MESSAGE,
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rollSecret,
  secretOf,
  sendTestEvent,
  updateWebhook,
} from '../../services/webhooks/webhooks.service.ts';

export function webhooksRoutes(deps: AppDeps): Router {
  const r = Router();
  const agent = requireAgent(deps);

  r.get('/webhooks', agent, async (req, res) => {
    const userId = currentUser(req).id;
    res.json({ webhooks: await listWebhooks(deps.db, userId), secret: await secretOf(deps.db, userId) });
  });

  r.post('/webhooks', agent, async (req, res) => {
    const input = parseWith(webhookInputSchema, req.body);
    res.status(201).json(await createWebhook(deps.db, deps.config, currentUser(req).id, input, deps.clock.now()));
  });

  r.post('/webhooks/secret', agent, async (req, res) => {
    res.json(await rollSecret(deps.db, currentUser(req).id, deps.clock.now()));
  });

  r.get('/webhooks/deliveries', agent, async (req, res) => {
    const q = parseWith(deliveryLogQuerySchema, req.query, 'query');
    res.json(await listDeliveries(deps.db, currentUser(req).id, q.page));
  });

  r.post('/webhooks/deliveries/:id/replay', agent, async (req, res) => {
    const id = idParam(req.params.id, DELIVERY_NOT_FOUND);
    res.json(await replayDelivery(deps.db, currentUser(req).id, id, deps.clock.now()));
  });

  r.put('/webhooks/:id', agent, async (req, res) => {
    const id = idParam(req.params.id, NOT_FOUND_MESSAGE);
    const input = parseWith(webhookInputSchema, req.body);
    res.json(await updateWebhook(deps.db, deps.config, currentUser(req).id, id, input, deps.clock.now()));
  });

  r.delete('/webhooks/:id', agent, async (req, res) => {
    await deleteWebhook(deps.db, currentUser(req).id, idParam(req.params.id, NOT_FOUND_MESSAGE));
    res.status(204).end();
  });

  r.post('/webhooks/:id/test', agent, async (req, res) => {
    const id = idParam(req.params.id, NOT_FOUND_MESSAGE);
    res.status(201).json(await sendTestEvent(deps.db, currentUser(req).id, id, deps.clock.now()));
  });

  return r;
}
