// Objection model over `platform_call_attempts` (columns snake_case in the database, camelCase here): the calling
// platform's record of an agent's attempt to reach an appointment's consumer (POST /api/callbacks/attempts, issue 33).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Appointment } from './Appointment.ts';

export class PlatformCallAttempt extends Model {
  static override tableName = 'platform_call_attempts';
  static override relationMappings: RelationMappingsThunk = () => ({
    appointment: belongsTo(Appointment, 'platform_call_attempts.appointmentId', 'appointments.id'),
  });
  id!: number;
  /** The platform's own call id: one row per call. */
  callId!: string;
  appointmentId!: number;
  startedAt!: string;
  durationSeconds!: number;
  outcome!: string;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  appointment?: Appointment | null;
}
