// The signed survey link (issue 34 item 3, decision 245): the return page of a paid funnel order links to
// /survey?token=..., so the buyer gives their onboarding answers before they have a password. The server
// issues the link only to the payer (the intent's client secret, which only the paying browser holds) and
// only once the order is paid. The token is stateless: base64url of `orderId.userId.expiresAtMs.stamp` (the
// stamp is the account's password state, as in set-password links), a dot, and an HMAC-SHA256 of that text
// under a key of its own derived from SESSION_SECRET. It works for 24 hours, while the order is paid and
// until the account's password changes (then the buyer logs in instead).
import crypto from 'node:crypto';
import { SURVEY_LINK_EXPIRED, SURVEY_LINK_INVALID, type SurveyLinkResponse } from '@tm/shared/schemas/funnel';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound, type HttpError } from '../../errors.ts';
import { findUserById } from '../accounts/users.service.ts';
import { passwordStamp } from '../accounts/set-password-links.ts';
import { Order } from '../../models/index.ts';

export const SURVEY_PATH = '/survey';
export const SURVEY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const SURVEY_LINK_UNPAID = 'The survey link is given once the payment has succeeded.';

const PAYLOAD = /^([1-9]\d{0,15})\.([1-9]\d{0,15})\.(\d{1,16})\.([pc]\d{1,16})$/;
const MAC_TEXT = /^[A-Za-z0-9_-]{43}$/; // base64url of 32 bytes, no padding

const invalid = (): HttpError => badRequest(SURVEY_LINK_INVALID, { token: SURVEY_LINK_INVALID });
const expired = (): HttpError => badRequest(SURVEY_LINK_EXPIRED, { token: SURVEY_LINK_EXPIRED });

function mac(secret: string, payload: string): string {
  return crypto.createHmac('sha256', `survey-link:${secret}`).update(payload).digest('base64url');
}

const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

function accountCreatedBy(metadata: string | null): boolean {
  try {
    return (JSON.parse(metadata ?? '{}') as { accountCreated?: unknown }).accountCreated === true;
  } catch {
    return false;
  }
}

/**
 * The signed survey link of a paid order, for the browser that paid it (the intent's client secret). 404 for
 * an unknown intent or a secret that is not its own (the same answer: nothing is told), 409 while unpaid.
 */
export async function issueSurveyLink(deps: AppDeps, input: { paymentIntentId: string; clientSecret: string }): Promise<SurveyLinkResponse> {
  const order = await Order.query(deps.db).where({ paymentIntentId: input.paymentIntentId }).select('id', 'userId', 'status').first();
  if (!order) throw notFound('Order not found');
  let secret: string | null = null;
  try {
    secret = (await deps.stripe.paymentIntents.retrieve(input.paymentIntentId)).client_secret;
  } catch {
    throw notFound('Order not found');
  }
  if (!secret || !same(secret, input.clientSecret)) throw notFound('Order not found');
  if (order.status !== 'paid' || !order.userId) throw conflict(SURVEY_LINK_UNPAID);
  const user = await findUserById(deps.db, Number(order.userId));
  if (!user || user.deactivatedAt) throw notFound('Order not found');
  const expiresAt = new Date(deps.clock.now().getTime() + SURVEY_LINK_TTL_MS);
  const payload = Buffer.from(`${order.id}.${user.id}.${expiresAt.getTime()}.${passwordStamp(user)}`).toString('base64url');
  return { url: `${SURVEY_PATH}?token=${payload}.${mac(deps.config.sessionSecret, payload)}`, expiresAt: expiresAt.toISOString() };
}

export interface SurveyLinkBuyer {
  userId: number;
  orderId: number;
  /** The order made this account: its payer owns it, and the answers apply at once (decision 217). */
  accountCreated: boolean;
}

/**
 * Whom a survey link names. 400 (fields.token) for a malformed or altered token (invalid), and for one past
 * its time, of an order no longer paid, or of an account whose password has changed since (expired).
 */
export async function verifySurveyLink(deps: AppDeps, token: string): Promise<SurveyLinkBuyer> {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot !== token.lastIndexOf('.')) throw invalid();
  const payload = token.slice(0, dot);
  const given = token.slice(dot + 1);
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(payload) || !MAC_TEXT.test(given)) throw invalid();
  // The MAC is compared as text, so no two spellings of one payload or MAC both pass.
  if (!same(given, mac(deps.config.sessionSecret, payload))) throw invalid();
  const m = PAYLOAD.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!m) throw invalid();
  const [, orderId, userId, exp, stamp] = m;
  if (Number(exp) <= deps.clock.now().getTime()) throw expired();
  const order = await Order.query(deps.db).findById(Number(orderId)).select('id', 'userId', 'status', 'metadata');
  if (!order || Number(order.userId) !== Number(userId)) throw invalid();
  if (order.status !== 'paid') throw expired();
  const user = await findUserById(deps.db, Number(userId));
  if (!user || user.deactivatedAt) throw invalid();
  if (passwordStamp(user) !== stamp) throw expired();
  return { userId: Number(user.id), orderId: Number(order.id), accountCreated: accountCreatedBy(order.metadata) };
}
