// Objection model over `appointment_no_shows` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Appointment } from './Appointment.ts';
import { User } from './User.ts';

export class AppointmentNoShow extends Model {
  static override tableName = 'appointment_no_shows';
  static override relationMappings: RelationMappingsThunk = () => ({
    decidedByUser: belongsTo(User, 'appointment_no_shows.decidedBy', 'users.id'),
    user: belongsTo(User, 'appointment_no_shows.userId', 'users.id'),
    appointment: belongsTo(Appointment, 'appointment_no_shows.appointmentId', 'appointments.id'),
  });
  id!: number;
  appointmentId!: number;
  userId!: number;
  callDurationSeconds!: number;
  recordingUrl!: string | null;
  note!: string | null;
  bufferSeconds!: number;
  status!: string;
  creditCents!: number;
  decisionReason!: string | null;
  decidedBy!: number | null;
  decidedAt!: string | null;
  createdAt!: string;
  /** The evidence the rules used when it was reported (JSON NoShowEvidence); null before issue 29. */
  evidenceJson!: string | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  decidedByUser?: User | null;
  user?: User | null;
  appointment?: Appointment | null;
}
