// Objection model over `brightcall_callbacks` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { PhoneDigitsModel } from './phone-digits-model.ts';

export class BrightcallCallback extends PhoneDigitsModel {
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
  /** SHA-256 of the checked payload: one Idempotency-Key binds one body (decision 215). */
  requestHash!: string | null;
}
