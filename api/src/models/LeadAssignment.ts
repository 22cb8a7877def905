// Objection model over `lead_assignments` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo, hasMany } from './relations.ts';
import { LeadPoolEntry } from './LeadPoolEntry.ts';
import { User } from './User.ts';

export class LeadAssignment extends Model {
  static override tableName = 'lead_assignments';
  static override relationMappings: RelationMappingsThunk = () => ({
    assignedByUser: belongsTo(User, 'lead_assignments.assignedBy', 'users.id'),
    agent: belongsTo(User, 'lead_assignments.agentId', 'users.id'),
    leadPool: hasMany(LeadPoolEntry, 'lead_assignments.id', 'lead_pool.assignmentId'),
  });
  id!: number;
  agentId!: number;
  name!: string;
  phone!: string;
  email!: string | null;
  state!: string | null;
  zipCode!: string | null;
  ageRange!: string | null;
  formFillTime!: string | null;
  assignedBy!: number | null;
  assignedAt!: string;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  assignedByUser?: User | null;
  agent?: User | null;
  leadPool?: LeadPoolEntry[];
}
