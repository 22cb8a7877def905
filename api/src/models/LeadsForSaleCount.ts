// Objection model over `leads_for_sale_counts`: how many leads are `available` per kind, state, age day,
// times sold before and consent kind. Written only by the triggers on `leads`
// (migrations/20261126100000_leads_for_sale_counts.ts); read to total a filter (decision 115).
import { Model } from 'objection';

export class LeadsForSaleCount extends Model {
  static override tableName = 'leads_for_sale_counts';
  static override idColumn = ['kind', 'customerState', 'ageDays', 'timesSoldBefore', 'consent'];
  kind!: 'aged' | 'fresh';
  customerState!: string;
  ageDays!: number;
  timesSoldBefore!: number;
  consent!: 'certificate' | 'recorded' | 'none';
  n!: number;
}
