// The return pages' survey link (issue 34 item 3, decision 245): once the order reads paid, the page asks
// the server for the order's signed /survey link with the payment's intent id and client secret (what the
// provider put in the page's URL) and points every `a[data-survey-link]` at it. Without them, or when the
// server refuses, the links stay plain /survey (which asks the visitor to log in).
import { api } from '@tm/shared/api-client';
import type { SurveyLinkResponse } from '@tm/shared/schemas/funnel';

async function sign(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const paymentIntentId = params.get('payment_intent');
  const clientSecret = params.get('payment_intent_client_secret');
  const links = document.querySelectorAll<HTMLAnchorElement>('a[data-survey-link]');
  if (!paymentIntentId || !clientSecret || links.length === 0) return;
  try {
    const res = await api.requestJson<SurveyLinkResponse>('POST', '/api/survey-link', { paymentIntentId, clientSecret });
    if (res?.url) for (const a of links) a.href = res.url;
  } catch {
    /* the plain /survey link stays: it asks the visitor to log in */
  }
}

/**
 * Signs the page's survey links when OrderSummary reports the order paid (now or later). A click while the
 * link is being signed waits for it, so a quick click still opens the signed link.
 */
export function signSurveyLinksWhenPaid(): void {
  let signing: Promise<void> | null = null;
  const start = () => (signing ??= sign());
  if (document.documentElement.dataset.orderStatus === 'paid') void start();
  else
    document.addEventListener('tm:order-status', (e) => {
      if ((e as CustomEvent<string>).detail === 'paid') void start();
    });
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-survey-link]')) {
    a.addEventListener('click', (e) => {
      if (!signing || a.search.includes('token=')) return;
      e.preventDefault();
      void signing.then(() => window.location.assign(a.href));
    });
  }
}
