// Objection model over `consumer_claims`: one row per consumer ever sold (phone key, or "L<lead id>"),
// its mode ('shared' | 'exclusive') set by the first sale (migration 20261124800000, decision 110).
import { Model } from 'objection';

export class ConsumerClaim extends Model {
  static override tableName = 'consumer_claims';
  static override idColumn = 'consumerKey';
  consumerKey!: string;
  mode!: 'shared' | 'exclusive';
  createdAt!: string;
}
