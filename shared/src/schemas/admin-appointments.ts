// Admin schemas of voice-AI appointments: the Create Appointment modal, the voice-AI rows and integration
// status, the webhook's fields, and the appointment tools (detail, edit, withdraw, assign).
import { z } from 'zod';
import { emailSchema, optionalText, optionalUsState, required } from './admin-fields.ts';
import { optionalUsStateSchema } from './us-states.ts';

/** Create Appointment modal: a voice-AI appointment entered by hand (stored with source 'admin'). */
export const createAppointmentSchema = z.object({
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  phone: required('Phone is required', 32),
  email: z
    .union([z.literal(''), emailSchema])
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
  state: optionalUsState,
  /** When the appointment is (free text, as the voice-AI platform sends its callback_time). */
  callbackTime: optionalText(64),
  /** Assign it straight to this agent (their My Appointments); absent: it is for sale in Buy Appointments. */
  agentId: z
    .union([z.literal(''), z.coerce.number({ error: 'Choose an agent' }).int('Choose an agent').positive('Choose an agent')])
    .optional()
    .nullable()
    .transform((v) => (typeof v === 'number' ? v : undefined)),
});
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;
export type CreateAppointmentValues = z.output<typeof createAppointmentSchema>;

/** A voice-AI appointment (brightcall_callbacks row) as the admin panel shows it. */
export interface BrightcallAppointment {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  state: string | null;
  callOutcome: string | null;
  callbackTime: string | null;
  leadQuality: string | null;
  interestLevel: string | null;
  source: 'webhook' | 'admin' | string;
  createdAt: string | null;
  /** The appointment agents see: for sale (available/reserved), or sold / assigned to an agent. */
  appointmentId: number | null;
  appointmentStatus: string | null;
  /** The agent it was sold or assigned to. */
  agentEmail: string | null;
}

export interface IntegrationStatus {
  hasApiKey: boolean;
  hasWidgetKey: boolean;
  hasVerifyToken: boolean;
  isConfigured: boolean;
  webhookUrl: string;
}

// ---- Voice-AI webhook (POST /api/callbacks/brightcall), as documented at /brightcalldocs ----

export const CALLBACK_REQUIRED_FIELDS = ['first_name', 'last_name', 'phone_number', 'transcript'] as const;
export const CALLBACK_OPTIONAL_FIELDS = ['call_id', 'call_outcome', 'state', 'callback_time', 'agent_id', 'lead_quality', 'interest_level'] as const;
/** The transcript column is TEXT on MariaDB (65,535 bytes). */
export const CALLBACK_TRANSCRIPT_MAX_BYTES = 65_535;

// ---------------------------------------------------------------------------------------------
// Admin appointment tools (issue 26): detail, edit, withdraw from sale, put back, assign / reassign.

export const APPOINTMENT_STATUS_LABELS: Record<string, string> = {
  available: 'For sale',
  reserved: 'Being bought',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
};

export interface AdminAppointmentDetail {
  id: number;
  customerName: string | null;
  customerPhone: string | null;
  customerEmail: string | null;
  customerState: string | null;
  callbackTime: string | null;
  leadQuality: string | null;
  notes: string | null;
  transcript: string | null;
  recordingUrl: string | null;
  source: string | null;
  status: string;
  priceCents: number;
  createdAt: string | null;
  callDate: string | null;
  /** The agent it is sold or assigned to. */
  agent: { id: number; name: string; email: string } | null;
  /** Bought through an order (it cannot be reassigned: refund the order instead). */
  orderId: number | null;
}

export const updateAppointmentSchema = z
  .object({
    customerName: required('Name is required', 200).optional(),
    customerPhone: required('Phone is required', 32).optional(),
    customerEmail: z
      .union([z.literal(''), z.null(), emailSchema])
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    customerState: optionalUsStateSchema.optional().transform((v) => (v === undefined ? undefined : v || null)),
    callbackTime: z
      .union([z.string().trim().max(64, 'Must be at most 64 characters'), z.null()])
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    leadQuality: z
      .union([z.string().trim().max(32, 'Must be at most 32 characters'), z.null()])
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    notes: z
      .union([z.string().trim().max(2000, 'Must be at most 2000 characters'), z.null()])
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
  })
  .strict();
export type UpdateAppointmentValues = z.output<typeof updateAppointmentSchema>;

export const withdrawAppointmentSchema = z.object({
  reason: z.string({ error: 'Give a reason' }).trim().min(1, 'Give a reason').max(300, 'Must be at most 300 characters'),
});

export const assignAppointmentSchema = z.object({
  agentId: z.coerce.number({ error: 'Choose an agent' }).int('Choose an agent').positive('Choose an agent'),
});
