// Turns a funnel checkout's payload (docs/product/funnel.md#checkouts) into an order request: standard and tiered
// packages, high-volume bands, and the RingCloud sub-offer priced by lead type for its survey.
import type { CreatePaymentIntentInput } from '@tm/shared/schemas/payments';
import { ringCloudLeadTypeOf } from '@tm/shared/logic/pricing';
import type { AgedLeadAgeRange } from '@tm/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { AMOUNT_MISMATCH_MESSAGE, createOrder, priceOrder } from '../orders/orders.service.ts';
import { parseCheckoutBuyer, resolveCheckoutBuyer } from '../accounts/funnel-buyers.service.ts';
import type { CreatedOrder, OrderRequest } from '../orders/types.ts';
import { OnboardingSurvey } from '../../models/index.ts';

export const SURVEY_FIRST_MESSAGE = 'Please complete the survey before checking out.';

type SurveyRow = Pick<OnboardingSurvey, 'id' | 'userId' | 'leadType' | 'ageRange'>;

/** The RingCloud survey being paid for: the logged-in buyer's own (the one named, else their latest). */
async function ringCloudSurvey(deps: AppDeps, surveyId: number | undefined, sessionUserId: number | null): Promise<SurveyRow> {
  // The survey step logs the new agent in; a survey that is not the buyer's own is never paid for here.
  if (!sessionUserId) throw badRequest(SURVEY_FIRST_MESSAGE, { surveyId: SURVEY_FIRST_MESSAGE });
  const q = OnboardingSurvey.query(deps.db).select('id', 'userId', 'leadType', 'ageRange').where({ userId: sessionUserId });
  const row: SurveyRow | undefined = surveyId ? await q.andWhere({ id: surveyId }).first() : await q.orderBy('id', 'desc').first();
  if (!row) throw badRequest(SURVEY_FIRST_MESSAGE, { surveyId: SURVEY_FIRST_MESSAGE });
  return row;
}

export const LEAD_TYPE_MISMATCH = 'The package does not match the lead type of your survey.';

export async function checkoutOrderRequest(deps: AppDeps, input: CreatePaymentIntentInput, sessionUserId: number | null): Promise<OrderRequest> {
  if (input.tier === 'ringcloud') {
    const survey = await ringCloudSurvey(deps, input.surveyId, sessionUserId);
    // The lead type is the survey's; a packageType naming another one is refused, never trusted.
    const leadType = ringCloudLeadTypeOf(survey.leadType) ?? ringCloudLeadTypeOf(`RingCloud ${survey.leadType}`);
    if (!leadType) throw badRequest('packageType: Please select a lead type', { packageType: 'Please select a lead type' });
    if (input.packageType && ringCloudLeadTypeOf(input.packageType) !== leadType) {
      throw badRequest(`packageType: ${LEAD_TYPE_MISMATCH}`, { packageType: LEAD_TYPE_MISMATCH });
    }
    const userId = sessionUserId as number;
    return {
      kind: 'ringcloud',
      surveyId: survey.id,
      userId,
      leadType,
      count: leadType === 'Aged Leads' ? undefined : input.calls,
      ageRange: (input.ageRange ?? survey.ageRange ?? undefined) as AgedLeadAgeRange | undefined,
    };
  }
  return { kind: 'transfer_package', tier: input.tier ?? 'standard', count: input.callCount as number, userId: sessionUserId };
}

/**
 * POST /api/create-payment-intent: the order and its PaymentIntent; a disagreeing `amount` (dollars) is a 400.
 * Anonymous buyers must say who they are (400 naming each missing field) and the order is for the account
 * with that e-mail, made when there is none (funnel-buyers.service.ts); a logged-in agent buys as themselves.
 */
export async function startCheckout(
  deps: AppDeps,
  input: CreatePaymentIntentInput,
  sessionUserId: number | null,
  clientAddress?: string,
): Promise<CreatedOrder> {
  let req = await checkoutOrderRequest(deps, input, sessionUserId);
  const expectedAmountCents = input.amount === undefined ? undefined : Math.round(input.amount * 100);
  if (req.kind === 'transfer_package' && !sessionUserId) {
    // The buyer's fields are read first and the package is priced before any account is made.
    parseCheckoutBuyer(input);
    const amount = await priceOrder(deps, req);
    if (expectedAmountCents !== undefined && expectedAmountCents !== amount) throw badRequest(AMOUNT_MISMATCH_MESSAGE, { amount: AMOUNT_MISMATCH_MESSAGE });
    const { userId, buyer } = await resolveCheckoutBuyer(deps, input, null);
    req = { ...req, userId, buyer };
  }
  return createOrder(deps, req, { expectedAmountCents, clientAddress });
}
