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
  customer: null;
  description: string | null;
  last_payment_error: Json | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
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
  pm_card_liveCardInTestMode: {
    ok: false,
    code: 'card_declined',
    declineCode: 'test_mode_live_card',
    message:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  },
};

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
    throw invalid(`Unrecognized request URL (${method}: ${pathname}). The test-payment emulator implements PaymentIntents and refunds only.`, {}, 404);
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
      customer: null,
      description: typeof params.description === 'string' ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: stringRecord(params.metadata),
      next_action: null,
      payment_method: typeof params.payment_method === 'string' ? params.payment_method : null,
      payment_method_types: ['card'],
      receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
      status: typeof params.payment_method === 'string' ? 'requires_confirmation' : 'requires_payment_method',
    };
    this.intents.set(id, pi);
    if (params.confirm === 'true') return this.confirmIntent(id, {});
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
    const outcome = TEST_PAYMENT_METHODS[pm];
    if (!outcome) throw invalid(`No such PaymentMethod: '${pm}'`, { code: 'resource_missing', param: 'payment_method' });
    const chargeId = randomId('ch');
    pi.payment_method = pm;
    if (outcome.ok) {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.latest_charge = chargeId;
      pi.last_payment_error = null;
      this.emit('payment_intent.succeeded', pi);
      return pi;
    }
    const error: Json = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
      message: outcome.message,
      charge: chargeId,
      doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
      payment_method: { id: pm, object: 'payment_method', type: 'card' },
    };
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.latest_charge = chargeId;
    pi.last_payment_error = error;
    this.emit('payment_intent.payment_failed', pi);
    throw new StripeHttpError(402, { ...error, payment_intent: structuredClone(pi) });
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
    const id = randomId('evt');
    const event = {
      id,
      object: 'event',
      api_version: API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(pi) },
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
