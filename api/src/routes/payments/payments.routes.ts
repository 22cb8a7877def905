// Checkout payments: POST /api/create-payment-intent, GET /api/stripe/public-key,
// GET /api/orders/by-intent/:id, and (test-payment mode only) POST /api/test-payments/confirm.
import { Router } from 'express';
import {
  createPaymentIntentSchema,
  orderCheckSchema,
  testConfirmSchema,
  type CreatePaymentIntentResponse,
  type PublicKeyResponse,
} from '@tm/shared/schemas/payments';
import type { AppDeps } from '../../deps.ts';
import { parseWith } from '../../errors.ts';
import { byIntentLimits, clientIp, orderLimits, CHECKOUT_RATE_MESSAGE } from '../../middleware/rate-limit.ts';
import { startCheckout } from '../../services/payments/checkout.service.ts';
import { confirmTestPayment } from '../../services/payments/test-payments.service.ts';
import { checkOrderByIntent } from '../../services/orders/payment-check.service.ts';
import { getOrderByIntent } from '../../services/orders/orders.service.ts';
import { stripeWebhookRoutes } from './stripe-webhook.routes.ts';
import { sessionExpired } from '../../middleware/session.ts';

export { CHECKOUT_RATE_MESSAGE };

export function paymentsRoutes(deps: AppDeps): Router {
  const r = Router();
  r.use(stripeWebhookRoutes(deps));
  const checkoutLimit = orderLimits(deps);

  r.post('/create-payment-intent', ...checkoutLimit, async (req, res) => {
    const input = parseWith(createPaymentIntentSchema, req.body);
    const anonymousSurvey = req.session && !sessionExpired(req.session, deps.clock.now()) ? (req.session.ringcloudSurveyId ?? null) : null;
    const order = await startCheckout(
      deps,
      input,
      { userId: req.session?.userId ?? null, ringcloudSurveyId: anonymousSurvey, userAgent: req.get('user-agent') ?? null },
      clientIp(req),
    );
    const body: CreatePaymentIntentResponse = {
      clientSecret: order.clientSecret,
      orderId: order.orderId,
      amount: order.amount,
      currency: order.currency,
      testMode: order.testMode,
    };
    res.json(body);
  });

  r.get('/stripe/public-key', (_req, res) => {
    const body: PublicKeyResponse = {
      publicKey: deps.config.stripe.testMode ? null : (deps.config.stripe.publishableKey ?? null),
      testMode: deps.config.stripe.testMode,
    };
    res.json(body);
  });

  r.get('/orders/by-intent/:id', ...byIntentLimits(), async (req, res) => {
    res.json(await getOrderByIntent(deps, String(req.params.id)));
  });

  // The return pages: the order after the server's own check of the latest attempt at the provider.
  r.post('/orders/check', ...byIntentLimits(), async (req, res) => {
    const { paymentIntentId } = parseWith(orderCheckSchema, req.body);
    res.json(await checkOrderByIntent(deps, paymentIntentId));
  });

  // The test card form's confirm: only in test-payment mode, never in production.
  if (deps.config.stripe.testMode && !deps.config.isProduction) {
    r.post('/test-payments/confirm', ...checkoutLimit, async (req, res) => {
      const input = parseWith(testConfirmSchema, req.body);
      res.json(await confirmTestPayment(deps, input));
    });
  }
  return r;
}
