// Objection model over `brightcall_callbacks` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { phoneDigits } from '@tm/shared/logic/phone-search';
import { Model, type ModelOptions, type QueryContext } from 'objection';

export class BrightcallCallback extends Model {
  static override tableName = 'brightcall_callbacks';
  id!: number;
  firstName!: string;
  lastName!: string;
  phone!: string;
  /** The phone's digits (shared/logic/phone-search.ts), filled by the hooks below. */
  phoneDigits!: string;
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
  /** Every insert and patch that sets the phone sets its searchable digits too (issue 36 point 5). */
  override $beforeInsert(ctx: QueryContext): void | Promise<void> {
    if (typeof this.phone === 'string') this.phoneDigits = phoneDigits(this.phone);
    return super.$beforeInsert(ctx);
  }
  override $beforeUpdate(opt: ModelOptions, ctx: QueryContext): void | Promise<void> {
    if (typeof this.phone === 'string') this.phoneDigits = phoneDigits(this.phone);
    return super.$beforeUpdate(opt, ctx);
  }
  /** SHA-256 of the checked payload: one Idempotency-Key binds one body (decision 215). */
  requestHash!: string | null;
}
