// Objection model over `lead_import_rows` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import type { RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { ConsentRecordModel } from './ConsentRecordModel.ts';
import { LeadImport } from './LeadImport.ts';

export class LeadImportRow extends ConsentRecordModel {
  static override tableName = 'lead_import_rows';
  static override relationMappings: RelationMappingsThunk = () => ({
    import: belongsTo(LeadImport, 'lead_import_rows.importId', 'lead_imports.id'),
  });
  id!: number;
  importId!: number;
  rowNumber!: number;
  name!: string | null;
  phone!: string | null;
  email!: string | null;
  state!: string | null;
  zipCode!: string | null;
  ageRange!: string | null;
  ageDays!: number | null;
  priceCents!: number | null;
  formFillTime!: string | null;
  recordingUrl!: string | null;
  callDuration!: number | null;
  // (the consent record columns, consentSourceUrl ... certificateClaimExpiresAt, come from ConsentRecordModel)
  error!: string | null;
  /** A refused row's cells as they were in the file (JSON array); null for a good row. */
  sourceCells!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  import?: LeadImport | null;
}
