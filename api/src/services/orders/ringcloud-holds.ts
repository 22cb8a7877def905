// One hold per RingCloud buyer (issue 34 item 2, decision 216): a buyer is the e-mail their surveys share,
// and the stock their own unpaid order holds counts as theirs when they reload or continue again.
import type { Knex } from 'knex';
import { OnboardingSurvey, Order } from '../../models/index.ts';

/**
 * The RingCloud surveys of one buyer (decision 216): this survey and the others with its e-mail. A buyer
 * holds stock through one unpaid order at a time, whichever browser they continued from.
 */
export async function buyerSurveyIds(db: Knex, surveyId: number): Promise<number[]> {
  const survey = await OnboardingSurvey.query(db).findById(surveyId).select('id', 'email');
  if (!survey) return [];
  const rows = await OnboardingSurvey.query(db).where({ email: survey.email }).select('id');
  return [...new Set([Number(surveyId), ...rows.map((r) => Number(r.id))])];
}

/** The buyer's pending RingCloud orders (what their own hold is): their stock is theirs to re-order. */
export async function buyerPendingRingcloudOrders(db: Knex, surveyId: number): Promise<number[]> {
  const ids = await buyerSurveyIds(db, surveyId);
  if (!ids.length) return [];
  const rows = await Order.query(db).whereIn('surveyId', ids).where({ kind: 'ringcloud', status: 'pending' }).select('id');
  return rows.map((r) => Number(r.id));
}
