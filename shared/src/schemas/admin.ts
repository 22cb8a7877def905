// Admin panel schemas (users, voice-AI appointments, lead import and assignment) and the voice-AI
// webhook payload, shared by the portal forms and the API routes.
import { z } from 'zod';
import { ROLE_CHOICES, passwordSchema, type AccountProfile } from './auth.ts';
import type { LeadContact, MyLead } from './leads.ts';
import { ONE_CURSOR_MESSAGE, cursorParams, maxPage, type Page } from './paging.ts';
import type { PurchasedAppointment } from './dashboard.ts';
import type { AttributionView } from './attribution.ts';
import { US_STATE_CODES_50_DC } from '../us-states.ts';
import { formatUsd } from '../catalogue/index.ts';
import { optionalUsStateSchema, US_STATE_MESSAGE } from './us-states.ts';

export { ROLE_CHOICES };
export type Role = (typeof ROLE_CHOICES)[number];

/** User type choices of the create-user form: Basic User is isAdmin false, Admin User is isAdmin true. */
export const USER_TYPE_CHOICES = [
  { label: 'Basic User', isAdmin: false },
  { label: 'Admin User', isAdmin: true },
] as const;

const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** An optional US state field: empty means none; otherwise one of the 50 states or DC by code. */
const optionalUsState = optionalUsStateSchema.transform((v) => (v ? v : undefined));

export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Invalid email address' }));

/** The account form of docs/product/portal.md#admin-panel (create user). */
export const createUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: required('First name is required'),
  lastName: required('Last name is required'),
  agencyName: required('Agency name is required', 200),
  role: z.enum(ROLE_CHOICES, { error: 'Role is required' }),
  phone: required('Phone is required', 32),
  state: optionalUsState,
  isAdmin: z.boolean({ error: 'User type must be Basic User or Admin User' }).default(false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUserValues = z.output<typeof createUserSchema>;

export const LIVE_TRANSFER_PRICE_MESSAGE = 'Transfer price must be an amount in dollars such as 30 or 29.50';
export const LIVE_TRANSFER_PRICE_MIN_CENTS = 100;
export const LIVE_TRANSFER_PRICE_MAX_CENTS = 100_000;
export const LIVE_TRANSFER_PRICE_RANGE_MESSAGE = `Transfer price must be between ${formatUsd(LIVE_TRANSFER_PRICE_MIN_CENTS, { cents: true })} and ${formatUsd(LIVE_TRANSFER_PRICE_MAX_CENTS, { cents: true })}`;

/** "29.50", "$1,000", 30 -> cents, read as decimal text (never through floating point); null when not an amount. */
export function dollarsToCents(value: string | number): number | null {
  const text = (typeof value === 'number' ? String(value) : value).trim().replace(/^\$/, '').replace(/,/g, '');
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * The per-agent live-transfer price an admin sets, in dollars ("29.50"); empty or null: the catalogue
 * default. The server stores cents and prices every transfer order of that agent with it.
 */
export const liveTransferPriceSchema = z.union([z.string(), z.number(), z.null()], { error: LIVE_TRANSFER_PRICE_MESSAGE }).transform((v, ctx) => {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
  const cents = dollarsToCents(v);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: LIVE_TRANSFER_PRICE_MESSAGE });
    return z.NEVER;
  }
  if (cents < LIVE_TRANSFER_PRICE_MIN_CENTS || cents > LIVE_TRANSFER_PRICE_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: LIVE_TRANSFER_PRICE_RANGE_MESSAGE });
    return z.NEVER;
  }
  return cents;
});

/**
 * PATCH /api/admin/users/:userId: the fields an admin edits (each optional; only those sent change).
 * `liveTransferPrice` in dollars; null or "" goes back to the default price.
 */
export const updateUserSchema = z
  .object({
    email: emailSchema.optional(),
    firstName: required('First name is required').optional(),
    lastName: required('Last name is required').optional(),
    agencyName: required('Agency name is required', 200).optional(),
    role: z.enum(ROLE_CHOICES, { error: 'Role is required' }).optional(),
    phone: required('Phone is required', 32).optional(),
    // Absent: unchanged; "" or null: no state.
    state: z
      .string({ error: US_STATE_MESSAGE })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || US_STATE_CODES_50_DC.includes(v), US_STATE_MESSAGE)
      .transform((v) => v || null)
      .nullable()
      .optional(),
    liveTransferPrice: liveTransferPriceSchema.optional(),
  })
  .strict()
  .transform((v, ctx) => {
    const out: UpdateUserValues = {};
    for (const [k, val] of Object.entries(v)) if (val !== undefined) (out as Record<string, unknown>)[k] = val;
    if (Object.keys(out).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Nothing to change' });
      return z.NEVER;
    }
    return out;
  });
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export interface UpdateUserValues {
  email?: string;
  firstName?: string;
  lastName?: string;
  agencyName?: string;
  role?: (typeof ROLE_CHOICES)[number];
  phone?: string;
  state?: string | null;
  /** Cents; null: the default price. */
  liveTransferPrice?: number | null;
}

export const changePasswordSchema = z.object({ password: passwordSchema });

/** POST /api/admin/users/:id/set-password-link: { email: true } also e-mails it to the user (the welcome e-mail). */
export const setPasswordLinkSchema = z.object({ email: z.boolean({ error: 'email must be true or false' }).default(false) }).default({ email: false });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

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

/** A user as the admin endpoints answer (never the password hash). */
export interface AdminUser extends AccountProfile {
  createdAt: string | null;
  /** When an admin deactivated the account (ISO), null while it is active. */
  deactivatedAt: string | null;
}

/** A user as the user page and the edit answer give them: with their live-transfer price. */
export interface AdminUserAccount extends AdminUser {
  /** The agent's own live-transfer price in cents; null: the catalogue default. */
  liveTransferPriceCents: number | null;
  /** What their next transfer order is priced at (their own price or the default). */
  effectiveLiveTransferPriceCents: number;
}

/** One order on the admin's user page. */
export interface AdminUserOrder {
  id: number;
  kind: string;
  description: string;
  count: number;
  amountCents: number;
  refundedCents: number;
  status: string;
  createdAt: string | null;
  paidAt: string | null;
}

/** GET /api/admin/users/:userId: the user page (their orders, balance, leads and appointments). */
export interface AdminUserDetail {
  user: AdminUserAccount;
  balance: {
    transfersRemaining: number;
    transfersPurchased: number;
    /** Billable calls, after credits. */
    transferSpendCents: number;
    creditedCents: number;
  };
  totals: { paidOrders: number; paidCents: number; refundedCents: number };
  /** Newest first, at most ADMIN_USER_PAGE_LIST; the totals count them all. */
  orders: AdminUserOrder[];
  ordersTotal: number;
  leads: MyLead[];
  leadsTotal: number;
  appointments: PurchasedAppointment[];
  appointmentsTotal: number;
  /** The ad touches that brought the account (its first paid order or sign-up, decision 232); null for none. */
  attribution: AttributionView | null;
}
export const ADMIN_USER_PAGE_LIST = 20;

/** POST /api/admin/users/:userId/deactivate by the admin on their own account (400). */
export const SELF_DEACTIVATION_MESSAGE = 'You cannot deactivate your own account';

export interface UserStats {
  totalUsers: number;
  adminUsers: number;
  basicUsers: number;
}

/** The one page type (schemas/paging.ts), under the name the admin lists import. */
export type { Page } from './paging.ts';

export interface UsersPage extends Page<AdminUser> {
  stats: UserStats;
}

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

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;

/** ?page=&pageSize=&q= of the paginated admin lists. */
export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(maxPage(ADMIN_PAGE_SIZE), `page must be at most ${maxPage(ADMIN_PAGE_SIZE)}`)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, 'pageSize must be at least 1')
    .max(ADMIN_MAX_PAGE_SIZE, `pageSize must be at most ${ADMIN_MAX_PAGE_SIZE}`)
    .default(ADMIN_PAGE_SIZE),
  q: z.string().trim().max(254, 'Search text is too long').optional().default(''),
});
export type ListQuery = z.output<typeof listQuerySchema>;

/**
 * An admin list read by keyset (decision 236): ?after= / ?before= (a row's id) and no page cap with a
 * cursor (`page` then only names the page); without one, page numbers as listQuerySchema bounds them.
 */
export const keysetListShape = {
  ...listQuerySchema.shape,
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').default(1),
  ...cursorParams,
};
/** Without a cursor, `page` is bounded as in listQuerySchema; with one it only names the page. */
export function checkKeysetList(q: { page: number; after?: number; before?: number }, ctx: z.RefinementCtx): void {
  if (q.after !== undefined && q.before !== undefined) ctx.addIssue({ code: 'custom', path: ['before'], message: ONE_CURSOR_MESSAGE });
  const max = maxPage(ADMIN_PAGE_SIZE);
  if (q.after === undefined && q.before === undefined && q.page > max) ctx.addIssue({ code: 'custom', path: ['page'], message: `page must be at most ${max}` });
}
export const keysetListQuerySchema = z.object(keysetListShape).superRefine(checkKeysetList);

// ---- Voice-AI webhook (POST /api/callbacks/brightcall), as documented at /brightcalldocs ----

export const CALLBACK_REQUIRED_FIELDS = ['first_name', 'last_name', 'phone_number', 'transcript'] as const;
export const CALLBACK_OPTIONAL_FIELDS = ['call_id', 'call_outcome', 'state', 'callback_time', 'agent_id', 'lead_quality', 'interest_level'] as const;
/** The transcript column is TEXT on MariaDB (65,535 bytes). */
export const CALLBACK_TRANSCRIPT_MAX_BYTES = 65_535;

// ---- Lead import and assignment ----

export const LEAD_IMPORT_TARGETS = ['sale', 'assignment'] as const;
export type LeadImportTarget = (typeof LEAD_IMPORT_TARGETS)[number];
export const LEAD_KINDS = ['aged', 'fresh'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** Largest CSV accepted (bytes): 100,000 rows of a wide export fit comfortably. */
export const LEAD_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** Fields a CSV column can be mapped to, with the label shown on the mapping screen. */
export const LEAD_FIELDS = {
  name: 'Full name',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  state: 'State',
  zipCode: 'ZIP code',
  ageRange: 'Age range',
  ageDays: 'Lead age (days)',
  price: 'Price (USD)',
  formFillTime: 'Form fill time',
  recordingUrl: 'Recording URL',
  callDuration: 'Call duration (seconds)',
  consentSourceUrl: 'Consent source page URL',
  consentAt: 'Consent time',
  consentIp: 'Consent IP address',
  consentText: 'Consent text shown',
  certificateId: 'TrustedForm / Jornaya certificate',
  certificateClaimExpiresAt: 'Certificate claim expires',
} as const;
export type LeadField = keyof typeof LEAD_FIELDS;
export const LEAD_FIELD_NAMES = Object.keys(LEAD_FIELDS) as LeadField[];

/** Which fields each target uses (leads for sale carry price, age and recording; assigned leads do not). */
export const LEAD_FIELDS_BY_TARGET: Record<LeadImportTarget, readonly LeadField[]> = {
  sale: [
    'name',
    'firstName',
    'lastName',
    'phone',
    'email',
    'state',
    'zipCode',
    'ageRange',
    'ageDays',
    'price',
    'formFillTime',
    'recordingUrl',
    'callDuration',
    // The consent record (issue 19): kept on the lead for its compliance file.
    'consentSourceUrl',
    'consentAt',
    'consentIp',
    'consentText',
    'certificateId',
    'certificateClaimExpiresAt',
  ],
  assignment: ['name', 'firstName', 'lastName', 'phone', 'email', 'state', 'zipCode', 'ageRange', 'formFillTime'],
};

/** Column index (0-based) per field; null or absent means not mapped. */
export const columnMappingSchema = z.partialRecord(z.enum(LEAD_FIELD_NAMES as [LeadField, ...LeadField[]]), z.number().int().min(0).max(999).nullable());
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const startImportQuerySchema = z.object({
  target: z.enum(LEAD_IMPORT_TARGETS, { error: 'Choose whether the leads are for sale or for assignment' }),
  kind: z.enum(LEAD_KINDS, { error: 'Choose aged or fresh leads' }).optional(),
  filename: z.string().trim().max(255).optional().default('leads.csv'),
});

export const runImportSchema = z.object({
  mapping: columnMappingSchema,
  dryRun: z.boolean().optional().default(false),
});
export type RunImportInput = z.input<typeof runImportSchema>;

export interface LeadImportSummary {
  id: number;
  target: LeadImportTarget;
  kind: LeadKind | null;
  filename: string;
  sizeBytes: number;
  status: 'uploaded' | 'checked' | 'imported' | 'failed';
  totalRows: number;
  importedRows: number;
  rejectedRows: number;
  createdAt: string | null;
  completedAt: string | null;
  error: string | null;
}

export interface UploadedImport {
  import: LeadImportSummary;
  headers: string[];
  sample: string[][];
  suggestedMapping: ColumnMapping;
}

/**
 * Where an import's run stands: POST /api/admin/lead-imports/:id/run answers 202 at once and the run
 * is a background job; GET /api/admin/lead-imports/:id answers the latest of these as `progress`.
 */
export type ImportProgressEvent =
  | { type: 'queued' }
  | { type: 'progress'; rowsProcessed: number; bytesProcessed: number; totalBytes: number; rejectedRows: number }
  | { type: 'committing'; rowsProcessed: number; goodRows: number }
  | { type: 'done'; import: LeadImportSummary; errors: ImportRowError[] }
  | { type: 'error'; error: string };

export interface ImportRowError {
  row: number;
  reason: string;
}

export interface PoolLead extends LeadContact {
  id: number;
  assignedAgentId: number | null;
  assignedAgentEmail: string | null;
  assignedAt: string | null;
  createdAt: string | null;
}

export const poolQuerySchema = z
  .object({
    ...keysetListShape,
    status: z.enum(['unassigned', 'assigned', 'all']).optional().default('unassigned'),
  })
  .superRefine(checkKeysetList);

export const ASSIGN_MAX_LEADS = 500;
export const assignLeadsSchema = z.object({
  agentId: z.number({ error: 'Choose an agent' }).int().positive('Choose an agent'),
  leadIds: z
    .array(z.number().int().positive(), { error: 'Select at least one lead' })
    .min(1, 'Select at least one lead')
    .max(ASSIGN_MAX_LEADS, `Assign at most ${ASSIGN_MAX_LEADS} leads at a time`),
});
export type AssignLeadsInput = z.infer<typeof assignLeadsSchema>;

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

// ---------------------------------------------------------------------------------------------
// Lead tools (issue 26): take assigned leads back, delete unsold ones.

const leadIdList = (verb: string) =>
  z
    .array(z.number().int().positive(), { error: 'Select at least one lead' })
    .min(1, 'Select at least one lead')
    .max(ASSIGN_MAX_LEADS, `${verb} at most ${ASSIGN_MAX_LEADS} leads at a time`);

/** POST /api/admin/lead-pool/unassign: assigned pool leads go back to the pool (gone from the agent's My Leads). */
export const unassignLeadsSchema = z.object({ leadIds: leadIdList('Unassign') });
/** POST /api/admin/lead-pool/delete and /api/admin/leads/delete: leads nobody has (unassigned / unsold). */
export const deleteLeadsSchema = z.object({ leadIds: leadIdList('Delete') });
/** POST /api/admin/lead-pool/reassign: assigned pool leads move to another agent's My Leads (same shape as assign). */
export const reassignLeadsSchema = assignLeadsSchema;

/** GET /api/admin/leads: the leads of the shop (for sale, held, sold, blocked), to find and delete unsold ones. */
export const adminSaleLeadsQuerySchema = z
  .object({
    ...keysetListShape,
    status: z.enum(['unsold', 'sold', 'all'], { error: 'status must be unsold, sold or all' }).optional().default('unsold'),
  })
  .superRefine(checkKeysetList);

/** One lead of the shop as the admin sees it (contact details included). */
export interface AdminSaleLead {
  id: number;
  kind: 'aged' | 'fresh';
  name: string;
  phone: string | null;
  state: string;
  zipCode: string;
  ageDays: number;
  /** What the shop charges for it (its own price, else the catalogue default). */
  priceCents: number;
  status: string;
  timesSoldBefore: number;
  soldAt: string | null;
  buyerEmail: string | null;
  createdAt: string | null;
}

/** GET /api/admin/leads/inventory: leads for sale counted by state and by the shop's age bands, with prices. */
export interface LeadInventory {
  totals: { aged: number; fresh: number };
  byState: Array<{ state: string; aged: number; fresh: number }>;
  /** The aged-lead shop's bands (both ends included, so a lead 60 or 90 days old is in two), then the ages outside them. */
  byAge: Array<{ key: string; label: string; aged: number; fresh: number; priceCents: number | null }>;
  /** The price of a lead for sale one by one that has none of its own (Buy Aged Leads / Buy Leads). */
  defaultLeadPriceCents: number;
}
