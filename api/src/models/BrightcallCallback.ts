// Objection model over `brightcall_callbacks` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model } from 'objection';

export class BrightcallCallback extends Model {
  static override tableName = 'brightcall_callbacks';
  id!: number;
  firstName!: string;
  lastName!: string;
  phone!: string;
  email!: string | null;
  state!: string | null;
  transcript!: string | null;
  callOutcome!: string | null;
  callbackTime!: string | null;
  externalAgentId!: string | null;
  leadQuality!: string | null;
  interestLevel!: string | null;
  source!: string;
  createdAt!: string;
  idempotencyKey!: string | null;
  callId!: string | null;
  /** SHA-256 of the checked payload: one Idempotency-Key binds one body (decision 215). */
  requestHash!: string | null;
}
