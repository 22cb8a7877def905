// Objection model over `lead_results_months`: `lead_results_days` summed per UTC month (the month's first
// day), per buyer, product, state and age band. Written only by the triggers on `lead_results_days`
// (migrations/20261201600100_lead_results_months.ts); read by Results for the months nearest its period's
// whole days (decision 272).
import { ResultsSums } from './ResultsSums.ts';

export class LeadResultsMonth extends ResultsSums {
  static override tableName = 'lead_results_months';
  static override idColumn = ['buyerId', 'month', 'product', 'state', 'band'];
  month!: string;
}
