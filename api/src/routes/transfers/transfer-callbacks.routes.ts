// The caller system's side of the transfer ledger, authenticated like the voice-AI webhook with its own
// key (TRANSFER_API_KEY, in `x-api-key` or `Authorization: Bearer`, compared in constant time; unset: 401).
//
// POST /api/callbacks/transfer records one delivered transfer (body: transferCallbackSchema in
//   @tm/shared/schemas/transfers). The agent is named by `agentId` (the portal user id) or `agentEmail`.
//   201 { ok, duplicate: false, call, balanceRemaining, agentPaused, deliveryPhone } when recorded; 200 with
//   duplicate: true when the callId was recorded before (nothing is drawn twice).
//   With kind: "callback" the call is a delivered RingCloud call-back: it is counted on the agent's oldest
//   paid call-back order that still owes some (no transfer balance is drawn): 201 { ok, duplicate: false,
//   kind, orderId, fulfilmentStatus, quantityDelivered, quantityOwed, deliveryPhone }, 200 duplicate: true for a repeated
//   callId, 422 nothing_owed when no call-back is owed.
// POST /api/callbacks/transfer/check { agentId | agentEmail, state } asks whether a transfer would be
//   taken now: 200 { ok, balanceRemaining, deliveryPhone }.
// Refusals answer 4xx in the one refusal shape with the stable reason as `code` (and, as the caller
//   systems were told, again as `reason`): { error, code, reason, fields? }: 401 unauthorized, 400 invalid_payload
//   (with fields), 404 unknown_agent, 409 call_id_conflict, 422 agent_deactivated | agent_paused |
//   state_not_allowed | outside_hours | daily_cap_reached | no_balance. A deactivated agent is refused
//   every new call (transfer or call-back) and by the check; a repeated callId still answers its call.
// GET /api/callbacks/transfer/check?agentId=…&state=… (or agentEmail) answers the same as the POST.
// POST /api/callbacks/attempts (issue 33) records the calling platform's attempt to reach an appointment's
//   consumer (body: platformAttemptSchema in @tm/shared/schemas/appointment-care): 201 { ok, duplicate: false,
//   attempt }, 200 duplicate: true for a callId recorded before; 401 unauthorized, 400 invalid_payload (fields),
//   404 unknown_appointment. Only these attempts (and recorded transfer calls) can credit a no-show.
import { Router, type NextFunction, type Request, type Response } from 'express';
import { transferCallbackSchema, transferCheckSchema } from '@tm/shared/schemas/transfers';
import type { AppDeps } from '../../deps.ts';
import { HttpError, parseWith } from '../../errors.ts';
import { transferCallbackLimit, TRANSFER_CALLBACK_RATE_LIMIT } from '../../middleware/rate-limit.ts';
import { apiKeyMatches, presentedKey } from '../../services/brightcall/api-key.ts';
import { TransferRefused } from '../../services/transfers/errors.ts';
import { recordDeliveredCall } from '../../services/transfers/calls.service.ts';
import { checkCallWindow, checkTransfer, deliveryPhoneOf, refuseDeactivated, resolveAgent } from '../../services/transfers/call-checks.ts';
import { deliverCallbackForAgent } from '../../services/orders/fulfilment.service.ts';
import { platformAttemptSchema } from '@tm/shared/schemas/appointment-care';
import { recordPlatformAttempt } from '../../services/appointment-care/call-attempts.service.ts';

export const TRANSFER_CALLBACK_PATH = '/callbacks/transfer';
export const ATTEMPTS_CALLBACK_PATH = '/callbacks/attempts';
export { TRANSFER_CALLBACK_RATE_LIMIT };

/** Validation errors as refusals with reason invalid_payload. */
function parsePayload<T>(schema: Parameters<typeof parseWith<T>>[0], body: unknown): T {
  try {
    return parseWith(schema, body);
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) throw new TransferRefused(400, 'invalid_payload', err.message, err.fields);
    throw err;
  }
}

export function transferCallbacksRoutes(deps: AppDeps): Router {
  const r = Router();
  const rate = transferCallbackLimit();
  const authenticate = (req: Request, _res: Response, next: NextFunction) => {
    const key = presentedKey({ xApiKey: req.headers['x-api-key'], authorization: req.headers.authorization });
    if (!apiKeyMatches(deps.config.transferApiKey, key)) return next(new TransferRefused(401, 'unauthorized', 'Unauthorized'));
    next();
  };

  r.post(TRANSFER_CALLBACK_PATH, rate, authenticate, async (req, res) => {
    const input = parsePayload(transferCallbackSchema, req.body);
    if (input.kind === 'callback') {
      checkCallWindow(input, deps.clock.now());
      const agent = await resolveAgent(deps.db, input);
      const call = {
        state: input.state,
        startedAt: input.startedAt,
        endedAt: input.endedAt,
        durationSeconds: input.durationSeconds,
        recordingUrl: input.recordingUrl,
      };
      const { duplicate, ...delivery } = await deliverCallbackForAgent(deps, agent.id, input.callId, call, () => refuseDeactivated(agent));
      // The number to ring for the agent's next call-back, as for a transfer (decision 278).
      res.status(duplicate ? 200 : 201).json({ ok: true, duplicate, kind: 'callback', ...delivery, deliveryPhone: await deliveryPhoneOf(deps.db, agent.id) });
      return;
    }
    const { created, body } = await recordDeliveredCall(deps, input);
    res.status(created ? 201 : 200).json(body);
  });

  r.post(`${TRANSFER_CALLBACK_PATH}/check`, rate, authenticate, async (req, res) => {
    const input = parsePayload(transferCheckSchema, req.body);
    res.json(await checkTransfer(deps, input));
  });

  r.post(ATTEMPTS_CALLBACK_PATH, rate, authenticate, async (req, res) => {
    const input = parsePayload(platformAttemptSchema, req.body);
    const body = await recordPlatformAttempt(deps.db, input, deps.clock.now());
    res.status(body.duplicate ? 200 : 201).json(body);
  });

  // The same question as a GET (query string), for dialers that can only ask that way.
  r.get(`${TRANSFER_CALLBACK_PATH}/check`, rate, authenticate, async (req, res) => {
    const q = req.query as Record<string, unknown>;
    const agentId = typeof q.agentId === 'string' && /^\d+$/.test(q.agentId) ? Number(q.agentId) : q.agentId;
    const input = parsePayload(transferCheckSchema, { ...q, ...(agentId !== undefined ? { agentId } : {}) });
    res.json(await checkTransfer(deps, input));
  });

  return r;
}
