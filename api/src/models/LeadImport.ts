// Objection model over `lead_imports` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo, hasMany } from './relations.ts';
import { LeadImportRow } from './LeadImportRow.ts';
import { LeadPoolEntry } from './LeadPoolEntry.ts';
import { User } from './User.ts';

export class LeadImport extends Model {
  static override tableName = 'lead_imports';
  static override relationMappings: RelationMappingsThunk = () => ({
    admin: belongsTo(User, 'lead_imports.adminId', 'users.id'),
    leadImportRows: hasMany(LeadImportRow, 'lead_imports.id', 'lead_import_rows.importId'),
    leadPool: hasMany(LeadPoolEntry, 'lead_imports.id', 'lead_pool.importId'),
  });
  id!: number;
  adminId!: number | null;
  target!: string;
  kind!: string | null;
  filename!: string;
  storedFile!: string | null;
  sizeBytes!: number;
  status!: string;
  totalRows!: number;
  importedRows!: number;
  rejectedRows!: number;
  error!: string | null;
  createdAt!: string;
  completedAt!: string | null;
  heartbeatAt!: string | null;
  progress!: string | null;
  /** The file's header row (JSON array), kept to hand back refused rows as a CSV. */
  headersJson!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  admin?: User | null;
  leadImportRows?: LeadImportRow[];
  leadPool?: LeadPoolEntry[];
}
