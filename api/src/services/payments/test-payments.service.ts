// Test-payment mode only: confirms an intent at the emulator with the test PaymentMethod a typed card
// number stands for, as Stripe.js would. Never reachable with real Stripe keys or in production.
import Stripe from 'stripe';
import type { TestConfirmResponse } from '@tm/shared/schemas/payments';
import type { AppDeps } from '../../deps.ts';
import { badRequest, HttpError, notFound } from '../../errors.ts';
import { testPaymentMethodFor } from './test-cards.ts';

export interface TestConfirm {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  returnUrl?: string;
  billingDetails?: { name?: string; email?: string; phone?: string };
}

const card = (field: string, message: string) => badRequest(message, { [field]: message });

export async function confirmTestPayment(deps: AppDeps, input: TestConfirm): Promise<TestConfirmResponse> {
  if (!deps.config.stripe.testMode || deps.config.isProduction) throw notFound();
  const intentId = input.clientSecret.split('_secret_')[0] ?? '';
  const isSetup = /^seti_[A-Za-z0-9]+$/.test(intentId);
  if (!isSetup && !/^pi_[A-Za-z0-9]+$/.test(intentId)) throw notFound('Payment not found');

  const pm = testPaymentMethodFor(input.cardNumber);
  if (!pm) throw card('cardNumber', 'Your card number is invalid.');
  const [mm, yy] = input.expiry.split('/').map((s) => Number(s.trim()));
  const year = (yy ?? 0) < 100 ? 2000 + (yy ?? 0) : (yy ?? 0);
  const now = deps.clock.now();
  if (year < now.getUTCFullYear()) throw card('expiry', "Your card's expiration year is in the past.");
  if (year === now.getUTCFullYear() && (mm ?? 0) < now.getUTCMonth() + 1) throw card('expiry', "Your card's expiration date is in the past.");

  // Saving a card (auto-rebill, decision 197): the same form confirms the agent's SetupIntent.
  if (isSetup) return confirmTestSetup(deps, intentId, input.clientSecret, pm);

  let intent: Stripe.PaymentIntent;
  try {
    intent = await deps.stripe.paymentIntents.retrieve(intentId);
  } catch {
    throw notFound('Payment not found');
  }
  if (intent.client_secret !== input.clientSecret) throw notFound('Payment not found');
  try {
    const confirmed = await deps.stripe.paymentIntents.confirm(intentId, {
      payment_method: pm,
      ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
      ...(input.billingDetails?.email ? { receipt_email: input.billingDetails.email } : {}),
    });
    return { paymentIntentId: confirmed.id, status: confirmed.status };
  } catch (err) {
    // The provider's own message, as Stripe.js hands it to the page.
    if (err instanceof Stripe.errors.StripeCardError) throw new HttpError(402, err.message);
    if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new HttpError(400, err.message);
    throw err;
  }
}

async function confirmTestSetup(deps: AppDeps, setupIntentId: string, clientSecret: string, pm: string): Promise<TestConfirmResponse> {
  let si: Stripe.SetupIntent;
  try {
    si = await deps.stripe.setupIntents.retrieve(setupIntentId);
  } catch {
    throw notFound('Payment not found');
  }
  if (si.client_secret !== clientSecret) throw notFound('Payment not found');
  try {
    const confirmed = await deps.stripe.setupIntents.confirm(setupIntentId, { payment_method: pm });
    return { paymentIntentId: confirmed.id, status: confirmed.status };
  } catch (err) {
    if (err instanceof Stripe.errors.StripeCardError) throw new HttpError(402, err.message);
    if (err instanceof Stripe.errors.StripeInvalidRequestError) throw new HttpError(400, err.message);
    throw err;
  }
}
