// Objection model over `lead_results_days`: Results' lead sums per buyer, UTC day, product, state and age
// band. Written only by the triggers on `leads`, `order_items` and `item_outcomes`
// (migrations/20261201100000_lead_results_days.ts); read by Results for the whole days of its period
// (decision 264).
import { ResultsSums } from './ResultsSums.ts';

export class LeadResultsDay extends ResultsSums {
  static override tableName = 'lead_results_days';
  static override idColumn = ['buyerId', 'day', 'product', 'state', 'band'];
  day!: string;
}
