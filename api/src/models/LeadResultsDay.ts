// Objection model over `lead_results_days`: Results' lead sums per buyer, UTC day, product, state and age
// band. Written only by the triggers on `leads`, `order_items` and `item_outcomes`
// (migrations/20261201100000_lead_results_days.ts); read by Results for the whole days of its period
// (decision 264).
import { Model } from 'objection';

export class LeadResultsDay extends Model {
  static override tableName = 'lead_results_days';
  static override idColumn = ['buyerId', 'day', 'product', 'state', 'band'];
  buyerId!: number;
  day!: string;
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
