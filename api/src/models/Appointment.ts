// Objection model over `appointments` (columns snake_case in the database, camelCase here). Generated from the
// migrated schema; edit freely (add relations and helpers), keep one model per table.
import type { RelationMappingsThunk } from 'objection';
import { belongsTo, hasMany } from './relations.ts';
import { ConsentRecordModel } from './ConsentRecordModel.ts';
import { AppointmentNoShow } from './AppointmentNoShow.ts';
import { User } from './User.ts';

export class Appointment extends ConsentRecordModel {
  static override tableName = 'appointments';
  static override relationMappings: RelationMappingsThunk = () => ({
    buyer: belongsTo(User, 'appointments.buyerId', 'users.id'),
    appointmentNoShows: hasMany(AppointmentNoShow, 'appointments.id', 'appointment_no_shows.appointmentId'),
  });
  id!: number;
  customerName!: string | null;
  customerPhone!: string | null;
  customerEmail!: string | null;
  customerState!: string | null;
  callStatus!: string;
  extractionConfidence!: number | null;
  callDate!: string | null;
  extractedAppointmentDateTime!: string | null;
  appointmentDate!: string | null;
  extractedAppointmentDate!: string | null;
  extractedAppointmentTime!: string | null;
  hasExtractedAppointment!: boolean | number;
  extractedAppointmentInfo!: string | null;
  callDuration!: number | null;
  leadQuality!: string | null;
  recordingUrl!: string | null;
  uploadedAudioPath!: string | null;
  transcript!: string | null;
  summary!: string | null;
  notes!: string | null;
  followUpRequired!: boolean | number;
  priceCents!: number | null;
  status!: string;
  reservedOrderId!: number | null;
  reservedUntil!: string | null;
  buyerId!: number | null;
  purchasedAt!: string | null;
  buyerDeletedAt!: string | null;
  createdAt!: string;
  brightcallCallbackId!: number | null;
  source!: string | null;
  /** When an admin assigned it to the buyer for free (no order): it costs them nothing. */
  assignedAt!: string | null;
  /** The callback time as an instant, when its text reads as one (decision 215): the shop's cut-off. */
  callbackAt!: string | null;
  // (the consent record columns, consentSourceUrl ... certificateClaimExpiresAt, come from ConsentRecordModel)
  aiDisclosure!: string | null;
  assignBatchId!: number | null;
  // Relations, present when fetched (withGraphFetched / withGraphJoined).
  buyer?: User | null;
  appointmentNoShows?: AppointmentNoShow[];
}
