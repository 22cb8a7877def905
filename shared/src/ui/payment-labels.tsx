// The payment form's words and its return address, without the form: a checkout can show them (and
// load PaymentForm.tsx, with Stripe's React bindings, only when it shows the form).

export const PROCESSING_LABEL = 'Processing...';
export const TEST_MODE_LABEL = 'Test mode: no real card is charged';
export const GENERIC_PAYMENT_ERROR = 'There was an error processing your payment.';

/** The URL Stripe would return to: returnUrl plus payment_intent, its client secret and redirect_status. */
export function returnUrlFor(returnUrl: string, paymentIntentId: string, clientSecret: string, status: string): string {
  const url = new URL(returnUrl, typeof window !== 'undefined' ? window.location.href : 'http://localhost');
  url.searchParams.set('payment_intent', paymentIntentId);
  url.searchParams.set('payment_intent_client_secret', clientSecret);
  url.searchParams.set('redirect_status', status);
  return url.toString();
}
