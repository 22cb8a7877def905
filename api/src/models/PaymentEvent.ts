// Objection model over `payment_events` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model } from 'objection';

export class PaymentEvent extends Model {
  static override tableName = 'payment_events';
  id!: number;
  eventId!: string;
  type!: string;
  paymentIntentId!: string | null;
  outcome!: string | null;
  createdAt!: string;
}
