// A Stripe-compatible PaymentIntent provider for test-payment mode (no keys, no network): the real
// Stripe SDK talks to it through its host/port/protocol options, and every outcome is posted as a
// signed event to the app's own webhook, so fulfilment runs the same code as in production.
// A development and test tool (the workspace tools/stripe-emulator): the compiled API never contains it.
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { EMULATOR_SECRET_KEY } from '../../../api/src/services/payments/stripe-client.ts';
const API_VERSION = '2025-10-29.clover';

type Json = Record<string, unknown>;

interface PaymentIntentRecord {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: Json | null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'succeeded' | 'canceled';
}

interface CustomerRecord {
  id: string;
  object: 'customer';
  created: number;
  description: string | null;
  email: string | null;
  invoice_settings: { default_payment_method: string | null };
  livemode: false;
  metadata: Record<string, string>;
  name: string | null;
}

interface PaymentMethodRecord {
  id: string;
  object: 'payment_method';
  billing_details: { address: null; email: string | null; name: string | null; phone: string | null };
  card: { brand: string; country: 'US'; exp_month: number; exp_year: number; funding: 'credit' | 'debit'; last4: string };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  type: 'card';
}

interface SetupIntentRecord {
  id: string;
  object: 'setup_intent';
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  last_setup_error: Json | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
}

export interface EmulatorEvent {
  id: string;
  type: string;
  /** The exact JSON body delivered (signatures are over these bytes). */
  payload: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number | 'error';
  attempt: number;
}

interface CardOutcome {
  ok: true;
}
interface CardDecline {
  ok: false;
  code: string;
  declineCode?: string;
  message: string;
}

/** The outcome of Stripe's documented test PaymentMethods. */
const TEST_PAYMENT_METHODS: Record<string, CardOutcome | CardDecline> = {
  pm_card_visa: { ok: true },
  pm_card_visa_debit: { ok: true },
  pm_card_mastercard: { ok: true },
  pm_card_amex: { ok: true },
  pm_card_discover: { ok: true },
  pm_card_chargeDeclined: { ok: false, code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: {
    ok: false,
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedFraudulent: { ok: false, code: 'card_declined', declineCode: 'fraudulent', message: 'Your card was declined.' },
  pm_card_chargeDeclinedExpiredCard: { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  pm_card_chargeDeclinedIncorrectCvc: { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  pm_card_chargeDeclinedProcessingError: {
    ok: false,
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  // Stripe's 4000 0025 0000 3155: saved with a SetupIntent, but an off-session charge needs the
  // customer's authentication (authentication_required, the intent waits in requires_action).
  pm_card_authenticationRequiredOnSetup: { ok: true },
  // Stripe's 4000 0000 0000 0341: attaching to a Customer succeeds, every charge is declined.
  pm_card_chargeCustomerFail: { ok: false, code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  pm_card_liveCardInTestMode: {
    ok: false,
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
};

/** The card each test PaymentMethod stands for (what a saved PaymentMethod shows: brand and last 4). */
const TEST_CARDS: Record<string, { brand: string; last4: string; funding?: 'debit' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', funding: 'debit' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_amex: { brand: 'amex', last4: '0005' },
  pm_card_discover: { brand: 'discover', last4: '1117' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995' },
  pm_card_chargeDeclinedFraudulent: { brand: 'visa', last4: '0019' },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069' },
  pm_card_chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127' },
  pm_card_chargeDeclinedProcessingError: { brand: 'visa', last4: '0119' },
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341' },
  pm_card_liveCardInTestMode: { brand: 'visa', last4: '0000' },
};
/** Test cards a SetupIntent saves although their charges fail. */
const ATTACHES_BUT_CHARGES_FAIL = new Set(['pm_card_chargeCustomerFail']);
/** Test cards whose off-session charges need the customer's authentication. */
const OFF_SESSION_NEEDS_AUTH = new Set(['pm_card_authenticationRequiredOnSetup']);

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

const invalid = (message: string, extra: Json = {}, status = 400) => new StripeHttpError(status, { type: 'invalid_request_error', message, ...extra });

function randomId(prefix: string, len = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.randomBytes(len);
  let s = '';
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return `${prefix}_${s}`;
}

/** Parses Stripe's form encoding (`metadata[orderId]=1&expand[0]=x`) into nested objects. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  if (!body) return out;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.split('[').map((p, i) => (i === 0 ? p : p.replace(/\]$/, '')));
    if (path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node: Json = out;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
      } else {
        if (typeof node[segment] !== 'object' || node[segment] === null) node[segment] = {};
        node = node[segment] as Json;
      }
    });
  }
  return out;
}

function stringRecord(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (v && typeof v === 'object') for (const [k, val] of Object.entries(v as Json)) if (typeof val === 'string' && val !== '') out[k] = val;
  return out;
}

function positiveInt(v: unknown, param: string): number {
  const n = Number(v);
  if (typeof v !== 'string' || !/^\d+$/.test(v) || !Number.isSafeInteger(n)) throw invalid(`Invalid integer: ${String(v ?? '')}`, { param });
  return n;
}

/** The `Stripe-Signature` header Stripe sends: t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface StripeEmulatorOptions {
  webhookSecret: string;
  /** Where events are posted; set later with setWebhookUrl when the app's port is not known yet. */
  webhookUrl?: string | null;
  secretKey?: string;
  onError?: (message: string, err?: unknown) => void;
}

export class StripeEmulator {
  readonly secretKey: string;
  readonly events: EmulatorEvent[] = [];
  readonly deliveries: Delivery[] = [];
  private readonly intents = new Map<string, PaymentIntentRecord>();
  private readonly customers = new Map<string, CustomerRecord>();
  private readonly setupIntents = new Map<string, SetupIntentRecord>();
  /** Saved PaymentMethods, each with the test card it was made from. */
  private readonly paymentMethods = new Map<string, { pm: PaymentMethodRecord; token: string }>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  private readonly inFlight = new Set<Promise<void>>();
  private held: EmulatorEvent[] | null = null;
  private webhookUrl: string | null;
  private server: http.Server | null = null;
  private stopped = false;

  constructor(private readonly opts: StripeEmulatorOptions) {
    this.secretKey = opts.secretKey ?? EMULATOR_SECRET_KEY;
    this.webhookUrl = opts.webhookUrl ?? null;
  }

  /** Listens on 127.0.0.1 (an ephemeral port by default); resolves with the address. */
  async start(port = 0, host = '127.0.0.1'): Promise<{ host: string; port: number }> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    server.keepAliveTimeout = 1000;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return { host, port: (server.address() as AddressInfo).port };
  }

  get address(): { host: string; port: number } {
    if (!this.server) throw new Error('emulator not started');
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port };
  }

  setWebhookUrl(url: string | null): void {
    this.webhookUrl = url;
  }

  /** Tests: keep events back (as if the webhook were slow) until releaseWebhooks(). */
  holdWebhooks(): void {
    this.held ??= [];
  }

  releaseWebhooks(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const ev of held) this.deliver(ev);
  }

  /** Resolves when every event posted so far has been delivered (or given up on). */
  async flush(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.flush();
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** The intent as the API would answer it (tests and debugging). */
  getIntent(id: string): PaymentIntentRecord | undefined {
    const pi = this.intents.get(id);
    return pi ? structuredClone(pi) : undefined;
  }

  // -------------------------------------------------------------------------------------------

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const send = (status: number, body: string, replayed = false) => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': randomId('req', 14),
        'Stripe-Version': API_VERSION,
        ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      });
      res.end(body);
    };
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${this.secretKey}`) {
      send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
      return;
    }
    const key = typeof req.headers['idempotency-key'] === 'string' && method === 'POST' ? req.headers['idempotency-key'] : null;
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (key) {
      const seen = this.idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          send(
            400,
            JSON.stringify({
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            }),
          );
        } else {
          send(seen.status, seen.body, true);
        }
        return;
      }
    }
    let status = 200;
    let body: string;
    try {
      const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
      body = JSON.stringify(this.route(method, url.pathname, params), null, 2);
    } catch (err) {
      if (err instanceof StripeHttpError) {
        status = err.status;
        body = JSON.stringify({ error: err.body }, null, 2);
      } else {
        this.opts.onError?.('stripe emulator failure', err);
        status = 500;
        body = JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } });
      }
    }
    if (key && status !== 500) this.idempotent.set(key, { fingerprint, status, body });
    send(status, body);
  }

  private route(method: string, pathname: string, params: Json): unknown {
    const parts = pathname.split('/').filter(Boolean);
    if (parts[0] !== 'v1') throw invalid(`Unrecognized request URL (${method}: ${pathname}).`, {}, 404);
    if (parts[1] === 'payment_intents') {
      if (parts.length === 2 && method === 'POST') return this.createIntent(params);
      const id = parts[2] ?? '';
      if (parts.length === 3 && method === 'GET') return this.intent(id);
      if (parts.length === 3 && method === 'POST') return this.updateIntent(id, params);
      if (parts.length === 4 && parts[3] === 'confirm' && method === 'POST') return this.confirmIntent(id, params);
      if (parts.length === 4 && parts[3] === 'cancel' && method === 'POST') return this.cancelIntent(id, params);
    }
    if (parts[1] === 'refunds' && parts.length === 2 && method === 'POST') return this.createRefund(params);
    if (parts[1] === 'customers') {
      if (parts.length === 2 && method === 'POST') return this.createCustomer(params);
      const id = parts[2] ?? '';
      if (parts.length === 3 && method === 'GET') return this.customer(id);
      if (parts.length === 3 && method === 'POST') return this.updateCustomer(id, params);
      if (parts.length === 4 && parts[3] === 'payment_methods' && method === 'GET') return this.listPaymentMethods(id);
    }
    if (parts[1] === 'payment_methods') {
      if (parts.length === 2 && method === 'GET') return this.listPaymentMethods(typeof params.customer === 'string' ? params.customer : '');
      const id = parts[2] ?? '';
      if (parts.length === 3 && method === 'GET') return this.paymentMethod(id).pm;
      if (parts.length === 4 && parts[3] === 'attach' && method === 'POST') return this.attachPaymentMethod(id, params);
      if (parts.length === 4 && parts[3] === 'detach' && method === 'POST') return this.detachPaymentMethod(id);
    }
    if (parts[1] === 'setup_intents') {
      if (parts.length === 2 && method === 'POST') return this.createSetupIntent(params);
      const id = parts[2] ?? '';
      if (parts.length === 3 && method === 'GET') return this.setupIntent(id);
      if (parts.length === 4 && parts[3] === 'confirm' && method === 'POST') return this.confirmSetupIntent(id, params);
      if (parts.length === 4 && parts[3] === 'cancel' && method === 'POST') return this.cancelSetupIntent(id, params);
    }
    throw invalid(
      `Unrecognized request URL (${method}: ${pathname}). The test-payment emulator implements PaymentIntents, SetupIntents, Customers, PaymentMethods and refunds only.`,
      {},
      404,
    );
  }

  private intent(id: string): PaymentIntentRecord {
    const pi = this.intents.get(id);
    if (!pi) throw invalid(`No such payment_intent: '${id}'`, { code: 'resource_missing', param: 'intent' }, 404);
    return pi;
  }

  private createIntent(params: Json): PaymentIntentRecord {
    if (params.amount === undefined) throw invalid('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
    const amount = positiveInt(params.amount, 'amount');
    if (amount < 50) throw invalid('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' }); // price-literal-ok: Stripe's own minimum
    if (amount > 99_999_999) throw invalid('Amount must be no more than $999,999.99', { code: 'amount_too_large', param: 'amount' }); // price-literal-ok: Stripe's own maximum
    const currency = typeof params.currency === 'string' ? params.currency.toLowerCase() : '';
    if (!currency) throw invalid('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const id = randomId('pi');
    const apm = params.automatic_payment_methods as Json | undefined;
    const pi: PaymentIntentRecord = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${randomId('x', 25).slice(2)}`,
      confirmation_method: 'automatic',
      created: Math.floor(Date.now() / 1000),
      currency,
      customer: typeof params.customer === 'string' ? this.customer(params.customer).id : null,
      description: typeof params.description === 'string' ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: stringRecord(params.metadata),
      next_action: null,
      payment_method: typeof params.payment_method === 'string' ? params.payment_method : null,
      payment_method_types: ['card'],
      receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
      setup_future_usage: params.setup_future_usage === 'off_session' || params.setup_future_usage === 'on_session' ? params.setup_future_usage : null,
      status: typeof params.payment_method === 'string' ? 'requires_confirmation' : 'requires_payment_method',
    };
    if (params.off_session !== undefined && params.confirm !== 'true') {
      throw invalid('You may only specify `off_session` when confirming a PaymentIntent.', { param: 'off_session' });
    }
    this.intents.set(id, pi);
    if (params.confirm === 'true') return this.confirmIntent(id, { off_session: params.off_session });
    return pi;
  }

  private updateIntent(id: string, params: Json): PaymentIntentRecord {
    const pi = this.intent(id);
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw invalid(`You cannot update this PaymentIntent because it has a status of ${pi.status}.`, { code: 'payment_intent_unexpected_state' });
    }
    if (params.amount !== undefined) pi.amount = positiveInt(params.amount, 'amount');
    if (params.metadata !== undefined) pi.metadata = { ...pi.metadata, ...stringRecord(params.metadata) };
    if (typeof params.description === 'string') pi.description = params.description;
    return pi;
  }

  private confirmIntent(id: string, params: Json): PaymentIntentRecord {
    const pi = this.intent(id);
    if (pi.status === 'succeeded') {
      throw invalid('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', {
        code: 'payment_intent_unexpected_state',
        payment_intent: structuredClone(pi),
      });
    }
    if (pi.status === 'canceled') {
      throw invalid(
        'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.',
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(pi) },
      );
    }
    const pm = typeof params.payment_method === 'string' ? params.payment_method : pi.payment_method;
    if (!pm) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        { code: 'payment_intent_unexpected_state' },
      );
    }
    const { token, card } = this.resolvePaymentMethod(pm);
    const saved = this.paymentMethods.get(pm)?.pm;
    if (saved?.customer && saved.customer !== pi.customer) {
      throw invalid(`The provided PaymentMethod is attached to another customer than the one on this PaymentIntent.`, { param: 'payment_method' });
    }
    const offSession = params.off_session === 'true';
    const outcome = TEST_PAYMENT_METHODS[token]!;
    const chargeId = randomId('ch');
    pi.payment_method = pm;
    if (outcome.ok && !(offSession && OFF_SESSION_NEEDS_AUTH.has(token))) {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.latest_charge = chargeId;
      pi.last_payment_error = null;
      pi.next_action = null;
      this.emit('payment_intent.succeeded', pi);
      return pi;
    }
    const pmJson: Json = saved ? (structuredClone(saved) as unknown as Json) : { id: pm, object: 'payment_method', type: 'card', card };
    if (outcome.ok) {
      // Off-session and the card wants 3-D Secure: the customer must come back and confirm on-session.
      const error: Json = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        charge: chargeId,
        doc_url: 'https://stripe.com/docs/error-codes/authentication-required',
        payment_method: pmJson,
      };
      pi.status = 'requires_action';
      pi.latest_charge = chargeId;
      pi.last_payment_error = error;
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      this.emit('payment_intent.requires_action', pi);
      throw new StripeHttpError(402, { ...error, payment_intent: structuredClone(pi) });
    }
    const error: Json = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
      message: outcome.message,
      charge: chargeId,
      doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
      payment_method: pmJson,
    };
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.latest_charge = chargeId;
    pi.last_payment_error = error;
    pi.next_action = null;
    this.emit('payment_intent.payment_failed', pi);
    throw new StripeHttpError(402, { ...error, payment_intent: structuredClone(pi) });
  }

  /** A test token (pm_card_visa) or a saved PaymentMethod: the test card it stands for. */
  private resolvePaymentMethod(id: string): { token: string; card: PaymentMethodRecord['card'] } {
    const saved = this.paymentMethods.get(id);
    if (saved) return { token: saved.token, card: saved.pm.card };
    const card = TEST_CARDS[id];
    if (!card || !TEST_PAYMENT_METHODS[id]) throw invalid(`No such PaymentMethod: '${id}'`, { code: 'resource_missing', param: 'payment_method' });
    return {
      token: id,
      card: {
        brand: card.brand,
        country: 'US',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: card.funding ?? 'credit',
        last4: card.last4,
      },
    };
  }

  // -------------------------------------------------------------------------------------------
  // Customers, PaymentMethods and SetupIntents (saving a card for later off-session charges)

  private customer(id: string): CustomerRecord {
    const c = this.customers.get(id);
    if (!c) throw invalid(`No such customer: '${id}'`, { code: 'resource_missing', param: 'customer' }, 404);
    return c;
  }

  private createCustomer(params: Json): CustomerRecord {
    const c: CustomerRecord = {
      id: randomId('cus', 14),
      object: 'customer',
      created: Math.floor(Date.now() / 1000),
      description: typeof params.description === 'string' ? params.description : null,
      email: typeof params.email === 'string' ? params.email : null,
      invoice_settings: { default_payment_method: null },
      livemode: false,
      metadata: stringRecord(params.metadata),
      name: typeof params.name === 'string' ? params.name : null,
    };
    this.customers.set(c.id, c);
    return c;
  }

  private updateCustomer(id: string, params: Json): CustomerRecord {
    const c = this.customer(id);
    if (typeof params.email === 'string') c.email = params.email;
    if (typeof params.name === 'string') c.name = params.name;
    if (params.metadata !== undefined) c.metadata = { ...c.metadata, ...stringRecord(params.metadata) };
    const inv = params.invoice_settings as Json | undefined;
    if (inv && typeof inv.default_payment_method === 'string') {
      c.invoice_settings.default_payment_method = inv.default_payment_method === '' ? null : this.paymentMethod(inv.default_payment_method).pm.id;
    }
    return c;
  }

  private paymentMethod(id: string): { pm: PaymentMethodRecord; token: string } {
    const found = this.paymentMethods.get(id);
    if (!found) throw invalid(`No such PaymentMethod: '${id}'`, { code: 'resource_missing', param: 'payment_method' }, 404);
    return found;
  }

  /** A new PaymentMethod made from a test token (as Stripe makes one each time pm_card_visa is used). */
  private newPaymentMethod(token: string): { pm: PaymentMethodRecord; token: string } {
    const { card } = this.resolvePaymentMethod(token);
    const pm: PaymentMethodRecord = {
      id: randomId('pm'),
      object: 'payment_method',
      billing_details: { address: null, email: null, name: null, phone: null },
      card,
      created: Math.floor(Date.now() / 1000),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    const entry = { pm, token };
    this.paymentMethods.set(pm.id, entry);
    return entry;
  }

  private listPaymentMethods(customerId: string): Json {
    this.customer(customerId);
    const data = [...this.paymentMethods.values()].filter((e) => e.pm.customer === customerId).map((e) => e.pm);
    return { object: 'list', data, has_more: false, url: `/v1/customers/${customerId}/payment_methods` };
  }

  private attachPaymentMethod(id: string, params: Json): PaymentMethodRecord {
    const customerId = typeof params.customer === 'string' ? params.customer : '';
    if (!customerId) throw invalid('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    const customer = this.customer(customerId);
    const entry = TEST_PAYMENT_METHODS[id] ? this.newPaymentMethod(id) : this.paymentMethod(id);
    if (entry.pm.customer && entry.pm.customer !== customer.id) {
      throw invalid('This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.');
    }
    this.checkAttachable(entry.token, entry.pm.id);
    entry.pm.customer = customer.id;
    return entry.pm;
  }

  /** Cards declined outright cannot be saved (Stripe checks the card when it is attached or set up). */
  private checkAttachable(token: string, pmId: string): void {
    const outcome = TEST_PAYMENT_METHODS[token]!;
    if (outcome.ok || ATTACHES_BUT_CHARGES_FAIL.has(token)) return;
    throw new StripeHttpError(402, {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
      message: outcome.message,
      param: '',
      payment_method: { id: pmId, object: 'payment_method', type: 'card' },
    });
  }

  private detachPaymentMethod(id: string): PaymentMethodRecord {
    const entry = this.paymentMethod(id);
    if (!entry.pm.customer) throw invalid(`The payment method you provided is not attached to a customer so detachment is impossible.`);
    const customer = this.customers.get(entry.pm.customer);
    if (customer?.invoice_settings.default_payment_method === id) customer.invoice_settings.default_payment_method = null;
    entry.pm.customer = null;
    return entry.pm;
  }

  private setupIntent(id: string): SetupIntentRecord {
    const si = this.setupIntents.get(id);
    if (!si) throw invalid(`No such setupintent: '${id}'`, { code: 'resource_missing', param: 'intent' }, 404);
    return si;
  }

  private createSetupIntent(params: Json): SetupIntentRecord {
    const id = randomId('seti');
    const si: SetupIntentRecord = {
      id,
      object: 'setup_intent',
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomId('x', 25).slice(2)}`,
      created: Math.floor(Date.now() / 1000),
      customer: typeof params.customer === 'string' ? this.customer(params.customer).id : null,
      description: typeof params.description === 'string' ? params.description : null,
      last_setup_error: null,
      livemode: false,
      metadata: stringRecord(params.metadata),
      next_action: null,
      payment_method: typeof params.payment_method === 'string' ? params.payment_method : null,
      payment_method_types: ['card'],
      status: typeof params.payment_method === 'string' ? 'requires_confirmation' : 'requires_payment_method',
      usage: params.usage === 'on_session' ? 'on_session' : 'off_session',
    };
    this.setupIntents.set(id, si);
    if (params.confirm === 'true') return this.confirmSetupIntent(id, {});
    return si;
  }

  private confirmSetupIntent(id: string, params: Json): SetupIntentRecord {
    const si = this.setupIntent(id);
    if (si.status === 'succeeded' || si.status === 'canceled') {
      throw invalid(
        `You cannot confirm this SetupIntent because it has a status of ${si.status}. Only a SetupIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`,
        { code: 'setup_intent_unexpected_state', setup_intent: structuredClone(si) },
      );
    }
    const given = typeof params.payment_method === 'string' ? params.payment_method : si.payment_method;
    if (!given) {
      throw invalid("You cannot confirm this SetupIntent because it's missing a payment method.", { code: 'setup_intent_unexpected_state' });
    }
    const entry = TEST_PAYMENT_METHODS[given] ? this.newPaymentMethod(given) : this.paymentMethod(given);
    try {
      this.checkAttachable(entry.token, entry.pm.id);
    } catch (err) {
      const body = (err as StripeHttpError).body;
      si.status = 'requires_payment_method';
      si.payment_method = null;
      si.last_setup_error = body;
      this.emitObject('setup_intent.setup_failed', si);
      throw new StripeHttpError(402, { ...body, setup_intent: structuredClone(si) });
    }
    if (si.customer) entry.pm.customer = si.customer;
    si.payment_method = entry.pm.id;
    si.status = 'succeeded';
    si.last_setup_error = null;
    this.emitObject('setup_intent.succeeded', si);
    return si;
  }

  private cancelSetupIntent(id: string, params: Json): SetupIntentRecord {
    const si = this.setupIntent(id);
    if (si.status === 'succeeded' || si.status === 'canceled') {
      throw invalid(`You cannot cancel this SetupIntent because it has a status of ${si.status}.`, {
        code: 'setup_intent_unexpected_state',
        setup_intent: structuredClone(si),
      });
    }
    si.status = 'canceled';
    si.cancellation_reason = typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
    this.emitObject('setup_intent.canceled', si);
    return si;
  }

  private cancelIntent(id: string, params: Json): PaymentIntentRecord {
    const pi = this.intent(id);
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw invalid(
        `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(pi) },
      );
    }
    pi.status = 'canceled';
    pi.canceled_at = Math.floor(Date.now() / 1000);
    pi.cancellation_reason = typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
    this.emit('payment_intent.canceled', pi);
    return pi;
  }

  private createRefund(params: Json): Json {
    const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : '';
    if (!intentId) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    const pi = this.intent(intentId);
    if (pi.status !== 'succeeded')
      throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    const amount = params.amount === undefined ? pi.amount_received : positiveInt(params.amount, 'amount');
    if (amount > pi.amount_received)
      throw invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(pi.amount_received / 100).toFixed(2)})`, {
        code: 'amount_too_large',
      });
    pi.amount_received -= amount;
    return {
      id: randomId('re'),
      object: 'refund',
      amount,
      charge: pi.latest_charge,
      created: Math.floor(Date.now() / 1000),
      currency: pi.currency,
      metadata: stringRecord(params.metadata),
      payment_intent: pi.id,
      reason: typeof params.reason === 'string' ? params.reason : null,
      status: 'succeeded',
    };
  }

  // -------------------------------------------------------------------------------------------
  // Events

  private emit(type: string, pi: PaymentIntentRecord): void {
    this.emitObject(type, pi);
  }

  private emitObject(type: string, object: PaymentIntentRecord | SetupIntentRecord): void {
    const id = randomId('evt');
    const event = {
      id,
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const ev: EmulatorEvent = { id, type, payload: JSON.stringify(event, null, 2) };
    this.events.push(ev);
    if (this.held) this.held.push(ev);
    else this.deliver(ev);
  }

  private deliver(ev: EmulatorEvent): void {
    const p = this.post(ev).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Posts an event after the current response, retrying a few times like Stripe does (shorter). */
  private async post(ev: EmulatorEvent): Promise<void> {
    await new Promise((r) => setImmediate(r));
    const delays = [0, 200, 1000];
    for (let attempt = 1; attempt <= delays.length; attempt += 1) {
      if (this.stopped || !this.webhookUrl) return;
      if (delays[attempt - 1]) await new Promise((r) => setTimeout(r, delays[attempt - 1]));
      try {
        const res = await fetch(this.webhookUrl, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Stripe-Signature': signPayload(ev.payload, this.opts.webhookSecret),
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: ev.payload,
        });
        await res.arrayBuffer();
        this.deliveries.push({ eventId: ev.id, type: ev.type, status: res.status, attempt });
        if (res.ok) return;
      } catch (err) {
        this.deliveries.push({ eventId: ev.id, type: ev.type, status: 'error', attempt });
        if (attempt === delays.length) this.opts.onError?.(`webhook delivery of ${ev.id} failed`, err);
      }
    }
  }
}
