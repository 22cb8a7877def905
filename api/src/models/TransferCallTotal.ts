// Objection model over `transfer_call_totals`: an agent's calls counted and their charges summed per status.
// Written only by the triggers on `transfer_calls` (migrations/20261201100200_transfer_call_totals.ts); read
// for the agent's balance (decision 265).
import { Model } from 'objection';

export class TransferCallTotal extends Model {
  static override tableName = 'transfer_call_totals';
  static override idColumn = ['userId', 'status'];
  userId!: number;
  status!: string;
  n!: number;
  cents!: number;
}
