// /ringcloud-checkout: pays for the RingCloud survey saved by /ringcloud. Without a saved survey it
// sends the visitor back to /ringcloud. The server prices the order from the survey and the lead type;
// the page shows the order summary, the account and the shared card form. On success the saved survey
// is cleared and the visitor goes to /thank-you. The card form loads while the order is prepared, not
// with the page (the budget of bench/page-weight.ts).
// Aged leads (issue 25 item 1): the stock of the survey's working states and age range is read first;
// the order is for that many (at most 100), priced and sent as such, and with no stock there is nothing
// to pay for. The server checks the count again and holds the leads for the payment.
import { lazy, Suspense, useEffect, useState } from 'react';
import { api, ApiError, RINGCLOUD, formatUsd } from '@tm/shared';
import { quoteRingCloud, NO_AGED_STOCK_MESSAGE } from '@tm/shared/logic/pricing';
import type { CreatePaymentIntentResponse, PublicKeyResponse } from '@tm/shared/schemas/payments';
import { getStripePublicKey } from '@tm/shared/stripe-public-key';
import type { AgedStockResponse } from '@tm/shared/schemas/funnel';
import { readRingcloudSurvey, clearRingcloudSurvey, type SavedRingcloudSurvey } from './ringcloud-storage.ts';
import { returnUrlFor, GENERIC_PAYMENT_ERROR } from '@tm/shared/ui/payment-labels';
import { toast } from '../stores/toast.ts';
import { withAttribution } from '../scripts/attribution.ts';

const loadPaymentForm = () => import('@tm/shared/ui/PaymentForm');
const PaymentForm = lazy(() => loadPaymentForm().then((m) => ({ default: m.PaymentForm })));

type Phase =
  | { name: 'loading' }
  | { name: 'ready'; intent: CreatePaymentIntentResponse; keys: PublicKeyResponse }
  | { name: 'failed'; message: string }
  | { name: 'no-stock' }
  | { name: 'paid' };

/** The count bought: the survey's for transfers and call-backs; for aged leads what the stock allows. */
function countOf(s: SavedRingcloudSurvey, stock: AgedStockResponse | null): number | undefined {
  if (s.leadType === 'Live Transfers') return s.totalTransfers;
  if (s.leadType === 'Call-Backs') return s.totalCallbacks;
  return stock ? stock.maxPerOrder : undefined;
}

const isAged = (s: SavedRingcloudSurvey) => s.leadType === 'Aged Leads';

function stockUrl(s: SavedRingcloudSurvey): string {
  const q = new URLSearchParams({ states: s.workingStates, ageRange: s.ageRange ?? '' });
  return `/api/ringcloud/aged-leads/stock?${q.toString()}`;
}

const leadsWord = (n: number) => `${n.toLocaleString('en-US')} lead${n === 1 ? '' : 's'}`;

export default function RingCloudCheckout() {
  const [survey, setSurvey] = useState<SavedRingcloudSurvey | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [stock, setStock] = useState<AgedStockResponse | null>(null);

  async function prepare(s: SavedRingcloudSurvey) {
    setPhase({ name: 'loading' });
    void loadPaymentForm();
    // Aged leads: a second try when the server's own check took leads off sale (do-not-call,
    // exclusive) since the count was read; the stock is read again and what is really there is ordered.
    for (let attempt = 0; ; attempt++) {
      try {
        let current: AgedStockResponse | null = null;
        if (isAged(s)) {
          // Read again on every try: another buyer may have taken leads since.
          current = await api.getJson<AgedStockResponse>(stockUrl(s));
          if (!current) throw new Error('stock missing');
          setStock(current);
          if (current.maxPerOrder < 1) {
            setPhase({ name: 'no-stock' });
            return;
          }
        }
        const quote = quoteRingCloud({ leadType: s.leadType, count: countOf(s, current), ageRange: s.ageRange ?? null });
        const [keys, intent] = await Promise.all([
          getStripePublicKey(),
          api.requestJson<CreatePaymentIntentResponse>(
            'POST',
            '/api/create-payment-intent',
            withAttribution({
              ...(quote.ok ? { amount: quote.amountCents / 100, calls: quote.count } : {}),
              packageType: `RingCloud ${s.leadType}`,
              callCount: 1,
              tier: 'ringcloud',
              surveyId: s.surveyId,
              ...(s.ageRange ? { ageRange: s.ageRange } : {}),
            }),
          ),
        ]);
        if (!keys) throw new Error('payment settings missing');
        setPhase({ name: 'ready', intent, keys });
        return;
      } catch (err) {
        if (isAged(s) && attempt === 0 && err instanceof ApiError && err.status === 409) continue;
        console.error('Preparing the RingCloud payment failed', err);
        const message = err instanceof ApiError && err.status < 500 ? err.serverMessage : GENERIC_PAYMENT_ERROR;
        setPhase({ name: 'failed', message });
        return;
      }
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

  const aged = isAged(survey);
  // Aged leads: nothing is priced until the stock is known (and with none, nothing is bought).
  const knownCount = aged && !stock ? undefined : countOf(survey, stock);
  const quote = quoteRingCloud({ leadType: survey.leadType, count: knownCount, ageRange: survey.ageRange ?? null });
  const noStock = aged && stock !== null && stock.maxPerOrder < 1;
  const priced = quote.ok && !(aged && !stock) && !noStock;
  const amountCents = phase.name === 'ready' ? phase.intent.amount : priced ? quote.amountCents : 0;
  const count = priced ? quote.count : noStock ? 0 : (knownCount ?? RINGCLOUD.agedLeadQuantity);
  const unit = quote.ok ? quote.unitPriceCents : aged && survey.ageRange ? RINGCLOUD.agedLeadCents[survey.ageRange] : 0;
  const what = survey.leadType === 'Aged Leads' ? `Aged leads (${survey.ageRange} days)` : survey.leadType === 'Call-Backs' ? 'Call-backs' : 'Live transfers';

  return (
    <div className="grid grid-2" style={{ alignItems: 'start' }}>
      <div className="grid">
        <section className="card" aria-labelledby="summary-title">
          <h2 id="summary-title">Order Summary</h2>
          <dl className="summary-list">
            <dt>Package</dt>
            <dd>RingCloud {survey.leadType}</dd>
            {aged && (
              <>
                <dt>Available</dt>
                <dd data-testid="rc-stock">
                  {stock ? `${leadsWord(stock.available)} in ${stock.states.join(', ')}, ${stock.ageRange} days old` : 'Checking…'}
                </dd>
              </>
            )}
            <dt>Quantity</dt>
            <dd data-testid="rc-quantity">{aged && !stock ? '…' : count.toLocaleString('en-US')}</dd>
            <dt>Price each</dt>
            <dd>{formatUsd(unit, { cents: true })}</dd>
            <dt className="summary-total">Total</dt>
            <dd className="summary-total" data-testid="rc-total">
              {formatUsd(amountCents, { cents: true })}
            </dd>
          </dl>
          {priced && (
            <p className="muted small">
              {count.toLocaleString('en-US')} × {what.toLowerCase()} at {formatUsd(unit, { cents: true })} each.
            </p>
          )}
          {aged && stock && stock.available > 0 && stock.maxPerOrder < RINGCLOUD.agedLeadQuantity && (
            <p className="notice notice-info small" data-testid="rc-stock-note">
              Only {leadsWord(stock.available)} match your working states and age range, so this order is for {leadsWord(stock.maxPerOrder)}.
            </p>
          )}
          {aged && stock && stock.available > RINGCLOUD.agedLeadQuantity && (
            <p className="muted small" data-testid="rc-stock-note">
              One order is at most {leadsWord(RINGCLOUD.agedLeadQuantity)}.
            </p>
          )}
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
        {phase.name === 'no-stock' && (
          <div className="notice notice-warn" role="alert" data-testid="rc-no-stock">
            <p style={{ margin: 0 }}>{NO_AGED_STOCK_MESSAGE}</p>
            <p style={{ margin: '0.5rem 0 0' }}>
              Nothing has been charged. <a href="/ringcloud">Change your states or age range</a>.
            </p>
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
