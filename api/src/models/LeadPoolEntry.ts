// Objection model over `lead_pool` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { LeadAssignment } from './LeadAssignment.ts';
import { LeadImport } from './LeadImport.ts';
import { User } from './User.ts';

export class LeadPoolEntry extends Model {
  static override tableName = 'lead_pool';
  static override relationMappings: RelationMappingsThunk = () => ({
    assignment: belongsTo(LeadAssignment, 'lead_pool.assignmentId', 'lead_assignments.id'),
    assignedAgent: belongsTo(User, 'lead_pool.assignedAgentId', 'users.id'),
    import: belongsTo(LeadImport, 'lead_pool.importId', 'lead_imports.id'),
  });
  id!: number;
  importId!: number | null;
  name!: string;
  phone!: string;
  email!: string | null;
  state!: string | null;
  zipCode!: string | null;
  ageRange!: string | null;
  formFillTime!: string | null;
  assignedAgentId!: number | null;
  assignmentId!: number | null;
  assignedAt!: string | null;
  assignBatchId!: number | null;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  assignment?: LeadAssignment | null;
  assignedAgent?: User | null;
  import?: LeadImport | null;
}
