// Turns a funnel checkout's payload (docs/product/funnel.md#checkouts) into an order request: standard and tiered
// packages, high-volume bands, and the RingCloud sub-offer priced by lead type for its survey.
import type { CreatePaymentIntentInput } from '@tm/shared/schemas/payments';
import { ringCloudLeadTypeOf } from '@tm/shared/logic/pricing';
import type { AgedLeadAgeRange } from '@tm/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { AMOUNT_MISMATCH_MESSAGE, createOrder } from '../orders/orders.service.ts';
import { priceOrder } from '../orders/order-pricing.service.ts';
import { parseCheckoutBuyer } from '../accounts/funnel-buyers.service.ts';
import type { CreatedOrder, OrderRequest } from '../orders/types.ts';
import { OnboardingSurvey } from '../../models/index.ts';

export const SURVEY_FIRST_MESSAGE = 'Please complete the survey before checking out.';

type SurveyRow = Pick<OnboardingSurvey, 'id' | 'userId' | 'leadType' | 'ageRange' | 'workingStates'>;

/** Who is at the checkout: the logged-in agent, and the anonymous RingCloud survey the session names. */
export interface CheckoutSession {
  userId: number | null;
  ringcloudSurveyId?: number | null;
  /** The request's User-Agent header (kept with the order's attribution for Meta's website events). */
  userAgent?: string | null;
}

/**
 * The RingCloud survey being paid for: a logged-in agent's own (the one named, else their latest), or the
 * anonymous survey this browser's session answered (no account exists for it until the payment succeeds).
 */
async function ringCloudSurvey(deps: AppDeps, surveyId: number | undefined, who: CheckoutSession): Promise<SurveyRow> {
  const cols = ['id', 'userId', 'leadType', 'ageRange', 'workingStates'] as const;
  let row: SurveyRow | undefined;
  if (who.userId) {
    const q = OnboardingSurvey.query(deps.db)
      .select(...cols)
      .where({ userId: who.userId });
    row = surveyId ? await q.andWhere({ id: surveyId }).first() : await q.orderBy('id', 'desc').first();
  } else if (who.ringcloudSurveyId) {
    row = await OnboardingSurvey.query(deps.db)
      .select(...cols)
      .findById(who.ringcloudSurveyId);
    // A survey paid for (and so linked to an account) since is not paid for again anonymously.
    if (row && row.userId !== null) row = undefined;
  }
  if (!row) throw badRequest(SURVEY_FIRST_MESSAGE, { surveyId: SURVEY_FIRST_MESSAGE });
  return row;
}

export const LEAD_TYPE_MISMATCH = 'The package does not match the lead type of your survey.';

export async function checkoutOrderRequest(deps: AppDeps, input: CreatePaymentIntentInput, who: CheckoutSession): Promise<OrderRequest> {
  const sessionUserId = who.userId;
  if (input.tier === 'ringcloud') {
    const survey = await ringCloudSurvey(deps, input.surveyId, who);
    // The lead type is the survey's; a packageType naming another one is refused, never trusted.
    const leadType = ringCloudLeadTypeOf(survey.leadType) ?? ringCloudLeadTypeOf(`RingCloud ${survey.leadType}`);
    if (!leadType) throw badRequest('packageType: Please select a lead type', { packageType: 'Please select a lead type' });
    if (input.packageType && ringCloudLeadTypeOf(input.packageType) !== leadType) {
      throw badRequest(`packageType: ${LEAD_TYPE_MISMATCH}`, { packageType: LEAD_TYPE_MISMATCH });
    }
    return {
      kind: 'ringcloud',
      surveyId: survey.id,
      userId: sessionUserId,
      leadType,
      count: input.calls,
      // The age range and the working states are the survey's: what the stock check and the hold matched.
      ageRange: (survey.ageRange ?? input.ageRange ?? undefined) as AgedLeadAgeRange | undefined,
      workingStates: survey.workingStates,
    };
  }
  return { kind: 'transfer_package', tier: input.tier ?? 'standard', count: input.callCount as number, userId: sessionUserId };
}

/**
 * POST /api/create-payment-intent: the order and its PaymentIntent; a disagreeing `amount` (dollars) is a 400.
 * Anonymous buyers must say who they are (400 naming each missing field); their order has no account until
 * the payment succeeds (funnel-buyers.service.ts linkPaidOrderBuyer); a logged-in agent buys as themselves.
 */
export async function startCheckout(deps: AppDeps, input: CreatePaymentIntentInput, who: CheckoutSession, clientAddress?: string): Promise<CreatedOrder> {
  const sessionUserId = who.userId;
  let req = await checkoutOrderRequest(deps, input, who);
  const expectedAmountCents = input.amount === undefined ? undefined : Math.round(input.amount * 100);
  if (req.kind === 'transfer_package' && !sessionUserId) {
    // The buyer's fields are read first and the package is priced before any account is made.
    const buyer = parseCheckoutBuyer(input);
    const amount = await priceOrder(deps, req);
    if (expectedAmountCents !== undefined && expectedAmountCents !== amount) throw badRequest(AMOUNT_MISMATCH_MESSAGE, { amount: AMOUNT_MISMATCH_MESSAGE });
    req = { ...req, userId: null, buyer };
  }
  return createOrder(deps, req, { expectedAmountCents, clientAddress, attribution: { raw: input.attribution, userAgent: who.userAgent ?? null } });
}
