// Objection model over `lead_sales`: one row per sale of a lead, referencing its consumer's claim with the
// sale's mode, so the database refuses a second sale of a consumer sold as exclusive (decision 110).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { ConsumerClaim } from './ConsumerClaim.ts';
import { Lead } from './Lead.ts';
import { User } from './User.ts';

export class LeadSale extends Model {
  static override tableName = 'lead_sales';
  static override relationMappings: RelationMappingsThunk = () => ({
    lead: belongsTo(Lead, 'lead_sales.leadId', 'leads.id'),
    buyer: belongsTo(User, 'lead_sales.buyerId', 'users.id'),
    claim: belongsTo(ConsumerClaim, 'lead_sales.consumerKey', 'consumer_claims.consumerKey'),
  });
  id!: number;
  leadId!: number;
  consumerKey!: string;
  mode!: 'shared' | 'exclusive';
  exclusiveKey!: string | null;
  buyerId!: number | null;
  orderId!: number | null;
  soldAt!: string;
  // Relations, present when fetched.
  lead?: Lead;
  buyer?: User | null;
  claim?: ConsumerClaim;
}
