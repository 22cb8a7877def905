// Objection model over `appointment_call_attempts` (columns snake_case in the database, camelCase here): the
// agent's call attempts to an appointment's consumer, logged from the appointment card (issue 29, item 2).
import { Model, type RelationMappingsThunk } from 'objection';
import { belongsTo } from './relations.ts';
import { Appointment } from './Appointment.ts';
import { User } from './User.ts';

export class AppointmentCallAttempt extends Model {
  static override tableName = 'appointment_call_attempts';
  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'appointment_call_attempts.userId', 'users.id'),
    appointment: belongsTo(Appointment, 'appointment_call_attempts.appointmentId', 'appointments.id'),
  });
  id!: number;
  appointmentId!: number;
  userId!: number;
  attemptedAt!: string;
  outcome!: string;
  durationSeconds!: number;
  createdAt!: string;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  user?: User | null;
  appointment?: Appointment | null;
}
