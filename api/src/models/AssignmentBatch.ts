// Objection model over `assignment_batches` (columns snake_case in the database, camelCase here): one bulk
// assignment by filter and count (issue 36 point 3), undone as one.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { User } from './User.ts';

export class AssignmentBatch extends Model {
  static override tableName = 'assignment_batches';
  static override relationMappings: RelationMappingsThunk = () => ({
    agent: belongsTo(User, 'assignment_batches.agentId', 'users.id'),
  });
  id!: number;
  kind!: 'leads' | 'appointments';
  agentId!: number;
  adminId!: number | null;
  filterJson!: string;
  matched!: number;
  assigned!: number;
  createdAt!: string;
  undoneAt!: string | null;
  undoneBy!: number | null;
  undoneCount!: number | null;
  agent?: User | null;
}
