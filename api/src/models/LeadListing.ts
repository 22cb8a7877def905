// Objection model over `lead_listings`: one row per lead that is `available` or `reserved`, with the
// columns the for-sale list shows and filters on, clustered by (kind, state, age in days, id descending).
// Written only by the triggers on `leads` (migrations/20261126600000_lead_listings.ts); read to list
// the leads for sale (decision 140).
import { Model } from 'objection';

export class LeadListing extends Model {
  static override tableName = 'lead_listings';
  static override idColumn = ['kind', 'customerState', 'ageDays', 'id'];
  kind!: 'aged' | 'fresh';
  customerState!: string;
  ageDays!: number;
  id!: number;
  status!: 'available' | 'reserved';
  reservedUntil!: string | null;
  customerName!: string | null;
  zipCode!: string;
  currentAgeRange!: string | null;
  priceCents!: number | null;
  callDuration!: number | null;
  formFillTime!: string | null;
  consentAt!: string | null;
  certificateKind!: string | null;
  timesSoldBefore!: number;
  exclusive!: boolean | number;
  hasRecording!: boolean | number;
}
