// /ringcloud-checkout: pays for the RingCloud survey saved by /ringcloud. Without a saved survey it
// sends the visitor back to /ringcloud. The server prices the order from the survey and the lead type;
// the page shows the order summary, the account and the shared card form. On success the saved survey
// is cleared and the visitor goes to /thank-you. The card form loads while the order is prepared, not
// with the page (the 80 KB budget of bench/page-weight.ts).
import { lazy, Suspense, useEffect, useState } from 'react';
import { api, ApiError, RINGCLOUD, formatUsd } from '@tm/shared';
import { quoteRingCloud } from '@tm/shared/logic/pricing';
import type { CreatePaymentIntentResponse, PublicKeyResponse } from '@tm/shared/schemas/payments';
import { readRingcloudSurvey, clearRingcloudSurvey, type SavedRingcloudSurvey } from './ringcloud-storage.ts';
import { returnUrlFor, GENERIC_PAYMENT_ERROR } from '@tm/shared/ui/payment-labels';
import { toast } from '../stores/toast.ts';

const loadPaymentForm = () => import('@tm/shared/ui/PaymentForm');
const PaymentForm = lazy(() => loadPaymentForm().then((m) => ({ default: m.PaymentForm })));

type Phase =
  | { name: 'loading' }
  | { name: 'ready'; intent: CreatePaymentIntentResponse; keys: PublicKeyResponse }
  | { name: 'failed'; message: string }
  | { name: 'paid' };

function countOf(s: SavedRingcloudSurvey): number | undefined {
  if (s.leadType === 'Live Transfers') return s.totalTransfers;
  if (s.leadType === 'Call-Backs') return s.totalCallbacks;
  return undefined;
}

export default function RingCloudCheckout() {
  const [survey, setSurvey] = useState<SavedRingcloudSurvey | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });

  async function prepare(s: SavedRingcloudSurvey) {
    setPhase({ name: 'loading' });
    void loadPaymentForm();
    const quote = quoteRingCloud({ leadType: s.leadType, count: countOf(s), ageRange: s.ageRange ?? null });
    try {
      const [keys, intent] = await Promise.all([
        api.getJson<PublicKeyResponse>('/api/stripe/public-key'),
        api.requestJson<CreatePaymentIntentResponse>('POST', '/api/create-payment-intent', {
          ...(quote.ok ? { amount: quote.amountCents / 100, calls: quote.count } : {}),
          packageType: `RingCloud ${s.leadType}`,
          callCount: 1,
          tier: 'ringcloud',
          surveyId: s.surveyId,
          ...(s.ageRange ? { ageRange: s.ageRange } : {}),
        }),
      ]);
      if (!keys) throw new Error('payment settings missing');
      setPhase({ name: 'ready', intent, keys });
    } catch (err) {
      console.error('Preparing the RingCloud payment failed', err);
      const message = err instanceof ApiError && err.status < 500 ? err.serverMessage : GENERIC_PAYMENT_ERROR;
      setPhase({ name: 'failed', message });
    }
  }

  useEffect(() => {
    const s = readRingcloudSurvey();
    if (!s) {
      window.location.replace('/ringcloud');
      return;
    }
    setSurvey(s);
    void prepare(s);
  }, []);

  if (!survey) {
    return (
      <p className="muted" role="status">
        Loading your order…
      </p>
    );
  }

  const quote = quoteRingCloud({ leadType: survey.leadType, count: countOf(survey), ageRange: survey.ageRange ?? null });
  const amountCents = phase.name === 'ready' ? phase.intent.amount : quote.ok ? quote.amountCents : 0;
  const count = quote.ok ? quote.count : (countOf(survey) ?? RINGCLOUD.agedLeadQuantity);
  const unit = quote.ok ? quote.unitPriceCents : 0;
  const what = survey.leadType === 'Aged Leads' ? `Aged leads (${survey.ageRange} days)` : survey.leadType === 'Call-Backs' ? 'Call-backs' : 'Live transfers';

  return (
    <div className="grid grid-2" style={{ alignItems: 'start' }}>
      <div className="grid">
        <section className="card" aria-labelledby="summary-title">
          <h2 id="summary-title">Order Summary</h2>
          <dl className="summary-list">
            <dt>Package</dt>
            <dd>RingCloud {survey.leadType}</dd>
            <dt>Quantity</dt>
            <dd data-testid="rc-quantity">{count.toLocaleString('en-US')}</dd>
            <dt>Price each</dt>
            <dd>{formatUsd(unit, { cents: true })}</dd>
            <dt className="summary-total">Total</dt>
            <dd className="summary-total" data-testid="rc-total">
              {formatUsd(amountCents, { cents: true })}
            </dd>
          </dl>
          <p className="muted small">
            {count.toLocaleString('en-US')} × {what.toLowerCase()} at {formatUsd(unit, { cents: true })} each.
          </p>
        </section>
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">Account Info</h2>
          <dl className="summary-list">
            <dt>Name</dt>
            <dd>
              {survey.firstName} {survey.lastName}
            </dd>
            <dt>Agency</dt>
            <dd>{survey.agencyName}</dd>
            <dt>Email</dt>
            <dd>{survey.email}</dd>
            <dt>Working states</dt>
            <dd>{survey.workingStates}</dd>
          </dl>
          <p className="muted small">
            Not you? <a href="/ringcloud">Start over</a>.
          </p>
        </section>
      </div>

      <section className="card" aria-labelledby="pay-title">
        <h2 id="pay-title">Payment</h2>
        {phase.name === 'loading' && (
          <p className="muted" role="status">
            Preparing your secure payment…
          </p>
        )}
        {phase.name === 'failed' && (
          <div className="form-error" role="alert">
            <strong>Payment Failed</strong>
            <p style={{ margin: '0.25rem 0 0.75rem' }}>{phase.message}</p>
            <button type="button" className="btn btn-outline" onClick={() => void prepare(survey)}>
              Try again
            </button>
          </div>
        )}
        {phase.name === 'paid' && (
          <p className="notice notice-ok" role="status">
            Payment Successful! Taking you to your confirmation…
          </p>
        )}
        {phase.name === 'ready' && (
          <Suspense
            fallback={
              <p className="muted" role="status">
                Preparing your secure payment…
              </p>
            }
          >
            <PaymentForm
              clientSecret={phase.intent.clientSecret}
              publishableKey={phase.keys.publicKey}
              testMode={phase.keys.testMode}
              returnUrl={`${window.location.origin}/thank-you`}
              redirect="if_required"
              submitLabel={`Pay ${formatUsd(phase.intent.amount, { cents: true })}`}
              billingDetails={{ name: `${survey.firstName} ${survey.lastName}`, email: survey.email, phone: survey.phone }}
              onSuccess={(paymentIntentId) => {
                clearRingcloudSurvey();
                setPhase({ name: 'paid' });
                toast({ title: 'Payment Successful!', description: 'Your order has been processed successfully.', variant: 'success' });
                window.location.assign(returnUrlFor(`${window.location.origin}/thank-you`, paymentIntentId, phase.intent.clientSecret, 'succeeded'));
              }}
              onError={(message) => toast({ title: 'Payment Failed', description: message || GENERIC_PAYMENT_ERROR, variant: 'destructive' })}
            />
          </Suspense>
        )}
      </section>
    </div>
  );
}
