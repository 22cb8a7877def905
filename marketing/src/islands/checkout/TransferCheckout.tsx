// A transfer-package checkout (docs/product/funnel.md#checkouts): the Package Details card
// sets a count priced from the catalogue, Proceed to Payment creates the order and its intent on the
// server, then the Payment Information card shows the order summary and the shared payment form.
// Enter in any field proceeds. A count that cannot be bought says why under the field and the total
// still shows what it would cost. The card is a react-hook-form form (the count and the buyer's details,
// BuyerDetails.tsx). The payment form and the buyer schema (zod) load when needed, not with the page (the
// budget of bench/page-weight.ts).
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useStore } from '@nanostores/react';
import { api, ApiError, TIERS, HIGH_VOLUME, formatUsd, highVolumeBand, highVolumeBandLabel } from '@tm/shared';
import {
  quoteTransferPackage,
  packageBounds,
  packageUnitPriceCents,
  packageTotalCents,
  boundsMessage,
  countProblem,
  type PackageTier,
} from '@tm/shared/logic/pricing';
import type { CreatePaymentIntentResponse, PublicKeyResponse } from '@tm/shared/schemas/payments';
import { getStripePublicKey } from '@tm/shared/stripe-public-key';
import {
  $checkout,
  clearSeeds,
  initialCount,
  paymentPrepared,
  preparingFailed,
  setCount,
  startPreparing,
  SEED_CLEAR_DELAY_MS,
  type CheckoutPage,
} from '../../stores/checkout.ts';
import { toast } from '../../stores/toast.ts';
import type { CheckoutCopy } from './copy.ts';
import type { CurrentUser } from '@tm/shared/schemas/auth';
import { currentUserOf, type NoCurrentUser } from '@tm/shared/logic/current-user';
import {
  BuyerDetails,
  BUYER_FIELDS,
  EMPTY_BUYER,
  buyerErrorsFrom,
  checkoutResolver,
  loadBuyerSchema,
  type BuyerField,
  type CheckedCheckout,
  type CheckoutFields,
} from './BuyerDetails.tsx';
import './checkout.css';
import { withAttribution } from '../../scripts/attribution.ts';

const loadPaymentForm = () => import('@tm/shared/ui/PaymentForm');
const PaymentForm = lazy(() => loadPaymentForm().then((m) => ({ default: m.PaymentForm })));

export const CONFIGURE_PROMPT = 'Configure your package and click "Proceed to Payment" to continue';

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function tierFor(page: CheckoutPage): PackageTier {
  if (page !== 'standard') return page;
  // /checkout?tier=special is the special offer on the standard page.
  const q = typeof window !== 'undefined' ? new URLSearchParams(window.location.search).get('tier') : null;
  return q === 'special' ? 'special' : 'standard';
}

/** `copy`: the words of the tiers this page can show, from the page (copy.ts), so the island does not carry every page's. */
export default function TransferCheckout({ page, copy: copies }: { page: CheckoutPage; copy: CheckoutCopy }) {
  const state = useStore($checkout);
  const [tier, setTier] = useState<PackageTier>(page === 'standard' ? 'standard' : page);
  const [keys, setKeys] = useState<PublicKeyResponse | null>(null);
  const [loaded, setLoaded] = useState(false);
  // undefined while asking; null when nobody is logged in (the buyer step is shown).
  const [user, setUser] = useState<CurrentUser | null | undefined>(undefined);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<CheckoutFields, unknown, CheckedCheckout>({
    defaultValues: { count: '', ...EMPTY_BUYER },
    // Only an anonymous buyer's details are checked; a fixed field's message goes as it is typed in.
    resolver: checkoutResolver(() => user === null),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  useEffect(() => {
    const t = tierFor(page);
    setTier(t);
    const first = initialCount(page);
    setCount(first);
    setValue('count', String(first));
    setLoaded(true);
    const timer = setTimeout(() => clearSeeds(page), SEED_CLEAR_DELAY_MS);
    getStripePublicKey()
      .then((k) => setKeys(k))
      .catch((err: unknown) => console.error('Could not load the payment settings', err));
    api
      .getJson<CurrentUser | NoCurrentUser>('/api/current-user', { on401: 'returnNull' })
      .then((u) => setUser(currentUserOf(u)))
      .catch(() => setUser(null));
    return () => clearTimeout(timer);
  }, [page, setValue]);

  const bounds = packageBounds(tier);
  const count = state.count;
  const quote = quoteTransferPackage(tier, count);
  const unitCents = packageUnitPriceCents(tier, Math.max(count, bounds.min));
  const copy = copies[tier] ?? Object.values(copies)[0]!;
  const buffer = tier === 'high-volume' ? HIGH_VOLUME.bufferSeconds : TIERS[tier].bufferSeconds;
  const hint = boundsMessage(bounds.min, bounds.max);
  const outOfBounds = loaded && !quote.ok;

  function onCountChange(value: string) {
    // Non-numeric entry counts as 0 (as 50 on the high-volume page); 2.5 stays 2.5 and is refused.
    const n = value.trim() === '' ? Number.NaN : Number(value);
    setCount(Number.isNaN(n) ? (page === 'high-volume' ? HIGH_VOLUME.minCount : 0) : n);
  }

  function onBuyerChange(field: BuyerField) {
    void loadBuyerSchema();
    if (errors[field]) clearErrors(field);
  }

  /** The buyer's details are wrong: the first field in error (in the schema's order) gets the focus. */
  function onInvalid(invalid: FieldErrors<CheckoutFields>) {
    document.getElementById(`buyer-${Object.keys(invalid)[0]}`)?.focus();
  }

  async function proceed({ buyer }: CheckedCheckout) {
    if (!quote.ok) return;
    // An anonymous buyer says who they are first (a logged-in agent buys as themselves).
    const who: Record<string, string> = buyer ? { ...buyer, agencyName: buyer.agencyName ?? '' } : {};
    startPreparing();
    try {
      const body = withAttribution({
        amount: quote.amountCents / 100,
        callCount: quote.count,
        ...(tier !== 'standard' ? { tier } : {}),
        ...who,
      });
      const res = await api.requestJson<CreatePaymentIntentResponse>('POST', '/api/create-payment-intent', body);
      paymentPrepared({ clientSecret: res.clientSecret, amountCents: res.amount, count: quote.count });
    } catch (err) {
      // The spec logs a failed intent creation; a count the server refuses is also shown by the input.
      console.error('Creating the payment failed', err);
      if (err instanceof ApiError) {
        const refused = buyerErrorsFrom(err.fields);
        clearErrors([...BUYER_FIELDS]);
        for (const [field, message] of Object.entries(refused)) setError(field as BuyerField, { type: 'server', message });
      }
      preparingFailed(err instanceof ApiError ? (err.fields?.callCount ?? null) : null);
    }
  }

  const successText = page === 'high-volume' ? 'Thank you for your purchase!' : "Thank you for your purchase! We'll be in touch soon.";
  const orderCount = state.orderCount ?? count;
  const amountCents = state.amountCents ?? 0;
  const paying = Boolean(state.clientSecret && keys);
  const inputId = `transfer-count-${page}`;
  const countError = state.countError ?? (outOfBounds ? countProblem(count, bounds.min, bounds.max) : null);
  const totalCents = quote.ok ? quote.amountCents : packageTotalCents(tier, count);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!quote.ok || state.preparing || state.clientSecret || user === undefined) return;
    void loadPaymentForm();
    void handleSubmit(proceed, onInvalid)(e);
  }

  return (
    <div className="checkout">
      <div className="checkout-intro">
        <p className="eyebrow">{tier === 'high-volume' ? 'High volume' : `${TIERS[tier].label} · ${TIERS[tier].callsPerDay} calls per day`}</p>
        <h1>{copy.heading}</h1>
        <p className="lead">{copy.intro}</p>
      </div>
      <div className="checkout-grid">
        <section className="card" aria-labelledby="package-details">
          <h2 id="package-details">Package Details</h2>
          <form onSubmit={onSubmit} noValidate>
            <div className="field">
              <label htmlFor={inputId}>How many transfers would you like to purchase?</label>
              <input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={bounds.min}
                max={bounds.max}
                step={1}
                {...register('count', { onChange: (e: { target: { value: string } }) => onCountChange(e.target.value) })}
                // Enabled once the island runs, so nothing typed before hydration is lost.
                disabled={!loaded}
                aria-invalid={countError ? true : undefined}
                aria-describedby={countError ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
              />
              <p id={`${inputId}-hint`} className="muted small">
                {hint}
              </p>
              {countError && (
                <p id={`${inputId}-error`} className="field-error" role="alert" data-testid="count-error">
                  {countError}
                </p>
              )}
            </div>

            {tier === 'high-volume' && (
              <p className="checkout-band" data-testid="high-volume-band">
                {highVolumeBandLabel(highVolumeBand(Math.max(count, bounds.min)))}
              </p>
            )}

            <div className="notice notice-info checkout-buffer">
              <strong>{buffer} Second Buffer Protection</strong>
              <p>
                A transfer is billable only if the call lasts longer than {buffer} seconds
                {buffer === 120 ? '; a call of 2 minutes or less is not charged.' : '.'}
              </p>
            </div>

            <h3>{copy.benefitsTitle}</h3>
            <ul className="checklist">
              {copy.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>

            <BuyerDetails user={user} register={register} errors={errors} disabled={state.preparing || Boolean(state.clientSecret)} onChange={onBuyerChange} />

            <div className="checkout-total" aria-live="polite">
              <span className="muted">Total Cost</span>
              <strong className="checkout-total-amount">{totalCents === null ? '—' : formatUsd(totalCents)}</strong>
              <span className="muted small" data-testid="checkout-rate-line">
                {plural(Math.max(count, 0), 'transfer')} × {formatUsd(unitCents)} each
              </span>
            </div>

            <button type="submit" className="btn btn-lg btn-block" disabled={!quote.ok || state.preparing || Boolean(state.clientSecret) || user === undefined}>
              {state.preparing ? 'Preparing Payment...' : 'Proceed to Payment'}
            </button>
          </form>
        </section>

        <section className="card" aria-labelledby="payment-information">
          <h2 id="payment-information">Payment Information</h2>
          {!paying ? (
            <p className="muted">{CONFIGURE_PROMPT}</p>
          ) : (
            <>
              <div className="checkout-summary">
                <h3>Order Summary</h3>
                <dl className="summary-list">
                  <dt>Transfers</dt>
                  <dd>{orderCount.toLocaleString('en-US')}</dd>
                  <dt>Rate per transfer</dt>
                  <dd>{formatUsd(Math.round(amountCents / Math.max(orderCount, 1)))}</dd>
                  <dt>Amount</dt>
                  <dd>{formatUsd(amountCents)}</dd>
                  <dt>Total</dt>
                  <dd>
                    <strong>{formatUsd(amountCents)}</strong>
                  </dd>
                </dl>
              </div>
              <Suspense fallback={<p className="muted">Loading the payment form...</p>}>
                <PaymentForm
                  clientSecret={state.clientSecret!}
                  publishableKey={keys!.publicKey}
                  testMode={keys!.testMode}
                  returnUrl={`${window.location.origin}/onboarding-success`}
                  submitLabel={`Complete Payment - ${formatUsd(amountCents)}`}
                  onSuccess={() => toast({ title: 'Payment Successful', description: successText, variant: 'success' })}
                  onError={(message) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' })}
                />
              </Suspense>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
