// Stripe webhook events: the signature is checked on the raw bytes with the SDK, then PaymentIntent
// outcomes go to the orders service, which records the event id so a repeat changes nothing.
import type Stripe from 'stripe';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { applyIntentOutcome } from '../orders/payment-outcome.service.ts';

export const BAD_SIGNATURE_MESSAGE = 'Webhook signature verification failed';

/** Verifies and parses an event; a missing or bad signature is a 400 and nothing else happens. */
export function verifyEvent(deps: AppDeps, rawBody: unknown, signature: string | undefined): Stripe.Event {
  if (!Buffer.isBuffer(rawBody) || rawBody.length === 0 || !signature) throw badRequest(BAD_SIGNATURE_MESSAGE);
  try {
    return deps.stripe.webhooks.constructEvent(rawBody, signature, deps.config.stripe.webhookSecret);
  } catch {
    throw badRequest(BAD_SIGNATURE_MESSAGE);
  }
}

export async function handleEvent(deps: AppDeps, event: Stripe.Event): Promise<string> {
  const object = event.data?.object as { object?: string } | undefined;
  const intent = event.type.startsWith('payment_intent.') && object?.object === 'payment_intent' ? (object as Stripe.PaymentIntent) : null;
  const outcome = await applyIntentOutcome(deps, { eventId: event.id, type: event.type, intent });
  deps.logger.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
  return outcome;
}
