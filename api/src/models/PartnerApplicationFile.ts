// Objection model over `partner_application_files` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { PartnerApplication } from './PartnerApplication.ts';

export class PartnerApplicationFile extends Model {
  static override tableName = 'partner_application_files';
  static override relationMappings: RelationMappingsThunk = () => ({
    application: belongsTo(PartnerApplication, 'partner_application_files.applicationId', 'partner_applications.id'),
  });
  id!: number;
  applicationId!: number;
  originalName!: string;
  storedPath!: string;
  mimeType!: string;
  sizeBytes!: number;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  application?: PartnerApplication | null;
}
