// Objection model over `lead_results_months`: `lead_results_days` summed per UTC month (the month's first
// day), per buyer, product, state and age band. Written only by the triggers on `lead_results_days`
// (migrations/20261201600100_lead_results_months.ts); read by Results for the months nearest its period's
// whole days (decision 272).
import { Model } from 'objection';

export class LeadResultsMonth extends Model {
  static override tableName = 'lead_results_months';
  static override idColumn = ['buyerId', 'month', 'product', 'state', 'band'];
  buyerId!: number;
  month!: string;
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
