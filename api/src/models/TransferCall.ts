// Objection model over `transfer_calls` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import type { RelationMappingsThunk } from 'objection';
import { belongsTo, hasMany } from './relations.ts';
import { ConsentRecordModel } from './ConsentRecordModel.ts';
import { Order } from './Order.ts';
import { TransferDispute } from './TransferDispute.ts';
import { User } from './User.ts';

export class TransferCall extends ConsentRecordModel {
  static override tableName = 'transfer_calls';
  static override relationMappings: RelationMappingsThunk = () => ({
    enteredByUser: belongsTo(User, 'transfer_calls.enteredBy', 'users.id'),
    order: belongsTo(Order, 'transfer_calls.orderId', 'orders.id'),
    user: belongsTo(User, 'transfer_calls.userId', 'users.id'),
    transferDisputes: hasMany(TransferDispute, 'transfer_calls.id', 'transfer_disputes.callId'),
  });
  id!: number;
  externalCallId!: string;
  userId!: number;
  orderId!: number | null;
  source!: string;
  enteredBy!: number | null;
  callerName!: string;
  callerPhone!: string;
  state!: string;
  startedAt!: string;
  endedAt!: string;
  durationSeconds!: number;
  recordingUrl!: string | null;
  transcript!: string | null;
  agentHungUpAfterYes!: boolean | number;
  bufferSeconds!: number;
  billable!: boolean | number;
  status!: string;
  chargeCents!: number;
  billingNote!: string | null;
  createdAt!: string;
  updatedAt!: string;
  callerPhoneKey!: string | null;
  /** The agent's working states (comma-separated) when the call was delivered; empty: every state; null: not recorded. */
  workingStates!: string | null;
  /** Who ended the call, from the platform's callback (caller, agent, platform); null when it did not say. */
  endedBy!: string | null;
  // (the consent record columns, consentSourceUrl ... certificateClaimExpiresAt, come from ConsentRecordModel)
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  enteredByUser?: User | null;
  order?: Order | null;
  user?: User | null;
  transferDisputes?: TransferDispute[];
}
