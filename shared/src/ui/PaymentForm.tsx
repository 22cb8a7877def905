// The one payment form every checkout uses (funnel checkouts, RingCloud, dashboard purchases).
// With a publishable key it is Stripe Elements (PaymentElement + stripe.confirmPayment); without one
// (test-payment mode) it is a plain card form labelled "Test mode: no real card is charged" that confirms
// through POST /api/test-payments/confirm (the server's Stripe emulator). Both modes have the same props,
// the same states (disabled until ready, 'Processing...' while confirming) and report through the same
// callbacks, so a page's toasts are the same in both.
//
// Props (keep stable; other checkouts depend on them):
//   clientSecret    the PaymentIntent's client secret from the server (POST /api/create-payment-intent, ...),
//                   or a SetupIntent's (seti_..., POST /api/auto-rebill/setup-intent) to save a card
//   intent          'payment' (default) or 'setup': saving a card confirms a SetupIntent (stripe.confirmSetup)
//   publishableKey  Stripe publishable key, or null in test-payment mode (GET /api/stripe/public-key)
//   testMode        true when the server is in test-payment mode (renders the test card form)
//   returnUrl       absolute URL Stripe returns to with ?payment_intent=...&redirect_status=...
//   submitLabel     the button label, e.g. 'Complete Payment - $1,200'
//   processingLabel the label while confirming (default 'Processing...')
//   redirect        'always' (default): go to returnUrl after success; 'if_required': stay and call onSuccess
//   billingDetails  optional name / email / phone passed to the provider
//   disabled        extra condition that keeps the button disabled
//   onSuccess(intentId)         the provider confirmed the payment or saved the card (before any redirect)
//   onError(message)            the provider's message (decline, validation, network)
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry: Stripe.js is fetched only when loadStripe is called (live keys). The plain entry injects
// js.stripe.com/clover/stripe.js on import, so test-payment mode loaded it and broke the CSP (issue 35 A12).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe as StripeJs } from '@stripe/stripe-js';
import { api, ApiError } from '../api-client.ts';
import type { TestConfirmResponse } from '../schemas/payments.ts';
import { GENERIC_PAYMENT_ERROR, PROCESSING_LABEL, TEST_MODE_LABEL, returnUrlFor } from './payment-labels.tsx';

export { GENERIC_PAYMENT_ERROR, PROCESSING_LABEL, TEST_MODE_LABEL, returnUrlFor };

export interface BillingDetails {
  name?: string;
  email?: string;
  phone?: string;
}

export interface PaymentFormProps {
  clientSecret: string;
  intent?: 'payment' | 'setup';
  publishableKey: string | null;
  testMode: boolean;
  returnUrl: string;
  submitLabel: string;
  processingLabel?: string;
  redirect?: 'always' | 'if_required';
  billingDetails?: BillingDetails;
  disabled?: boolean;
  onSuccess?: (paymentIntentId: string) => void;
  onError?: (message: string) => void;
}

const stripeByKey = new Map<string, Promise<StripeJs | null>>();
function stripeFor(key: string): Promise<StripeJs | null> {
  let p = stripeByKey.get(key);
  if (!p) {
    p = loadStripe(key);
    stripeByKey.set(key, p);
  }
  return p;
}

export function PaymentForm(props: PaymentFormProps) {
  if (props.testMode || !props.publishableKey) return <TestCardForm {...props} />;
  return <StripeElementsForm {...props} publishableKey={props.publishableKey} />;
}

function SubmitButton({
  busy,
  ready,
  label,
  processingLabel,
  disabled,
}: {
  busy: boolean;
  ready: boolean;
  label: string;
  processingLabel: string;
  disabled?: boolean;
}) {
  // data-toast-avoid: the funnel's toast never covers this button (marketing/src/islands/Toaster.tsx).
  return (
    <button type="submit" className="btn btn-lg btn-block" disabled={!ready || busy || disabled} aria-busy={busy} data-toast-avoid="">
      {busy ? processingLabel : label}
    </button>
  );
}

// ---------------------------------------------------------------------------------------------
// Stripe Elements (real keys)

function StripeElementsForm(props: PaymentFormProps & { publishableKey: string }) {
  const stripePromise = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret }} key={props.clientSecret}>
      <ElementsInner {...props} />
    </Elements>
  );
}

function ElementsInner(props: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [elementReady, setElementReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const ready = Boolean(stripe && elements && elementReady);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Nothing happens while the provider or its form is not ready.
    if (!stripe || !elements || !elementReady || busy) return;
    setBusy(true);
    try {
      const confirmParams = {
        return_url: props.returnUrl,
        ...(props.billingDetails ? { payment_method_data: { billing_details: props.billingDetails } } : {}),
      };
      if (props.intent === 'setup') {
        // Saving a card: nothing is charged; the server keeps the card the SetupIntent saved.
        const { error, setupIntent } = await stripe.confirmSetup({ elements, confirmParams, redirect: 'if_required' });
        if (error) props.onError?.(error.message ?? GENERIC_PAYMENT_ERROR);
        else if (setupIntent && setupIntent.status === 'succeeded') props.onSuccess?.(setupIntent.id);
        else props.onError?.(GENERIC_PAYMENT_ERROR);
      } else if (props.redirect === 'if_required') {
        const { error, paymentIntent } = await stripe.confirmPayment({ elements, confirmParams, redirect: 'if_required' });
        if (error) props.onError?.(error.message ?? GENERIC_PAYMENT_ERROR);
        else if (paymentIntent && (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing')) props.onSuccess?.(paymentIntent.id);
        else props.onError?.(GENERIC_PAYMENT_ERROR);
      } else {
        // On success the browser leaves for returnUrl; an answer here is an error.
        const { error } = await stripe.confirmPayment({ elements, confirmParams });
        props.onError?.(error.message ?? GENERIC_PAYMENT_ERROR);
      }
    } catch {
      props.onError?.(GENERIC_PAYMENT_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="payment-form" data-payment-mode="stripe">
      <PaymentElement onReady={() => setElementReady(true)} options={{ layout: 'tabs' }} />
      <div style={{ marginTop: '1.25rem' }}>
        <SubmitButton
          busy={busy}
          ready={ready}
          label={props.submitLabel}
          processingLabel={props.processingLabel ?? PROCESSING_LABEL}
          disabled={props.disabled}
        />
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Test-payment mode (no keys): confirmed by the server's emulator

function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(raw: string, previous: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (raw.length < previous.length && previous.endsWith(' / ') && digits.length <= 2) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length >= 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  return digits;
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field" style={{ marginBottom: '0.9rem' }}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function TestCardForm(props: PaymentFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const uid = useMemo(() => `pay-${Math.random().toString(36).slice(2, 8)}`, []);

  // Ready once mounted in the browser (the same "disabled until ready" state as Elements).
  useEffect(() => setReady(true), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setErrors({});
    try {
      const res = await api.requestJson<TestConfirmResponse>('POST', '/api/test-payments/confirm', {
        clientSecret: props.clientSecret,
        cardNumber,
        expiry,
        cvc,
        returnUrl: props.returnUrl,
        billingDetails: props.billingDetails,
      });
      props.onSuccess?.(res.paymentIntentId);
      if (props.redirect !== 'if_required' && props.intent !== 'setup') {
        window.location.assign(returnUrlFor(props.returnUrl, res.paymentIntentId, props.clientSecret, res.status === 'succeeded' ? 'succeeded' : 'failed'));
        return; // stay busy while the browser leaves
      }
      setBusy(false);
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : GENERIC_PAYMENT_ERROR;
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      props.onError?.(message);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="payment-form" data-payment-mode="test" noValidate>
      <p
        className="test-mode-banner"
        style={{ background: '#fffbeb', border: '1px solid #fcd34d', borderRadius: 8, padding: '0.6rem 0.8rem', margin: '0 0 1rem', fontWeight: 600 }}
      >
        {TEST_MODE_LABEL}
        <span style={{ display: 'block', fontWeight: 400, fontSize: '0.9rem' }}>
          Use card 4242 4242 4242 4242 with any future expiry and any CVC. 4000 0000 0000 0002 is declined.
          {props.intent === 'setup' &&
            ' To save a card: 4000 0025 0000 3155 asks for authentication when charged later, 4000 0000 0000 0341 is declined when charged.'}
        </span>
      </p>
      <Field id={`${uid}-number`} label="Card number" error={errors.cardNumber}>
        <input
          id={`${uid}-number`}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={cardNumber}
          onChange={(e) => setCardNumber(formatCardNumber(e.target.value))}
          aria-invalid={errors.cardNumber ? true : undefined}
          aria-describedby={errors.cardNumber ? `${uid}-number-error` : undefined}
          required
        />
      </Field>
      {/* Expiry takes the wider column, so its label stays on one line beside CVC's on a phone. */}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: '0 1rem' }}>
        <Field id={`${uid}-expiry`} label="Expiry (MM / YY)" error={errors.expiry}>
          <input
            id={`${uid}-expiry`}
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value, expiry))}
            aria-invalid={errors.expiry ? true : undefined}
            aria-describedby={errors.expiry ? `${uid}-expiry-error` : undefined}
            required
          />
        </Field>
        <Field id={`${uid}-cvc`} label="CVC" error={errors.cvc}>
          <input
            id={`${uid}-cvc`}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, '').slice(0, 4))}
            aria-invalid={errors.cvc ? true : undefined}
            aria-describedby={errors.cvc ? `${uid}-cvc-error` : undefined}
            required
          />
        </Field>
      </div>
      <SubmitButton busy={busy} ready={ready} label={props.submitLabel} processingLabel={props.processingLabel ?? PROCESSING_LABEL} disabled={props.disabled} />
    </form>
  );
}
