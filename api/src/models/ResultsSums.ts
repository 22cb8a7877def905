// The sums Results reads per buyer, product, state and age band, for one UTC day (`LeadResultsDay`) or one
// UTC month (`LeadResultsMonth`): the same columns in both tables (decisions 264 and 272).
import { Model } from 'objection';

export abstract class ResultsSums extends Model {
  buyerId!: number;
  /** Leads; and billed transfers (band 'live', nothing unpriced) since decision 272. */
  product!: 'aged_lead' | 'fresh_lead' | 'transfer';
  state!: string;
  band!: string;
  items!: number;
  spendCents!: number;
  /** Leads with neither an order line nor a price of their own: they cost the catalogue's default. */
  unpriced!: number;
  contacted!: number;
  sales!: number;
  premiumCents!: number;
}
