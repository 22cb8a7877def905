// Helpers of the production rehearsal's journeys (decision 175).
//
// Stripe: the pages run in production mode, so they load Stripe.js from js.stripe.com with the
// publishable key and pay through Stripe Elements. Offline, each browser context gets a small
// stand-in for Stripe.js (the same API surface the pages use: elements(), create('payment'), mount,
// the 'ready' event, confirmPayment) whose card field is a plain "Card number" input; its confirm call
// to api.stripe.com is forwarded here to the rehearsal's Stripe emulator with the secret key, as the
// real Stripe.js confirms at Stripe. Everything after that is the product's own: the emulator posts the
// signed event to the load balancer's webhook and the order is fulfilled by whichever process gets it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { readState, type RehearsalState } from './state.ts';

let cached: RehearsalState | null = null;
export function rehearsal(): RehearsalState {
  cached ??= readState();
  return cached;
}

export const GOOD_CARD = '4242 4242 4242 4242';

const STRIPE_JS = `(() => {
  function Stripe(key) {
    const stripe = {
      _registerWrapper() {}, registerAppInfo() {},
      createToken() { return Promise.reject(new Error('not in the rehearsal')); },
      createPaymentMethod() { return Promise.reject(new Error('not in the rehearsal')); },
      confirmCardPayment() { return Promise.reject(new Error('not in the rehearsal')); },
      elements(options) {
        const els = { options: Object.assign({}, options), list: [] };
        els.create = (type) => {
          const handlers = {};
          const el = {
            mount(node) {
              if (typeof node === 'string') node = document.querySelector(node);
              const label = document.createElement('label');
              label.textContent = 'Card number';
              const input = document.createElement('input');
              input.autocomplete = 'cc-number';
              input.inputMode = 'numeric';
              label.appendChild(input);
              node.appendChild(label);
              el.input = input;
              setTimeout(() => {
                el.ready = true;
                (handlers.ready || []).forEach((cb) => cb({ elementType: type }));
              }, 0);
            },
            on(ev, cb) {
              (handlers[ev] = handlers[ev] || []).push(cb);
              // A 'ready' listener attached after the element became ready still hears of it.
              if (ev === 'ready' && el.ready) setTimeout(() => cb({ elementType: type }), 0);
              return el;
            },
            off(ev, cb) { handlers[ev] = (handlers[ev] || []).filter((f) => f !== cb); return el; },
            update() {}, focus() {}, blur() {}, clear() {}, collapse() {}, unmount() {},
            destroy() { if (el.input && el.input.parentNode) el.input.parentNode.remove(); },
          };
          els.list.push(el);
          return el;
        };
        els.getElement = () => els.list[0] || null;
        els.update = (o) => Object.assign(els.options, o || {});
        els.fetchUpdates = () => Promise.resolve({});
        els.submit = () => Promise.resolve({});
        return els;
      },
      async confirmPayment({ elements, clientSecret, confirmParams, redirect }) {
        const secret = clientSecret || elements.options.clientSecret;
        const id = secret.split('_secret_')[0];
        const input = elements.list[0] && elements.list[0].input;
        const digits = ((input && input.value) || '').replace(/\\D/g, '');
        const body = new URLSearchParams({ payment_method: digits === '4242424242424242' ? 'pm_card_visa' : 'pm_card_chargeDeclined' });
        const res = await fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
        });
        const json = await res.json();
        if (json.error) return { error: { type: json.error.type, code: json.error.code, message: json.error.message } };
        if (redirect === 'if_required') return { paymentIntent: json };
        const back = new URL(confirmParams.return_url);
        back.searchParams.set('payment_intent', id);
        back.searchParams.set('payment_intent_client_secret', secret);
        back.searchParams.set('redirect_status', json.status === 'succeeded' ? 'succeeded' : 'failed');
        window.location.assign(back.toString());
        return new Promise(() => {});
      },
    };
    return stripe;
  }
  Stripe.version = 'clover';
  window.Stripe = Stripe;
})();`;

/** Serves the Stripe.js stand-in and forwards its confirm calls to the rehearsal's emulator. */
export async function useRehearsalStripe(context: BrowserContext): Promise<void> {
  const { stripeApiUrl, stripeSecretKey } = rehearsal();
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(stripe\.com|stripe\.network)\//, async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'js.stripe.com') return route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS });
    if (url.hostname !== 'api.stripe.com') return route.abort();
    const cors = { 'access-control-allow-origin': '*' };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: { ...cors, 'access-control-allow-headers': '*' } });
    const res = await fetch(stripeApiUrl + url.pathname + url.search, {
      method: route.request().method(),
      headers: { authorization: `Bearer ${stripeSecretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: route.request().postData() ?? undefined,
    });
    return route.fulfill({ status: res.status, headers: { ...cors, 'content-type': 'application/json' }, body: await res.text() });
  });
}

/** Types the card into the payment form (the Stripe Elements form of production) and presses `button`. */
export async function payWithCard(scope: Page | Locator, button: string | RegExp, card = GOOD_CARD): Promise<void> {
  const form = scope.locator('form[data-payment-mode="stripe"]');
  await form.getByLabel('Card number').fill(card);
  const submit = form.getByRole('button', { name: button });
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** Confirms an intent at the emulator as Stripe.js would (for journeys that pay through the API). */
export async function confirmAtStripe(clientSecret: string): Promise<void> {
  const { stripeApiUrl, stripeSecretKey } = rehearsal();
  const id = clientSecret.split('_secret_')[0]!;
  const res = await fetch(`${stripeApiUrl}/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stripeSecretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'payment_method=pm_card_visa',
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The first message the rehearsal's SMTP server received for `to` with `subject` (the outbox sends every 2 s). */
export async function waitForMail(to: string, subject: string | RegExp, ms = 30_000): Promise<{ text: string; html: string }> {
  const { mailDir } = rehearsal();
  const until = Date.now() + ms;
  while (Date.now() < until) {
    for (const f of fs.readdirSync(mailDir).sort()) {
      const mail = await simpleParser(fs.readFileSync(path.join(mailDir, f)));
      const addresses = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
      const title = mail.subject ?? '';
      if (addresses.includes(to) && (typeof subject === 'string' ? title === subject : subject.test(title)))
        return { text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no "${subject}" e-mail to ${to} reached the SMTP server (${mailDir})`);
}

export const unique = (p: string) => `${p}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
