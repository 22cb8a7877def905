// Objection model over `leads` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import type { RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { ConsentRecordModel } from './ConsentRecordModel.ts';
import { User } from './User.ts';

export class Lead extends ConsentRecordModel {
  static override tableName = 'leads';
  static override relationMappings: RelationMappingsThunk = () => ({
    buyer: belongsTo(User, 'leads.buyerId', 'users.id'),
  });
  id!: number;
  kind!: string;
  customerName!: string | null;
  customerPhone!: string | null;
  customerEmail!: string | null;
  customerState!: string;
  zipCode!: string;
  currentAgeRange!: string | null;
  ageDays!: number;
  priceCents!: number | null;
  recordingUrl!: string | null;
  transcript!: string | null;
  callDuration!: number | null;
  formFillTime!: string | null;
  status!: string;
  reservedOrderId!: number | null;
  reservedUntil!: string | null;
  buyerId!: number | null;
  soldAt!: string | null;
  createdAt!: string;
  // (the consent record columns, consentSourceUrl ... certificateClaimExpiresAt, come from ConsentRecordModel)
  exclusive!: boolean | number;
  timesSoldBefore!: number;
  dncScrubbedAt!: string | null;
  dncStatus!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  buyer?: User | null;
}
